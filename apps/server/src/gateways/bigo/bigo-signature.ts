import { createPrivateKey, createPublicKey, type KeyObject, randomBytes, sign, verify } from 'node:crypto';

/**
 * BIGO's server-side signature (open-platform access guide §3.1, DESIGN.md §8):
 * `bigo-oauth-signature = base64(sign(body + uri_path + timestamp))` with SHA-256, where
 * - RS256 is RSASSA-PKCS1-v1_5 and
 * - ES256 is ECDSA on P-256 in the IEEE-P1363 form (r‖s, 64 bytes), not DER: BIGO's published ES256 demo signs
 *   with pycryptodome's `DSS.new(key, 'fips-186-3')`, whose default output is that raw form.
 * `uri_path` is the path of the URL the request is sent to, exactly as the far end receives it. For the real API
 * (`https://oauth.bigolive.tv`) that is `/sign/agent/rs_recharge`; for the built-in simulator, whose base carries a
 * path, it is the full `/sandbox/bigo/sign/agent/rs_recharge`, so client and simulator follow one rule.
 * The simulator (packages/sandboxes) verifies with its own code; both are pinned to the vectors of BIGO's demos
 * (bigo-signature.vectors.test.ts), so neither can drift from BIGO.
 */

export type BigoSignAlg = 'RS256' | 'ES256';

export const BIGO_HEADERS = {
  clientId: 'bigo-client-id',
  timestamp: 'bigo-timestamp',
  signature: 'bigo-oauth-signature',
} as const;

export function signingInput(body: string, uriPath: string, timestamp: string): Buffer {
  return Buffer.from(`${body}${uriPath}${timestamp}`, 'utf8');
}

const dsaEncoding = (alg: BigoSignAlg) => (alg === 'ES256' ? 'ieee-p1363' : undefined);

export function signBigo(alg: BigoSignAlg, privateKey: KeyObject, input: Buffer): string {
  return sign('sha256', input, { key: privateKey, dsaEncoding: dsaEncoding(alg) }).toString('base64');
}

/** False for a wrong, malformed or missing signature; never throws. */
export function verifyBigo(
  alg: BigoSignAlg,
  publicKey: KeyObject,
  input: Buffer,
  signature: string,
): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify(
      'sha256',
      input,
      { key: publicKey, dsaEncoding: dsaEncoding(alg) },
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** The key type each algorithm needs; a mismatch would only show up as rejected calls, so check it up front. */
function checkKeyType(alg: BigoSignAlg, key: KeyObject): void {
  const ok =
    alg === 'RS256'
      ? key.asymmetricKeyType === 'rsa'
      : key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  if (!ok) {
    throw new Error(
      `BIGO key does not fit BIGO_SIGN_ALG=${alg} (${alg === 'RS256' ? 'an RSA key' : 'an EC P-256 key'} is needed)`,
    );
  }
}

/** Environment variables often carry a PEM on one line with literal `\n`. */
const unescapePem = (pem: string) => (pem.includes('\n') ? pem : pem.replaceAll('\\n', '\n')).trim();

/** Parses the PEM private key; the error never contains the key. */
export function loadPrivateKey(alg: BigoSignAlg, pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(unescapePem(pem));
  } catch {
    throw new Error('BIGO private key is not a readable PEM private key');
  }
  checkKeyType(alg, key);
  return key;
}

export function loadPublicKey(alg: BigoSignAlg, pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(unescapePem(pem));
  } catch {
    throw new Error('BIGO public key is not a readable PEM public key');
  }
  checkKeyType(alg, key);
  return key;
}

export const SEQID_RE = /^[0-9a-z]{13,32}$/;

/** A fresh seqid: milliseconds in base 36 (readable order in logs) plus 64 random bits, 24 chars of [0-9a-z]. */
export function newSeqid(): string {
  return `${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;
}
