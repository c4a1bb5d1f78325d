import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { keyedHash, keysOf } from './tokens';

/**
 * Data kept sealed at rest: AES-256-GCM with a key derived from APP_SECRET for one purpose, a random 96-bit IV per
 * value, the tag checked on opening. A copy of the database alone reveals nothing; a value sealed for one purpose
 * does not open under another. Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 *
 * Key rotation (APP_SECRETS, issue #31): `seal` always uses the secret it is given, the newest key; `unseal` tries
 * that key, then the older keys of its ring (tokens.ts registerKeyRing), so data sealed before a rotation stays
 * readable and is sealed with the newest key when next written, or at once by `npm run rotate-keys`.
 */

function keyFor(secret: string, purpose: string): Buffer {
  return createHash('sha256')
    .update(keyedHash(secret, purpose, 'sealed-at-rest'), 'hex')
    .digest();
}

export function seal(secret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text, or null for anything that is not a value sealed with a key of this secret's ring and purpose. */
export function unseal(secret: string, purpose: string, sealed: string): string | null {
  for (const key of keysOf(secret)) {
    const plain = unsealWith(key, purpose, sealed);
    if (plain !== null) return plain;
  }
  return null;
}

function unsealWith(secret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
