import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { BigoSignAlg } from './sandbox-options';

/**
 * How BIGO checks a signed call, written from BIGO's open-platform access guide
 * (github.com/yothen/Bigo-Open-Api, BIGOLIVEOpenPlatformAccessGuide_forserver.md) §3 "Server-side Signature
 * Authentication" and its demos (demo/rs256_sign_req.py, demo/es256_sign_req.py; the root commit's
 * demo/encrypy_data.py):
 * - the signed text is `body + uri + timestamp` (§4.0 "msg_before_sign", the demos' `request + uri + str(timestamp)`),
 *   UTF-8, hashed with SHA-256;
 * - RS256 is PKCS#1 v1.5 (pycryptodome `PKCS1_v1_5`); ES256 is ECDSA P-256 with pycryptodome's
 *   `DSS.new(key, 'fips-186-3')`, whose signature is the raw r‖s (64 bytes), not DER;
 * - `bigo-oauth-signature` is the base64 of the signature; `bigo-timestamp` is in seconds (§3.1.3).
 * `uri` is the path the request was sent to, as the receiver sees it (for the simulator, with its prefix).
 */

export const BIGO_HEADERS = {
  clientId: 'bigo-client-id',
  timestamp: 'bigo-timestamp',
  signature: 'bigo-oauth-signature',
} as const;

export function signedText(body: string, uriPath: string, timestamp: string): Buffer {
  return Buffer.from(`${body}${uriPath}${timestamp}`, 'utf8');
}

/** True only for a valid signature by `publicKey`; false for a wrong, malformed or missing one. */
export function verifyBigoSignature(
  alg: BigoSignAlg,
  publicKey: KeyObject,
  text: Buffer,
  signature: string,
): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  const raw = Buffer.from(signature, 'base64');
  // r‖s of P-256 is exactly 64 bytes; a DER signature (what OpenSSL emits by default) is not accepted.
  if (alg === 'ES256' && raw.length !== 64) return false;
  try {
    return verify(
      'sha256',
      text,
      alg === 'ES256' ? { key: publicKey, dsaEncoding: 'ieee-p1363' } : { key: publicKey },
      raw,
    );
  } catch {
    return false;
  }
}

/** The registered public key (PEM; `\n` written literally is accepted), checked against the algorithm. */
export function readPublicKey(alg: BigoSignAlg, pem: string): KeyObject {
  const text = (pem.includes('\n') ? pem : pem.replaceAll('\\n', '\n')).trim();
  let key: KeyObject;
  try {
    key = createPublicKey(text);
  } catch {
    throw new Error('The BIGO simulator was given a public key that is not a readable PEM public key');
  }
  const fits =
    alg === 'RS256'
      ? key.asymmetricKeyType === 'rsa'
      : key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  if (!fits) throw new Error(`The BIGO simulator's public key does not fit ${alg}`);
  return key;
}
