import bigo from '@ezrecharge/vendor-vectors/bigo.json' with { type: 'json' };
import { text } from '@ezrecharge/vendor-vectors/rows';
import stripe from '@ezrecharge/vendor-vectors/stripe.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { readPublicKey, signedText, verifyBigoSignature } from '../src/bigo-signature';
import { webhookSignatureHeader } from '../src/stripe-wire';

/**
 * The sandboxes against the vendors' own code, as the shop's clients are (packages/vendor-vectors/README.md names
 * each vector's source): the BIGO simulator must accept what BIGO's demos sign and refuse what their verifier
 * refuses; the Stripe sandbox must sign a webhook exactly as the stripe SDK's test helper does. Fiuu's vectors are
 * in fiuu-sandbox tests beside the Fiuu formulas.
 */

type Fields = Record<string, unknown>;
const ofKind = <V extends { kind: string }>(list: readonly V[], kind: string) =>
  list.filter((v) => v.kind === kind).map((v) => [(v as V & { name: string }).name, v] as const);

describe('BIGO simulator: signatures from BIGO’s demos', () => {
  it.each(ofKind(bigo, 'bigo.rs256.request'))('%s', (_name, v) => {
    const input = v.input as Fields;
    const output = v.output as Fields;
    const key = readPublicKey('RS256', text(input.publicKeyPem));
    const signed = signedText(text(input.body), text(input.uri), String(input.timestamp));
    expect(verifyBigoSignature('RS256', key, signed, text(output.signatureBase64))).toBe(true);
  });

  it.each(ofKind(bigo, 'bigo.rs256.verdict'))('%s', (_name, v) => {
    const input = v.input as Fields;
    const output = v.output as Fields;
    const key = readPublicKey('RS256', text(input.publicKeyPem));
    const signed = Buffer.from(text(input.signedString), 'utf8');
    expect(verifyBigoSignature('RS256', key, signed, text(input.signatureBase64))).toBe(output.demoVerified);
  });

  it.each(ofKind(bigo, 'bigo.es256.request'))('%s', (_name, v) => {
    const input = v.input as Fields;
    const output = v.output as Fields;
    const key = readPublicKey('ES256', text(input.publicKeyPem));
    const signed = signedText(text(input.body), text(input.uri), String(input.timestamp));
    expect(verifyBigoSignature('ES256', key, signed, text(output.signatureBase64))).toBe(true);
    expect(verifyBigoSignature('ES256', key, signed, text(output.derBase64))).toBe(false);
  });
});

describe('Stripe sandbox: webhook signatures as the stripe SDK makes them', () => {
  it.each(ofKind(stripe, 'stripe.webhook.signature'))('%s', (_name, v) => {
    const input = v.input as Fields;
    const output = v.output as Fields;
    expect(webhookSignatureHeader(text(input.payload), text(input.secret), Number(input.timestamp))).toBe(
      output.header,
    );
  });
});
