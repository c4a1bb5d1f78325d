import { execFile } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import * as tar from 'tar';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  commandFailure,
  decryptKeys,
  FILES,
  keyFingerprint,
  loud,
  pgConnection,
} from './backup-archive';
import { type Config, ConfigError, loadConfig } from './config';
import { loadPgliteFiles, redactUrl } from './infra/db';

/**
 * `npm run restore -- FILE` (issue #31): puts a backup of `npm run backup` back into an empty DATA_DIR (embedded) or
 * an empty PostgreSQL database (DATABASE_URL), with the same environment as `npm start`, and refuses anything that
 * is not empty. Then `npm start` runs on it (migrations bring an older backup's schema up to date).
 *
 * The key: a backup that carries the generated keys (encrypted) needs BACKUP_PASSPHRASE and writes them to
 * DATA_DIR/app-secret; with APP_SECRET(S) set, those must be the backup's keys (checked by fingerprint). A backup
 * without its key is refused unless `--without-key` says to go on: its sealed data (two-factor secrets, refund bank
 * details) stays unreadable and every session is dead, as the command then says loudly.
 * Exit codes: 0 restored, 1 failed or refused, 2 bad configuration or usage.
 */
const run = promisify(execFile);

// Typed where declared, so that TypeScript reads a call as the end of the path.
const fail: (message: string, code?: number) => never = commandFailure('restore');

async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await fs.readdir(dir)).length === 0;
}

/** Refuses a target that holds anything: a restore never merges into or overwrites a live site. */
async function checkEmpty(config: Config): Promise<void> {
  const dataDir = config.dataDir;
  for (const sub of ['uploads', 'pg']) {
    if (!(await isEmptyDir(path.join(dataDir, sub)))) {
      fail(`DATA_DIR ${dataDir} is not empty (${sub}/ holds files): restore only into an empty one`);
    }
  }
  if (existsSync(path.join(dataDir, 'pg.lock')))
    fail(`DATA_DIR ${dataDir} is in use (pg.lock): stop the server`);
  if (config.database.kind !== 'postgres') return;
  const client = new pg.Client({ connectionString: config.database.url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      fail(`the database ${redactUrl(config.database.url)} is not empty: restore only into an empty one`);
    }
  } catch (err) {
    fail(`the database ${redactUrl(config.database.url)} cannot be read: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The keys the restored site will use, written to DATA_DIR/app-secret when they come from the backup. */
async function restoreKeys(config: Config, manifest: BackupManifest, stage: string): Promise<string> {
  const withoutKey = process.argv.includes('--without-key');
  const environment = config.appSecret ? [config.appSecret, ...config.olderAppSecrets] : undefined;
  const wanted = manifest.key.fingerprints;
  if (environment) {
    const given = new Set(environment.map(keyFingerprint));
    if (wanted[0] === undefined || given.has(wanted[0])) return 'the keys of APP_SECRET(S)';
    if (!withoutKey) {
      fail(
        'APP_SECRET(S) is not the key this backup was taken with (fingerprints differ): set the right key, or pass --without-key to restore without it',
      );
    }
    return 'NOT the backup key (--without-key)';
  }
  if (manifest.key.included) {
    if (!config.backupPassphrase) fail('this backup carries its key encrypted: set BACKUP_PASSPHRASE');
    const keys = decryptKeys(await fs.readFile(path.join(stage, FILES.key), 'utf8'), config.backupPassphrase);
    if (!keys) fail('BACKUP_PASSPHRASE does not open the key in this backup');
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(path.join(config.dataDir, 'app-secret'), `${keys.join('\n')}\n`, { mode: 0o600 });
    return 'the key carried in the backup, written to DATA_DIR/app-secret';
  }
  const placed = path.join(config.dataDir, 'app-secret');
  if (existsSync(placed)) {
    const [newest] = (await fs.readFile(placed, 'utf8')).split('\n').filter((l) => l.trim().length >= 32);
    if (newest && keyFingerprint(newest.trim()) === wanted[0]) return 'the key found in DATA_DIR/app-secret';
    if (!withoutKey) fail(`${placed} is not the key this backup was taken with (fingerprints differ)`);
  }
  if (!withoutKey) {
    fail(
      'this backup does not carry its key: set APP_SECRET(S) to the key it was taken with (or put that key in DATA_DIR/app-secret), or pass --without-key',
    );
  }
  return 'NONE (--without-key)';
}

async function main(): Promise<void> {
  const source = process.argv[2];
  if (!source || source.startsWith('-')) fail('usage: npm run restore -- FILE [--without-key]', 2);
  const file = path.resolve(source);
  if (!existsSync(file)) fail(`${file} does not exist`, 2);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    throw err;
  }
  if (config.database.kind === 'memory') fail('DATABASE_URL=memory:// cannot hold a restore', 2);
  await checkEmpty(config);

  const stage = await fs.mkdtemp(path.join(tmpdir(), 'ezr-restore-'));
  try {
    await tar.extract({ file, cwd: stage });
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await fs.readFile(path.join(stage, FILES.manifest), 'utf8')) as BackupManifest;
    } catch {
      fail(`${file} is not a backup of npm run backup (no manifest)`);
    }
    if (manifest.format !== BACKUP_FORMAT) fail(`${file} is not a backup of npm run backup`);
    const target = config.database.kind === 'postgres' ? 'postgres' : 'embedded';
    if (manifest.database !== target) {
      fail(
        `this is a backup of the ${manifest.database} database; the configuration names the ${target} one`,
      );
    }
    // The key first: a restore refused for its key leaves the target as empty as it was.
    const keys = await restoreKeys(config, manifest, stage);

    if (config.database.kind === 'postgres') {
      const { dbname, env } = pgConnection(config.database.url);
      try {
        await run(
          'pg_restore',
          [
            '--no-owner',
            '--no-privileges',
            '--exit-on-error',
            `--dbname=${dbname}`,
            path.join(stage, FILES.pgdump),
          ],
          { env },
        );
      } catch (err) {
        fail(`pg_restore failed: ${(err as { stderr?: string }).stderr?.trim() || String(err)}`);
      }
    } else if (config.database.kind === 'pglite') {
      await fs.mkdir(config.database.dir, { recursive: true });
      await loadPgliteFiles(config.database.dir, await fs.readFile(path.join(stage, FILES.pglite)));
    }
    const uploads = path.join(stage, FILES.uploads);
    if (existsSync(uploads)) {
      await fs.cp(uploads, path.join(config.dataDir, 'uploads'), { recursive: true });
    }
    process.stdout.write(
      `restore: ${file} (taken ${manifest.createdAt}, version ${manifest.appVersion}) restored: ${manifest.database} database, ${manifest.uploads} upload(s); keys: ${keys}. Start the shop with npm start.\n`,
    );
    if (keys.startsWith('NO')) {
      process.stderr.write(
        loud([
          'RESTORED WITHOUT THE KEY this backup was sealed with: two-factor secrets and refund bank details',
          'cannot be read (superusers enrol again: see README "Lost phone"), every session is signed out.',
        ]),
      );
    }
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
});
