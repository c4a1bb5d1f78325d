import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { StartupError } from './startup-error';
import { registerKeyRing } from './tokens';

/**
 * DATA_DIR holds the embedded database, uploads, the mail outbox and the generated APP_SECRET.
 * PGlite has no lock of its own, and two processes writing one PGlite folder corrupt it, so a process that
 * uses the embedded database holds `DATA_DIR/pg.lock` (its pid) for as long as it runs.
 */
export interface DataDir {
  root: string;
  uploads: string;
  outbox: string;
  /** The newest key: what everything is sealed and hashed with from now on. */
  secret: string;
  /** Every key, newest first (APP_SECRETS, or the lines of DATA_DIR/app-secret); older ones are only read. */
  keys: readonly string[];
  /** Where the generated keys live (DATA_DIR/app-secret), or undefined when they come from the environment. */
  keyFile: string | undefined;
  release(): Promise<void>;
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ?? e.message;
}

/**
 * What the kernel says of a process: its state letter and start time (clock ticks after boot), from
 * /proc/<pid>/stat; `gone` when there is no such process; `undefined` where there is no /proc to ask.
 */
async function procStat(pid: number): Promise<{ state: string; start: string } | 'gone' | undefined> {
  let text: string;
  try {
    text = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
    return (await fs.access('/proc/self/stat').then(
      () => true,
      () => false,
    ))
      ? 'gone'
      : undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so the fields start after the last ")".
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start: fields[19] ?? '' };
}

/**
 * Whether the process a lock names still holds it. A killed process that its parent has not reaped yet (a zombie,
 * as after a SIGKILL under a supervisor that is slow to wait) still answers kill(pid, 0) but holds nothing: its
 * state is Z (or X). A recorded start time that differs means the pid now belongs to another process.
 */
async function holdsLock(pid: number, start: string | undefined): Promise<boolean> {
  const stat = await procStat(pid);
  if (stat === 'gone') return false;
  if (stat === undefined) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return start === undefined || start === stat.start;
}

async function takeLock(lockPath: string, dir: string): Promise<() => Promise<void>> {
  const own = await procStat(process.pid);
  // "pid start-time": the start time tells a later reader whether the pid was reused (older locks hold the pid only).
  const record = typeof own === 'object' ? `${process.pid} ${own.start}` : String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await fs.open(lockPath, 'wx');
      await handle.writeFile(record);
      await handle.close();
      return async () => {
        await fs.rm(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StartupError(`DATA_DIR ${dir} cannot be locked: ${describe(err)}`);
      }
      const [pidText, start] = (await fs.readFile(lockPath, 'utf8').catch(() => '')).trim().split(/\s+/);
      const pid = Number.parseInt(pidText ?? '', 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && (await holdsLock(pid, start))) {
        throw new StartupError(
          `DATA_DIR ${dir} is in use by another EzRecharge process (pid ${pid}); stop it or choose another DATA_DIR`,
        );
      }
      // The holder died without cleaning up (or is a zombie, or the pid was reused): the lock is stale, take it over.
      await fs.rm(lockPath, { force: true });
    }
  }
  throw new StartupError(`DATA_DIR ${dir} cannot be locked: lock file keeps reappearing`);
}

/**
 * The generated keys: one a line, newest first (`npm run rotate-keys -- --new-key` adds a line on top). Created
 * with one key on the first start.
 */
export async function readOrCreateSecret(file: string): Promise<string[]> {
  try {
    const existing = (await fs.readFile(file, 'utf8'))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length >= 32);
    if (existing.length > 0) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new StartupError(`APP_SECRET file ${file} cannot be read: ${describe(err)}`);
    }
  }
  const secret = randomBytes(32).toString('hex');
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return [secret];
}

export async function openDataDir(config: Config): Promise<DataDir> {
  const root = config.dataDir;
  try {
    await fs.mkdir(root, { recursive: true });
    await fs.access(root, constants.W_OK | constants.R_OK);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${root} is missing and cannot be created, or is not writable: ${describe(err)}`,
    );
  }
  const release =
    config.database.kind === 'pglite' ? await takeLock(path.join(root, 'pg.lock'), root) : async () => {};
  try {
    const uploads = path.join(root, 'uploads');
    const outbox = path.join(root, 'outbox');
    await fs.mkdir(uploads, { recursive: true });
    await fs.mkdir(outbox, { recursive: true });
    const keyFile = config.appSecret ? undefined : path.join(root, 'app-secret');
    const keys = config.appSecret
      ? [config.appSecret, ...config.olderAppSecrets]
      : await readOrCreateSecret(path.join(root, 'app-secret'));
    // Registered once: every module's unseal and the session lookup then also accept the older keys.
    const secret = registerKeyRing(keys);
    return { root, uploads, outbox, secret, keys, keyFile, release };
  } catch (err) {
    await release();
    throw err instanceof StartupError
      ? err
      : new StartupError(`DATA_DIR ${root} is not usable: ${describe(err)}`);
  }
}
