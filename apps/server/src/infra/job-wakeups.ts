import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { redactUrl } from './db';

/**
 * Wake-ups of the job workers on PostgreSQL (issue #12): the jobs table's trigger (migration 0005) sends a
 * notification on JOBS_CHANNEL when a transaction that wrote a due job commits, and every worker process listens on
 * a connection of its own, so a job queued by any process starts within milliseconds instead of at the next poll.
 * Polling stays: it finds jobs that become due later, and it is all there is while the listening connection is down
 * (it is opened again with growing pauses; each loss and each return is logged) and on the embedded database.
 */

export const JOBS_CHANNEL = 'ezrecharge_jobs';

export interface JobWakeups {
  /** Starts listening; `wake` runs on every notification, and once each time listening (re)starts. */
  start(wake: () => void): void;
  /** Stops listening and closes the connection. */
  stop(): Promise<void>;
  /** True while the connection listens. */
  readonly listening: boolean;
  /** Resolves the next time listening starts (at once when listening already). */
  whenListening(): Promise<void>;
}

export interface JobWakeupOptions {
  /** First pause before opening a lost connection again; it doubles up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
}

const DEFAULT_RECONNECT_MS = 1_000;
const DEFAULT_MAX_RECONNECT_MS = 30_000;

export function listenForJobs(
  url: string,
  log: FastifyBaseLogger,
  options: JobWakeupOptions = {},
): JobWakeups {
  const firstPause = options.reconnectMs ?? DEFAULT_RECONNECT_MS;
  const maxPause = options.maxReconnectMs ?? DEFAULT_MAX_RECONNECT_MS;
  let wake: () => void = () => {};
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = true;
  let pause = firstPause;
  let timer: NodeJS.Timeout | undefined;
  let lostOnce = false;
  const waiters: (() => void)[] = [];

  function lost(current: pg.Client, reason: string): void {
    if (client !== current) return;
    client = undefined;
    current.removeAllListeners('notification');
    // A client that failed may still emit; nothing it says matters any more.
    current.on('error', () => {});
    void current.end().catch(() => {});
    if (stopped) return;
    if (listening || !lostOnce) {
      log.warn(
        { err: reason, retryInMs: pause },
        'job wake-ups lost (LISTEN connection): polling only until it is back',
      );
    }
    listening = false;
    lostOnce = true;
    timer = setTimeout(connect, pause);
    timer.unref();
    pause = Math.min(pause * 2, maxPause);
  }

  async function connect(): Promise<void> {
    timer = undefined;
    if (stopped) return;
    // keepAlive: a connection that dies silently (a host or a NAT gone) is noticed by TCP, not only on the next query.
    const { Client } = (await import('pg')).default;
    if (stopped) return;
    const current = new Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
    });
    client = current;
    current.on('error', (err) => lost(current, err.message));
    current.on('end', () => lost(current, 'connection closed'));
    current.on('notification', () => wake());
    try {
      await current.connect();
      await current.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (err) {
      lost(current, (err as Error).message);
      return;
    }
    if (client !== current || stopped) return;
    listening = true;
    pause = firstPause;
    if (lostOnce) log.info('job wake-ups back (LISTEN connection)');
    else log.info({ database: redactUrl(url), channel: JOBS_CHANNEL }, 'job workers listen for wake-ups');
    for (const resolve of waiters.splice(0)) resolve();
    // Whatever was queued while nobody listened (or before the first LISTEN) is looked for now.
    wake();
  }

  return {
    get listening() {
      return listening;
    },

    start(onWake) {
      if (!stopped) return;
      stopped = false;
      wake = onWake;
      void connect();
    },

    async stop() {
      stopped = true;
      listening = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('notification');
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },

    whenListening() {
      if (listening) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
