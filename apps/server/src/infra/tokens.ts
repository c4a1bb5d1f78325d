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

/**
 * Key rotation (APP_SECRETS, issue #31). The modules receive one secret, the newest key; the older keys that must
 * still be read with it are registered here once at start (core.ts), found by that newest key, so every module that
 * unseals or checks a hash accepts data made with an older key without being told of rotation.
 */
const olderKeys = new Map<string, readonly string[]>();

/** Registers a ring of keys, newest first; returns the newest (the one to write with). */
export function registerKeyRing(keys: readonly string[]): string {
  const [newest, ...older] = keys;
  if (!newest) throw new Error('a key ring needs at least one key');
  olderKeys.set(newest, older);
  return newest;
}

/** The secret, then the older keys of its ring (if it is the newest of one). */
export function keysOf(secret: string): readonly string[] {
  return [secret, ...(olderKeys.get(secret) ?? [])];
}

/** keyedHash under every key of the secret's ring, newest first (to look up a token stored before a rotation). */
export function keyedHashes(secret: string, value: string, purpose: string): string[] {
  return keysOf(secret).map((key) => keyedHash(key, value, purpose));
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
