import type { FastifyBaseLogger } from 'fastify';
import { createServices, type Infra, orderLifecycle, registerJobs, type Services } from './composition';
import type { Config } from './config';
import { seedFirstStart } from './db/seed';
import { createGateways } from './gateways';
import type { BigoClientOptions } from './gateways/bigo/bigo-client';
import { instrumentGateways } from './gateways/instrumented';
import { Sessions } from './infra/auth';
import { createCallSlots } from './infra/call-slots';
import { openControlSocket } from './infra/control-socket';
import { openDataDir } from './infra/data-dir';
import { type Database, openDatabase } from './infra/db';
import { listenForJobs } from './infra/job-wakeups';
import { createJobQueue } from './infra/jobs';
import { createMailer } from './infra/mail';
import { watchSite } from './infra/metrics';
import { createRateLimiter } from './infra/rate-limit';
import { SHUTDOWN_LIMITS, within } from './infra/shutdown';

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
  /** What /metrics says this process is (ezrecharge_build_info). */
  role?: 'web' | 'worker';
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
    // Bounded: a database that does not answer must not keep a stopping process alive (infra/shutdown.ts).
    closers.push(() => within(database.close(), SHUTDOWN_LIMITS.graceMs, undefined));
    const seed = await seedFirstStart(database.db, config);
    if (seed.generatedAdminPassword) {
      options.announce(firstStartNotice(config.admin.username, seed.generatedAdminPassword));
    }
    const db = database.db;
    // The embedded database can only be read by this process: `npm run backup` asks it over a socket in DATA_DIR.
    const { dumpFiles } = database;
    if (dumpFiles && config.database.kind === 'pglite') {
      const control = await openControlSocket(dataDir.root, dumpFiles, (err) =>
        log.error({ err }, 'backup: dumping the embedded database failed'),
      );
      closers.push(() => control.close());
    }
    // Closed before the database (closers run in reverse): no scrape reads a closed database.
    const site = watchSite({
      db,
      balanceAlertBelow: config.bigoBalanceAlertBelow,
      version: config.version,
      role: options.role ?? 'web',
    });
    closers.push(() => site.stop());
    const mailer = createMailer(config, dataDir.outbox, log);
    closers.push(() => mailer.close());
    const limiter = await createRateLimiter(config.redisUrl, log, now);
    closers.push(() => limiter.close());
    const created = createGateways(config, dataDir.secret, log, {
      bigo: options.bigoClient,
      slots: createCallSlots(db),
    });
    const { settings, stripeCatalogue } = created;
    // Every call to a far end timed for /metrics (issue #31), without the clients or the modules knowing.
    const gateways = instrumentGateways(created.gateways);
    // On PostgreSQL the workers are also woken by NOTIFY (web processes with RUN_JOBS and `npm run worker` alike).
    const wakeups = config.database.kind === 'postgres' ? listenForJobs(config.database.url, log) : undefined;
    const jobs = createJobQueue(db, log, {
      wakeups,
      ...(options.jobPollMs !== undefined ? { pollMs: options.jobPollMs } : {}),
    });
    closers.push(() => jobs.stop({ graceMs: SHUTDOWN_LIMITS.graceMs }));
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
      lifecycle: orderLifecycle(config, now),
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
