import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../src/db/schema';
import { type Database, openDatabase } from '../src/infra/db';
import { JOBS_CHANNEL, listenForJobs } from '../src/infra/job-wakeups';
import { createJobQueue, defineJob, type JobQueue } from '../src/infra/jobs';
import { createTestDatabase, startTestApp, TEST_PG_BASE, type TestApp } from './support/test-app';

/**
 * Job wake-ups on PostgreSQL (issue #12): a job queued by one process starts in another process's worker within
 * moments, although that worker polls only every 30 s here; the control case shows the same worker without the
 * wake-ups leaves it to its next poll. Each "process" is a database pool of its own, as separate processes have.
 */

const PG_BASE = TEST_PG_BASE;
/** Far longer than any test waits: a job that runs sooner was not found by polling. */
const POLL_MS = 30_000;
/** How soon a woken worker must have started the job. */
const WOKEN_WITHIN_MS = 3_000;

const pingJob = defineJob({ kind: 'wake-ping', payload: z.strictObject({ n: z.number() }), maxAttempts: 3 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger(): { log: FastifyBaseLogger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text));
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

/** Resolves with the ms from `since()` to the moment the handler first ran each payload `n`. */
function timedHandler(queue: JobQueue) {
  const ran = new Map<number, number>();
  let since = performance.now();
  queue.handle(pingJob, async ({ n }) => {
    ran.set(n, performance.now() - since);
    return undefined;
  });
  return {
    reset: () => {
      since = performance.now();
    },
    async within(n: number, ms: number): Promise<number | undefined> {
      const deadline = performance.now() + ms;
      while (performance.now() < deadline) {
        const at = ran.get(n);
        if (at !== undefined) return at;
        await sleep(20);
      }
      return ran.get(n);
    },
  };
}

// Several processes or pools on one database: PostgreSQL only (TEST_PG_BASE says when, and that CI runs it).
describe.skipIf(!PG_BASE)('job wake-ups on PostgreSQL (LISTEN/NOTIFY)', () => {
  let created: { url: string; drop: () => Promise<void> };
  /** The process that queues jobs, and the one whose worker runs them. */
  let producer: Database;
  let consumer: Database;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    created = await createTestDatabase(PG_BASE ?? '');
    producer = await openDatabase({ kind: 'postgres', url: created.url });
    consumer = await openDatabase({ kind: 'postgres', url: created.url });
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
    await producer.db.delete(jobs);
  });
  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
    await created?.drop();
  });

  async function startWorker(options: { wakeups: boolean; reconnectMs?: number }) {
    const { log, lines } = recordingLogger();
    const wakeups = options.wakeups
      ? listenForJobs(created.url, log, { reconnectMs: options.reconnectMs ?? 1_000 })
      : undefined;
    const queue = createJobQueue(consumer.db, log, { pollMs: POLL_MS, wakeups });
    queues.push(queue);
    const handler = timedHandler(queue);
    queue.start();
    await queue.whenListening();
    // The first poll (at start) is over before anything is queued: only a wake-up can start what comes next.
    await sleep(300);
    return { queue, handler, lines };
  }

  async function enqueueFromProducer(n: number, options: { runAt?: Date } = {}): Promise<void> {
    await producer.db.transaction(async (tx) => {
      await createJobQueue(producer.db, recordingLogger().log).enqueue(tx, pingJob.of({ n }, options));
    });
  }

  it('a job queued by another process starts at once, long before the 30 s poll', async () => {
    const { handler } = await startWorker({ wakeups: true });
    for (const n of [1, 2, 3]) {
      handler.reset();
      await enqueueFromProducer(n);
      const ms = await handler.within(n, WOKEN_WITHIN_MS);
      expect(ms, `job ${n} was not started within ${WOKEN_WITHIN_MS} ms`).toBeDefined();
      expect(ms).toBeLessThan(WOKEN_WITHIN_MS);
    }
  });

  it('control: without the wake-ups the same worker leaves the job to its next poll', async () => {
    const { handler } = await startWorker({ wakeups: false });
    handler.reset();
    await enqueueFromProducer(10);
    expect(await handler.within(10, WOKEN_WITHIN_MS)).toBeUndefined();
  });

  it('notifies on commit only, and only for a job due now', async () => {
    const listener = new pg.Client({ connectionString: created.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query(`LISTEN ${JOBS_CHANNEL}`);
    try {
      // Due in an hour: polling's business.
      await enqueueFromProducer(20, { runAt: new Date(Date.now() + 3_600_000) });
      // Rolled back: never existed.
      await producer.db
        .transaction(async (tx) => {
          await createJobQueue(producer.db, recordingLogger().log).enqueue(tx, pingJob.of({ n: 21 }));
          tx.rollback();
        })
        .catch(() => {});
      await sleep(500);
      expect(heard).toEqual([]);
      // Made due by an operator's retry (an update of run_at): a wake-up.
      await producer.db.execute(sql`update ${jobs} set run_at = now() where state = 'queued'`);
      await sleep(500);
      expect(heard).toEqual([JOBS_CHANNEL]);
    } finally {
      await listener.end();
    }
  });

  it('a lost listening connection is logged, polling carries on, and the wake-ups come back', async () => {
    const { queue, handler, lines } = await startWorker({ wakeups: true, reconnectMs: 1_500 });
    // The database drops the listening connection (a restart, a failover, an idle-connection reaper).
    const killed = await producer.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike ${`LISTEN ${JOBS_CHANNEL}%`}`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    await sleep(200);
    expect(lines.some((l) => l.level === 40 && /job wake-ups lost/.test(l.msg))).toBe(true);

    // Queued while nobody listens: found when listening starts again (the catch-up look), not 30 s later.
    handler.reset();
    await enqueueFromProducer(30);
    await queue.whenListening();
    expect(lines.some((l) => /job wake-ups back/.test(l.msg))).toBe(true);
    expect(await handler.within(30, WOKEN_WITHIN_MS)).toBeDefined();

    // And notifications work again.
    handler.reset();
    await enqueueFromProducer(31);
    const ms = await handler.within(31, WOKEN_WITHIN_MS);
    expect(ms).toBeDefined();
    expect(ms).toBeLessThan(WOKEN_WITHIN_MS);
  });
});

// Several processes or pools on one database: PostgreSQL only (TEST_PG_BASE says when, and that CI runs it).
describe.skipIf(!PG_BASE)('web processes with RUN_JOBS on one PostgreSQL database', () => {
  let created: { url: string; drop: () => Promise<void> };
  let producer: TestApp;
  let worker: TestApp;

  beforeAll(async () => {
    created = await createTestDatabase(PG_BASE ?? '');
    producer = await startTestApp({ DATABASE_URL: created.url });
    worker = await startTestApp({ DATABASE_URL: created.url }, { workers: true, jobPollMs: POLL_MS });
    await worker.app.jobs.whenListening();
  });
  afterAll(async () => {
    await worker?.close();
    await producer?.close();
    await created?.drop();
  });

  it("a job one app queues starts in the other's worker at once (its poll is 30 s)", async () => {
    const handler = timedHandler(worker.app.jobs);
    await sleep(300);
    handler.reset();
    await producer.app.jobs.enqueue(producer.app.database.db, pingJob.of({ n: 40 }));
    const ms = await handler.within(40, WOKEN_WITHIN_MS);
    expect(ms).toBeDefined();
    expect(ms).toBeLessThan(WOKEN_WITHIN_MS);
  });
});
