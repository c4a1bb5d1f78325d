import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { openDataDir } from './infra/data-dir';
import { openDatabase } from './infra/db';
import { StartupError } from './infra/startup-error';
import { resealAll } from './key-rotation';

/**
 * `npm run rotate-keys` (issue #31): re-seals every value sealed at rest with the newest key of APP_SECRETS (or of
 * DATA_DIR/app-secret), so that the older keys can then be dropped. Same environment as `npm start`. What it
 * re-seals: two-factor secrets, refund bank details, and the sealed codes of sign-in-code e-mails still queued.
 * Hashed tokens cannot be re-hashed without the token: sessions are rewritten with the newest key when next used
 * (infra/auth.ts); e-mail codes and two-factor sign-in steps (minutes long) made with an older key are refused once
 * it is dropped, and the user asks again. docs/operations.md "Rotate keys" has the whole procedure.
 *
 *   npm run rotate-keys                 re-seal with the newest key
 *   npm run rotate-keys -- --new-key    generated keys only: add a new key on top of DATA_DIR/app-secret, then re-seal
 *
 * On the embedded database the server must be stopped (the database belongs to one process); on PostgreSQL it runs
 * beside the servers, once every one of them runs with the new key list.
 */

function fail(message: string, code = 2): never {
  process.stderr.write(`rotate-keys: ${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  const newKey = process.argv.includes('--new-key');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (newKey && config.appSecret) {
    fail(
      '--new-key adds to the generated keys of DATA_DIR; with APP_SECRETS, put the new key first there instead',
    );
  }
  if (newKey) {
    const file = `${config.dataDir}/app-secret`;
    const existing = await fs.readFile(file, 'utf8').catch(() => '');
    await fs.writeFile(file, `${randomBytes(32).toString('hex')}\n${existing}`, { mode: 0o600 });
    process.stdout.write(`rotate-keys: a new key is now the first line of ${file}\n`);
  }
  try {
    const dataDir = await openDataDir(config);
    try {
      const database = await openDatabase(config.database);
      try {
        const reports = await resealAll(database.db, dataDir.secret);
        for (const r of reports) {
          process.stdout.write(
            `rotate-keys: ${r.what}: ${r.resealed} re-sealed with the newest key${r.unreadable ? `, ${r.unreadable} UNREADABLE with every key given (left as they are)` : ''}\n`,
          );
        }
        process.stdout.write(
          `rotate-keys: done with ${dataDir.keys.length} key(s). Sessions move to the newest key when next used; drop the older keys when you are ready (docs/operations.md).\n`,
        );
        if (reports.some((r) => r.unreadable > 0)) process.exitCode = 1;
      } finally {
        await database.close();
      }
    } finally {
      await dataDir.release();
    }
  } catch (err) {
    if (err instanceof StartupError) fail(err.message);
    throw err;
  }
}

void main();
