import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * The embedded database's memory (issue #12: an idle embedded server held 905 MB). Three things held it:
 *
 * - The first start creates the database: PGlite runs initdb in a second WebAssembly instance and boots a third
 *   Postgres to bootstrap it, and none of their memory (about 450 MB) is given back to the system afterwards. The
 *   database is therefore created by a short-lived child process, whose memory all goes back when it exits: the
 *   server opens a database that exists, as on every later start.
 * - Postgres's shared_buffers is 128 MB by default; in PGlite that is WebAssembly memory, resident once touched and
 *   never returned. The embedded database is one shop's: SHARED_BUFFERS is plenty for its working set, and the
 *   data files it reads beyond that come from the operating system's page cache.
 * - V8 compiles Postgres's WebAssembly twice: at once with its baseline compiler (Liftoff), then its hot functions
 *   again with the optimising one (TurboFan), whose work memory (about 60 MB once the database has been used for a
 *   while) the allocator keeps. Liftoff's code alone serves the shop's statements at the same cost per order commit
 *   (`npm run bench`, within its noise), so the optimising tier is switched off for it (baselineWasmOnly).
 */

export const SHARED_BUFFERS = '32MB';

/**
 * Compiles WebAssembly with the baseline compiler only, from now on in this process (V8's `--liftoff-only`; PGlite's
 * Postgres is the process's only WebAssembly). Called before the embedded database is first opened.
 */
export function baselineWasmOnly(): void {
  v8.setFlagsFromString('--liftoff-only');
}

/** Start parameters of every embedded database: PGlite's own (`PGlite.defaultStartParams`), with the smaller pool. */
export function pgliteStartParams(defaults: readonly string[]): string[] {
  return [...defaults, '-c', `shared_buffers=${SHARED_BUFFERS}`];
}

/** The child process: creates the database in `dir` (initdb and its bootstrap) and exits. CommonJS, no TypeScript. */
const CREATE_IN_CHILD = `
const [entry, dir, startParams] = process.argv.slice(1);
const { PGlite } = require(entry);
(async () => {
  const db = new PGlite(dir, { startParams: JSON.parse(startParams) });
  await db.waitReady;
  await db.close();
})().catch((err) => {
  process.stderr.write(String((err && err.message) || err));
  process.exit(1);
});
`;

/**
 * Creates the embedded database in `dir` when it does not exist yet (no PG_VERSION), in a child process whose memory
 * goes back to the system when it ends (a worker thread's would not all: the allocator keeps it). Does nothing for a
 * database that exists.
 */
export async function createPgliteDataDir(dir: string, startParams: readonly string[]): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--liftoff-only', '-e', CREATE_IN_CHILD, entry, dir, JSON.stringify(startParams)],
      { env: process.env, timeout: 10 * 60_000, maxBuffer: 1024 * 1024 },
      (err, _stdout, stderr) => {
        if (err) reject(new Error(stderr.trim() || err.message));
        else resolve();
      },
    );
  });
}
