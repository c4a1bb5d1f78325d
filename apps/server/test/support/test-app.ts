import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { ProviderDescriptor } from '../../src/gateways/provider-descriptor';

/**
 * The PostgreSQL server of `npm run test:pg` (it sets TEST_DATABASE_URL; CI runs that step after `npm test`), else
 * undefined. Tests that need several processes or pools on one database (LISTEN/NOTIFY, workers apart, a killed
 * process's lease taken over) run only then: the embedded database belongs to one process, so under `npm test`
 * they are skipped, and CI runs every one of them in its PostgreSQL step.
 */
export const TEST_PG_BASE: string | undefined = process.env.TEST_DATABASE_URL;

/**
 * Starts the real app in-process for a test file: its own DATA_DIR, its own database (in-memory PGlite by default;
 * with TEST_DATABASE_URL set, a fresh PostgreSQL database created for it and dropped on close).
 */
export const FIXTURE_WEB_ROOT = fileURLToPath(new URL('../fixtures/web', import.meta.url));
export const TEST_ADMIN = {
  username: 'admin',
  password: 'admin-pass-1',
  email: 'admin@example.com',
} as const;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  announced: string[];
  /** `http://127.0.0.1:<port>` when started with `listen: true`. */
  url: string | undefined;
  close(): Promise<void>;
}

let counter = 0;

/** Creates a uniquely named database on the server of `baseUrl`; returns its URL and a function to drop it. */
export async function createTestDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/^\//, '') || 'ezrecharge_test';
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: new URL('/postgres', base).toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(`/${name}`, base).toString();
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: new URL('/postgres', base).toString() });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** A TCP port free right now on 127.0.0.1 (the OS picks it; there is a small window before we bind it again). */
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

export interface TestAppOptions {
  webRoot?: string;
  dataDir?: string;
  /**
   * Listen on a real port with PUBLIC_URL pointing at it, so the app can reach its own sandboxes (Fiuu, Stripe,
   * BIGO) over HTTP as it reaches real gateways. `url` is then set. On `env.PORT` when given (with a PUBLIC_URL of
   * the test's own), else on a free port.
   */
  listen?: boolean;
  /** Run the background job worker (default false: tests call `app.jobs.runDue()`). */
  workers?: boolean;
  /** Shorter BIGO client timeouts, to reach the timeout paths quickly. */
  bigoClient?: AppOptions['bigoClient'];
  /** Every log line of the app, at every level (the app logs nothing otherwise). */
  logStream?: AppOptions['logStream'];
  /** How often the job workers poll (with `workers`). */
  jobPollMs?: number;
  /** The server's clock (services and in-process rate limits), for tests that play minutes or hours at once. */
  now?: () => Date;
  /**
   * Payment providers besides the registry's (issue #30: a provider made only for a test), registered for this app
   * alone: its variables are read from `env`, its far end served under /sandbox when it has no keys.
   */
  providers?: readonly ProviderDescriptor[];
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  // A test that names PUBLIC_URL itself passes the PORT it put there.
  const port = options.listen ? Number(env.PORT ?? 0) || (await freePort()) : 0;
  if (options.listen) {
    env = { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env };
  }
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ezr-test-')));
  const pgBase = TEST_PG_BASE;
  const database = env.DATABASE_URL === undefined && pgBase ? await createTestDatabase(pgBase) : undefined;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? 'memory://',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ADMIN_EMAIL: TEST_ADMIN.email,
      PORT: '0',
      ...env,
    },
    { providers: options.providers ?? [] },
  );
  const announced: string[] = [];
  try {
    const app = await buildApp(config, {
      logger: options.logStream !== undefined,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      webRoot: options.webRoot ?? FIXTURE_WEB_ROOT,
      announce: (text) => announced.push(text),
      workers: options.workers ?? false,
      bigoClient: options.bigoClient,
      ...(options.jobPollMs !== undefined ? { jobPollMs: options.jobPollMs } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    if (options.listen) await app.listen({ port, host: '127.0.0.1' });
    return {
      app,
      url: options.listen ? `http://127.0.0.1:${port}` : undefined,
      config,
      dataDir,
      announced,
      close: async () => {
        await app.close();
        await database?.drop();
        if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await database?.drop();
    throw err;
  }
}
