import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Starts the real server (apps/server/src/main.ts) in a child process for a benchmark: its own DATA_DIR, the
 * embedded database or a fresh PostgreSQL database, sandbox gateways, and waits for /api/v1/health.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
export const ADMIN = { username: 'admin', password: 'bench-admin-pass' };

export interface BenchServer {
  url: string;
  label: string;
  /** The server process (for /proc/<pid>/status). */
  pid: number;
  /**
   * PostgreSQL only: the ids of the server backends serving the benchmark's database now (its pool's connections),
   * whose CPU time cpuMs reads; none for the embedded database, which runs inside the server process.
   */
  databasePids(): Promise<number[]>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Reuse this DATA_DIR (a restart); it is left in place on stop. Default: a fresh temporary one, removed on stop. */
  dataDir?: string;
  /** Listen on this port (refused at once when something else holds it). Default: a free one. */
  port?: number;
}

/**
 * CPU time (user + system, every thread) a process has used so far, in ms, from /proc/<pid>/stat; NaN where there
 * is no /proc. Per request it is a steadier figure than requests per second on a machine shared with other work.
 */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
/** Resident memory of a process now and at its peak (VmRSS, VmHWM), MB; NaN where there is no /proc. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** USER_HZ: 100 on every Linux build that matters here. */
const CLOCK_TICKS_PER_SECOND = 100;

/** True when nothing listens on `port` at 127.0.0.1 (it can be bound now). */
export async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when PostgreSQL answers at PG_BASE. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: new URL('/postgres', PG_BASE).toString() });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The databases a benchmark runs on: the embedded one, and PostgreSQL when it answers. BENCH_DATABASES
 * (`embedded`, `postgres` or both, comma-separated) narrows the list.
 */
export async function benchTargets(): Promise<('embedded' | 'postgres')[]> {
  const wanted = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',').map((s) => s.trim());
  const targets: ('embedded' | 'postgres')[] = [];
  if (wanted.includes('embedded')) targets.push('embedded');
  if (wanted.includes('postgres')) {
    if (await postgresAvailable()) targets.push('postgres');
    else console.log('PostgreSQL not reachable at BENCH_DATABASE_URL: measuring the embedded database only.');
  }
  return targets;
}

export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ezrecharge_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: new URL('/postgres', PG_BASE).toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: new URL(`/${name}`, PG_BASE).toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: new URL('/postgres', PG_BASE).toString() });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** True once the process has ended, by its own exit or by a signal (then exitCode stays null). */
const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (ended(child)) throw new Error(`server exited (${child.signalCode ?? `code ${child.exitCode}`})`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in time');
}

export async function startServer(
  database: 'embedded' | 'postgres',
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  if (options.port !== undefined && !(await portFree(options.port))) {
    throw new Error(`port ${options.port} is in use: stop what holds it or choose another`);
  }
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'ezr-bench-'));
  const pgDb = database === 'postgres' ? await createDatabase() : undefined;
  const url = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the servers (written when they stop).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      APP_SECRET: randomBytes(32).toString('hex'),
      NODE_ENV: 'development',
      ...env,
    },
  });
  const stop = async () => {
    if (!ended(child)) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (!ended(child)) child.kill('SIGKILL');
    }
    await pgDb?.drop().catch(() => {});
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(url, child);
  } catch (err) {
    await stop();
    throw err;
  }
  const databasePids = async (): Promise<number[]> => {
    if (!pgDb) return [];
    const client = new pg.Client({ connectionString: new URL('/postgres', PG_BASE).toString() });
    await client.connect();
    try {
      const name = new URL(pgDb.url).pathname.slice(1);
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
        [name],
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    label: database === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)',
    pid: child.pid ?? 0,
    databasePids,
    stop,
  };
}
