import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque random token (256 bits, URL-safe): sessions and one-time links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Keyed hash of a token or code for storage. With APP_SECRET as the key, a copy of the database alone is not
 * enough to use or brute-force what it stores (a 6-digit code is guessable by plain SHA-256).
 */
export function keyedHash(secret: string, value: string, purpose: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
