import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  loadPrivateKey,
  loadPublicKey,
  newSeqid,
  SEQID_RE,
  signBigo,
  signingInput,
  verifyBigo,
} from './bigo-signature';

const pems = (pair: { privateKey: KeyObject; publicKey: KeyObject }) => ({
  privatePem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  publicPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
});

const rsa = pems(generateKeyPairSync('rsa', { modulusLength: 2048 }));
const ec = pems(generateKeyPairSync('ec', { namedCurve: 'P-256' }));

const body = '{"recharge_bigoid":"52900149","seqid":"83jyhm2784089j"}';
const path = '/sign/agent/recharge_pre_check';
const ts = '1688701573';

describe.each([
  ['RS256', rsa, 256],
  ['ES256', ec, 64],
] as const)('%s signature', (alg, keys, signatureBytes) => {
  const privateKey = loadPrivateKey(alg, keys.privatePem);
  const publicKey = loadPublicKey(alg, keys.publicPem);
  const signature = signBigo(alg, privateKey, signingInput(body, path, ts));

  it('verifies with the matching public key', () => {
    expect(verifyBigo(alg, publicKey, signingInput(body, path, ts), signature)).toBe(true);
    expect(Buffer.from(signature, 'base64')).toHaveLength(signatureBytes);
  });

  it('fails when the body, the path or the timestamp differ', () => {
    expect(verifyBigo(alg, publicKey, signingInput(`${body} `, path, ts), signature)).toBe(false);
    expect(verifyBigo(alg, publicKey, signingInput(body, `/sandbox/bigo${path}`, ts), signature)).toBe(false);
    expect(verifyBigo(alg, publicKey, signingInput(body, path, String(Number(ts) + 1)), signature)).toBe(
      false,
    );
  });

  it('refuses garbage and another key without throwing', () => {
    expect(verifyBigo(alg, publicKey, signingInput(body, path, ts), 'not base64!')).toBe(false);
    expect(verifyBigo(alg, publicKey, signingInput(body, path, ts), '')).toBe(false);
    const other = pems(
      alg === 'RS256'
        ? generateKeyPairSync('rsa', { modulusLength: 2048 })
        : generateKeyPairSync('ec', { namedCurve: 'P-256' }),
    );
    expect(
      verifyBigo(alg, loadPublicKey(alg, other.publicPem), signingInput(body, path, ts), signature),
    ).toBe(false);
  });

  it('signs the string body + path + timestamp, as BIGO documents', () => {
    expect(signingInput(body, path, ts).toString('utf8')).toBe(`${body}${path}${ts}`);
  });
});

describe('ES256 encoding', () => {
  it('is raw r||s (IEEE-P1363, as in BIGO demo), so a DER signature is refused', () => {
    const input = signingInput(body, path, ts);
    const der = sign('sha256', input, { key: loadPrivateKey('ES256', ec.privatePem), dsaEncoding: 'der' });
    expect(verifyBigo('ES256', loadPublicKey('ES256', ec.publicPem), input, der.toString('base64'))).toBe(
      false,
    );
  });
});

describe('keys', () => {
  it('refuses a key of the wrong kind for the algorithm, without echoing the key', () => {
    expect(() => loadPrivateKey('ES256', rsa.privatePem)).toThrow(/EC P-256 key is needed/);
    expect(() => loadPrivateKey('RS256', ec.privatePem)).toThrow(/RSA key is needed/);
    let message = '';
    try {
      loadPrivateKey('RS256', 'not-a-pem-secret-value');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/not a readable PEM/);
    expect(message).not.toContain('secret-value');
  });

  it('reads a PEM written on one line with literal \\n, as environment variables carry it', () => {
    const oneLine = ec.privatePem.trim().replaceAll('\n', '\\n');
    const key = loadPrivateKey('ES256', oneLine);
    const input = signingInput(body, path, ts);
    expect(
      verifyBigo('ES256', loadPublicKey('ES256', ec.publicPem), input, signBigo('ES256', key, input)),
    ).toBe(true);
  });
});

describe('seqid', () => {
  it('is 13-32 chars of [0-9a-z] and unique per request', () => {
    const ids = Array.from({ length: 1000 }, newSeqid);
    for (const id of ids) expect(id).toMatch(SEQID_RE);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
