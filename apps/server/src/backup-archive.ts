import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { keyedHash } from './infra/tokens';

/**
 * The backup file of `npm run backup` / `npm run restore` (issue #31): a gzipped tar holding
 *
 *   manifest.json            what is inside (this file's BackupManifest)
 *   database.pgdump          PostgreSQL: pg_dump's custom format          } one of the two
 *   database.pglite.tar.gz   embedded: PGlite's data files (dumpDataDir)   }
 *   uploads/…                DATA_DIR/uploads as it was
 *   app-secret.enc           the generated keys, encrypted with BACKUP_PASSPHRASE (only when both exist)
 *
 * The keys never travel in clear: without BACKUP_PASSPHRASE, or when they come from APP_SECRET(S), the backup
 * carries only their fingerprints (so a restore can tell whether the key it is given is the right one) and both
 * commands say loudly that the key must come from elsewhere.
 */

export const BACKUP_FORMAT = 'ezrecharge-backup';
export const BACKUP_VERSION = 1;
export const FILES = {
  manifest: 'manifest.json',
  pgdump: 'database.pgdump',
  pglite: 'database.pglite.tar.gz',
  uploads: 'uploads',
  key: 'app-secret.enc',
} as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  appVersion: string;
  database: 'embedded' | 'postgres';
  uploads: number;
  key: {
    /** Where the site's keys came from: generated into DATA_DIR/app-secret, or APP_SECRET(S). */
    source: 'generated' | 'environment';
    /** app-secret.enc is in the backup. */
    included: boolean;
    /** Fingerprints of the keys, newest first: a keyed hash of a fixed text, which reveals nothing of the key. */
    fingerprints: string[];
  };
}

export function keyFingerprint(key: string): string {
  return keyedHash(key, 'ezrecharge', 'key-fingerprint').slice(0, 16);
}

/** scrypt's cost: about 0.1 s and 32 MiB here, once per backup or restore. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

interface SealedKeys {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

export function encryptKeys(keys: readonly string[], passphrase: string): string {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = scryptSync(passphrase, salt, 32, SCRYPT);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(keys.join('\n'), 'utf8'), cipher.final()]);
  const sealed: SealedKeys = {
    kdf: 'scrypt',
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  return JSON.stringify(sealed);
}

/** The keys, or null when the passphrase is wrong (or the file damaged). */
export function decryptKeys(text: string, passphrase: string): string[] | null {
  try {
    const sealed = JSON.parse(text) as SealedKeys;
    const key = scryptSync(passphrase, Buffer.from(sealed.salt, 'base64'), 32, {
      N: sealed.N,
      r: sealed.r,
      p: sealed.p,
      maxmem: SCRYPT.maxmem,
    });
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
    return plain.toString('utf8').split('\n').filter(Boolean);
  } catch {
    return null;
  }
}

/** The end of the `command` (backup, restore) with `message` on stderr and exit `code` (2: configuration, usage). */
export function commandFailure(command: string): (message: string, code?: number) => never {
  return (message, code = 1) => {
    process.stderr.write(`${command}: ${message}\n`);
    process.exit(code);
  };
}

/** A notice meant to be seen: framed, on stderr. */
export function loud(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '!'.repeat(width + 4);
  return [bar, ...lines.map((l) => `! ${l.padEnd(width)} !`), bar, ''].join('\n');
}

/**
 * How pg_dump and pg_restore are pointed at DATABASE_URL: the URL without its password (argv is visible to every
 * user of the machine) and the password in PGPASSWORD.
 */
export function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}
