import type { FastifyBaseLogger } from 'fastify';
import { createServices, type Infra, registerJobs, type Services } from './composition';
import type { Config } from './config';
import { seedFirstStart } from './db/seed';
import { createGateways } from './gateways';
import type { BigoClientOptions } from './gateways/bigo/bigo-client';
import { Sessions } from './infra/auth';
import { createCallSlots } from './infra/call-slots';
import { openDataDir } from './infra/data-dir';
import { type Database, openDatabase } from './infra/db';
import { listenForJobs } from './infra/job-wakeups';
import { createJobQueue } from './infra/jobs';
import { createMailer } from './infra/mail';
import { createRateLimiter } from './infra/rate-limit';

/**
 * Everything a server process runs on, HTTP aside: the data dir, the database (migrated and seeded), mail, rate
 * limits, sessions, the gateway clients, the job queue with every handler registered, and the services. The web
 * process (app.ts) adds Fastify on top; the worker-only process (worker.ts) starts the job workers and nothing else.
 */
export interface Core extends Infra {
  database: Database;
  services: Services;
  /** Stops the job workers (running handlers finish), then closes mail, limits and the database, and frees the data dir. */
  close(): Promise<void>;
}

export interface CoreOptions {
  log: FastifyBaseLogger;
  /** Where the one-time first-start notice (generated admin password) is written. Never the log. */
  announce: (text: string) => void;
  /** BIGO client timeouts (not configuration: tests shorten them to reach the timeout paths quickly). */
  bigoClient?: BigoClientOptions | undefined;
  /** How often idle job workers poll (not configuration: tests lengthen it to prove the wake-ups). */
  jobPollMs?: number | undefined;
  /**
   * The clock of the services and of the in-process rate limits (not configuration: tests move it forward to play
   * minutes of sign-in attempts without waiting). The database's own `now()` and the job queue keep real time.
   */
  now?: (() => Date) | undefined;
}

function firstStartNotice(username: string, password: string): string {
  return [
    '',
    '  First start: superuser created.',
    `    username: ${username}`,
    `    password: ${password}`,
    '  This password is shown only once. Sign in and change it, or set ADMIN_PASSWORD before the first start.',
    '',
  ].join('\n');
}

/** Opens the core in order; a failure at any step closes what was opened and throws (one clear line for a bad start). */
export async function openCore(config: Config, options: CoreOptions): Promise<Core> {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const dataDir = await openDataDir(config);
  const closers: (() => Promise<void> | void)[] = [() => dataDir.release()];
  const closeAll = async () => {
    for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => {});
    closers.length = 0;
  };
  try {
    const database = await openDatabase(config.database);
    closers.push(() => database.close());
    const seed = await seedFirstStart(database.db, config);
    if (seed.generatedAdminPassword) {
      options.announce(firstStartNotice(config.admin.username, seed.generatedAdminPassword));
    }
    const db = database.db;
    const mailer = createMailer(config, dataDir.outbox, log);
    closers.push(() => mailer.close());
    const limiter = await createRateLimiter(config.redisUrl, log, now);
    closers.push(() => limiter.close());
    const { gateways, settings, stripeCatalogue } = createGateways(config, dataDir.secret, log, {
      bigo: options.bigoClient,
      slots: createCallSlots(db),
    });
    // On PostgreSQL the workers are also woken by NOTIFY (web processes with RUN_JOBS and `npm run worker` alike).
    const wakeups = config.database.kind === 'postgres' ? listenForJobs(config.database.url, log) : undefined;
    const jobs = createJobQueue(db, log, {
      wakeups,
      ...(options.jobPollMs !== undefined ? { pollMs: options.jobPollMs } : {}),
    });
    closers.push(() => jobs.stop());
    const infra: Infra = {
      config,
      db,
      dataDir,
      mailer,
      limiter,
      sessions: new Sessions(db, dataDir.secret),
      gateways,
      settings,
      stripeCatalogue,
      jobs,
      log,
      now,
    };
    const services = createServices(infra);
    await registerJobs(infra);
    return { ...infra, database, services, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
