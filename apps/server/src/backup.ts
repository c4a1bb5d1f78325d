import { execFile } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  commandFailure,
  encryptKeys,
  FILES,
  keyFingerprint,
  loud,
  pgConnection,
} from './backup-archive';
import { type Config, ConfigError, loadConfig } from './config';
import { requestDump } from './infra/control-socket';
import { openDataDir, readOrCreateSecret } from './infra/data-dir';
import { openDatabase, redactUrl } from './infra/db';
import { StartupError } from './infra/startup-error';

/**
 * `npm run backup -- FILE` (issue #31): one file with a consistent snapshot of the database and the uploads, and
 * the generated keys encrypted with BACKUP_PASSPHRASE when there are both (backup-archive.ts). Same environment as
 * `npm start`; runs while the shop runs:
 *
 * - PostgreSQL: `pg_dump --format=custom` (one transaction's snapshot), from the PATH's pg_dump, which must be of
 *   the server's major version or newer.
 * - Embedded: the running server dumps its database files (its query lock held: a consistent copy) over the
 *   socket in DATA_DIR; with no server running, this command opens the database itself.
 *
 * The database is copied before the uploads, so every upload an order or profile names is in the copy.
 * Exit codes: 0 written, 1 failed, 2 bad configuration.
 */
const run = promisify(execFile);

// Typed where declared, so that TypeScript reads a call as the end of the path.
const fail: (message: string, code?: number) => never = commandFailure('backup');

async function embeddedFiles(config: Config): Promise<Uint8Array> {
  const fromServer = await requestDump(config.dataDir);
  if (fromServer) return fromServer;
  // No server on this DATA_DIR: open the database here (its lock taken like a server's, so none starts meanwhile).
  const dataDir = await openDataDir(config);
  try {
    const database = await openDatabase(config.database);
    try {
      if (!database.dumpFiles) throw new Error('the embedded database cannot be dumped');
      return await database.dumpFiles();
    } finally {
      await database.close();
    }
  } finally {
    await dataDir.release();
  }
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target || target.startsWith('-')) fail('usage: npm run backup -- FILE', 2);
  const file = path.resolve(target);
  if (existsSync(file)) fail(`${file} exists: choose a new file name`, 2);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    throw err;
  }
  if (config.database.kind === 'memory') fail('DATABASE_URL=memory:// holds nothing to back up', 2);

  const stage = await fs.mkdtemp(path.join(tmpdir(), 'ezr-backup-'));
  try {
    const entries: string[] = [FILES.manifest];
    if (config.database.kind === 'postgres') {
      const { dbname, env } = pgConnection(config.database.url);
      try {
        await run(
          'pg_dump',
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--file=${path.join(stage, FILES.pgdump)}`,
            dbname,
          ],
          { env },
        );
      } catch (err) {
        const detail = (err as { stderr?: string }).stderr?.trim() || String(err);
        fail(`pg_dump of ${redactUrl(config.database.url)} failed: ${detail}`);
      }
      entries.push(FILES.pgdump);
    } else {
      await fs.writeFile(path.join(stage, FILES.pglite), await embeddedFiles(config));
      entries.push(FILES.pglite);
    }

    const uploads = path.join(config.dataDir, 'uploads');
    if (existsSync(uploads)) {
      await fs.cp(uploads, path.join(stage, FILES.uploads), { recursive: true });
      entries.push(FILES.uploads);
    }

    const environmentKeys = config.appSecret ? [config.appSecret, ...config.olderAppSecrets] : undefined;
    const generatedFile = path.join(config.dataDir, 'app-secret');
    const keys =
      environmentKeys ?? (existsSync(generatedFile) ? await readOrCreateSecret(generatedFile) : []);
    const included = !environmentKeys && keys.length > 0 && config.backupPassphrase !== undefined;
    if (included && config.backupPassphrase) {
      await fs.writeFile(path.join(stage, FILES.key), encryptKeys(keys, config.backupPassphrase));
      entries.push(FILES.key);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: config.version,
      database: config.database.kind === 'postgres' ? 'postgres' : 'embedded',
      uploads: await countFiles(path.join(stage, FILES.uploads)),
      key: {
        source: environmentKeys ? 'environment' : 'generated',
        included,
        fingerprints: keys.map(keyFingerprint),
      },
    };
    await fs.writeFile(path.join(stage, FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ gzip: true, file, cwd: stage, portable: true }, entries);
    await fs.chmod(file, 0o600);

    const size = (await fs.stat(file)).size;
    process.stdout.write(
      `backup: wrote ${file} (${(size / 1024).toFixed(0)} KiB): ${manifest.database} database, ${manifest.uploads} upload(s)${included ? ', the keys encrypted with BACKUP_PASSPHRASE' : ''}\n`,
    );
    if (!included) {
      process.stderr.write(
        loud(
          [
            'THIS BACKUP DOES NOT CONTAIN THE KEY its sealed data needs (two-factor secrets, refund bank details)',
            environmentKeys
              ? 'and its sessions. The keys are APP_SECRET(S): keep them safe apart from this file; restore needs them.'
              : 'and its sessions. Set BACKUP_PASSPHRASE to carry the generated key, encrypted, in the backup,',
            environmentKeys ? '' : `or keep a copy of ${generatedFile} safe apart from this file.`,
          ].filter(Boolean),
        ),
      );
    }
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  if (err instanceof StartupError) fail(err.message);
  fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
});
