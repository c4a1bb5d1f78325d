import vectors from '@ezrecharge/vendor-vectors/bigo.json' with { type: 'json' };
import { text } from '@ezrecharge/vendor-vectors/rows';
import { describe, expect, it } from 'vitest';
import { loadPrivateKey, loadPublicKey, signBigo, signingInput, verifyBigo } from './bigo-signature';

/**
 * Our BIGO signing against vectors computed with BIGO's own published demos (github.com/yothen/Bigo-Open-Api:
 * demo/encrypy_data.py of root commit e915fac, demo/rs256_sign_req.py and demo/es256_sign_req.py), run with
 * pycryptodome; each vector's `source` names the file and commit (packages/vendor-vectors/README.md).
 */

type Vector = (typeof vectors)[number];
const ofKind = (kind: string) => vectors.filter((v: Vector) => v.kind === kind);

describe('BIGO RS256 signatures match BIGO’s demo byte for byte', () => {
  it.each(ofKind('bigo.rs256.demo').map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const input = v.input as Record<string, unknown>;
    const output = v.output as Record<string, unknown>;
    const key = loadPrivateKey('RS256', text(input.privateKeyPem));
    expect(signBigo('RS256', key, Buffer.from(text(input.signedString), 'utf8'))).toBe(
      output.signatureBase64,
    );
  });

  it.each(ofKind('bigo.rs256.request').map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const input = v.input as Record<string, unknown>;
    const output = v.output as Record<string, unknown>;
    const key = loadPrivateKey('RS256', text(input.privateKeyPem));
    const signed = signingInput(text(input.body), text(input.uri), String(input.timestamp));
    expect(signBigo('RS256', key, signed)).toBe(output.signatureBase64);
    expect(
      verifyBigo(
        'RS256',
        loadPublicKey('RS256', text(input.publicKeyPem)),
        signed,
        text(output.signatureBase64),
      ),
    ).toBe(true);
  });

  it.each(ofKind('bigo.rs256.verdict').map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const input = v.input as Record<string, unknown>;
    const output = v.output as Record<string, unknown>;
    const key = loadPublicKey('RS256', text(input.publicKeyPem));
    const signed = Buffer.from(text(input.signedString), 'utf8');
    expect(verifyBigo('RS256', key, signed, text(input.signatureBase64))).toBe(output.demoVerified);
  });
});

describe('BIGO ES256 signatures are the raw r||s form BIGO’s demo makes and verifies', () => {
  it.each(ofKind('bigo.es256.request').map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const input = v.input as Record<string, unknown>;
    const output = v.output as Record<string, unknown>;
    const publicKey = loadPublicKey('ES256', text(input.publicKeyPem));
    const signed = signingInput(text(input.body), text(input.uri), String(input.timestamp));
    // The demo's own (random) signature verifies with our code…
    expect(verifyBigo('ES256', publicKey, signed, text(output.signatureBase64))).toBe(true);
    // …its DER re-encoding does not: BIGO takes the raw 64-byte form.
    expect(verifyBigo('ES256', publicKey, signed, text(output.derBase64))).toBe(false);
    // …and ours, with the demo's key, is the same 64-byte form and verifies.
    const ours = signBigo('ES256', loadPrivateKey('ES256', text(input.privateKeyPem)), signed);
    expect(Buffer.from(ours, 'base64')).toHaveLength(64);
    expect(verifyBigo('ES256', publicKey, signed, ours)).toBe(true);
  });
});
