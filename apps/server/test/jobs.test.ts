import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../src/db/schema';
import { type Database, openDatabase } from '../src/infra/db';
import {
  backoffMs,
  createJobQueue,
  defineJob,
  type JobQueue,
  jobRetentionHandler,
  jobRetentionJob,
} from '../src/infra/jobs';
import { createTestDatabase, TEST_PG_BASE } from './support/test-app';

/**
 * The durable job queue (DESIGN.md §1) on a real database: in-memory PGlite here, and two workers sharing one
 * PostgreSQL database when TEST_DATABASE_URL is set.
 */

interface LogLine {
  level: number;
  msg: string;
  job?: number;
}

function recordingLogger(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const text of String(chunk).split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  return { log: app.log, lines };
}

/** A test job kind: any object payload, the given attempts (default 10) and, if named, one key for every job. */
function kind(name: string, options: { maxAttempts?: number; key?: string } = {}) {
  const { key } = options;
  return defineJob({
    kind: name,
    payload: z.record(z.string(), z.unknown()),
    maxAttempts: options.maxAttempts ?? 10,
    ...(key ? { key: () => key } : {}),
  });
}

const greetJob = kind('greet');
const laterJob = kind('later');
const someoneElseJob = kind('someone-else');
const timeoutJob = kind('timeout', { key: 'k1' });
const flakyJob = kind('flaky', { maxAttempts: 3, key: 'f' });
const pollJob = kind('poll', { maxAttempts: 1, key: 'p' });
const chargeJob = kind('charge', { key: 'c' });
const deliverJob = kind('deliver', { key: 'd' });
const workJob = kind('work');
const soonJob = kind('soon');
const longJob = kind('long');
const pgWorkJob = kind('pg-work');
const pgOnceJob = kind('pg-once', { key: 'pg-once:1' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jobRow(db: Database, id: number) {
  const [row] = await db.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} missing`);
  return row;
}

async function jobByKey(db: Database, key: string) {
  const [row] = await db.db.select().from(jobs).where(eq(jobs.dedupeKey, key));
  if (!row) throw new Error(`job ${key} missing`);
  return row;
}

/** Makes a queued job due now (as if its time had come). */
async function makeDue(db: Database, id: number): Promise<void> {
  await db.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
}

describe('job queue (embedded database)', () => {
  let database: Database;
  const queues: JobQueue[] = [];

  function queue(options: Parameters<typeof createJobQueue>[2] = {}) {
    const recorded = recordingLogger();
    const q = createJobQueue(database.db, recorded.log, options);
    queues.push(q);
    return { q, lines: recorded.lines };
  }

  beforeAll(async () => {
    database = await openDatabase({ kind: 'memory' });
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
    await database.db.delete(jobs);
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a job enqueued in a committed transaction once, then marks it done', async () => {
    const { q } = queue();
    const seen: unknown[] = [];
    q.handle(greetJob, async (payload, ctx) => {
      seen.push({ payload, attempt: ctx.attempt });
      return undefined;
    });
    await database.db.transaction(async (tx) => {
      await q.enqueue(tx, greetJob.of({ name: 'Ann' }));
    });
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ payload: { name: 'Ann' }, attempt: 1 }]);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ state: 'done', attempts: 1, lockedBy: null, lastError: null });
    expect(await q.runDue()).toBe(0);
  });

  it("hands the handler its payload parsed by the kind's schema", async () => {
    const { q } = queue();
    const mailJob = defineJob({
      kind: 'typed-mail',
      payload: z.strictObject({ to: z.email(), tries: z.number().int() }),
      maxAttempts: 2,
    });
    const seen: { to: string; tries: number }[] = [];
    q.handle(mailJob, async (payload) => {
      seen.push(payload);
      return undefined;
    });
    await q.enqueue(database.db, mailJob.of({ to: 'ann@example.com', tries: 1 }));
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ to: 'ann@example.com', tries: 1 }]);
    // A payload that does not fit is a bug at the queueing site: refused there, never stored.
    expect(() => mailJob.of({ to: 'not an address', tries: 1 })).toThrow();
  });

  it('marks a stored job whose payload does not fit its kind dead at once, without running it', async () => {
    const { q, lines } = queue();
    const strictJob = defineJob({
      kind: 'strict',
      payload: z.strictObject({ order_num: z.string() }),
      maxAttempts: 10,
      key: (p) => `strict:${p.order_num}`,
    });
    let ran = 0;
    q.handle(strictJob, async () => {
      ran++;
      return undefined;
    });
    await q.enqueue(database.db, strictJob.of({ order_num: 'A1' }));
    // Written by an older version of the code (or by hand): no order number.
    await database.db
      .update(jobs)
      .set({ payload: { order: 'A1' } })
      .where(eq(jobs.dedupeKey, 'strict:A1'));
    expect(await q.runDue()).toBe(1);
    expect(ran).toBe(0);
    const row = await jobByKey(database, 'strict:A1');
    expect(row).toMatchObject({ state: 'dead', attempts: 1 });
    expect(row.lastError).toMatch(/payload does not fit job kind strict/);
    expect(lines.some((l) => l.level === 50 && /dead/.test(l.msg))).toBe(true);
  });

  it('refuses a job kind that is not lower-case words and dashes', () => {
    expect(() => kind('Bad Kind')).toThrow(/lower-case/);
  });

  it('drops the job with the transaction that enqueued it when that transaction fails', async () => {
    const { q } = queue();
    q.handle(greetJob, async () => undefined);
    await expect(
      database.db.transaction(async (tx) => {
        await q.enqueue(tx, greetJob.of({}));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('leaves a job alone until its time, and leaves kinds it has no handler for to other workers', async () => {
    const { q } = queue();
    q.handle(laterJob, async () => undefined);
    await q.enqueue(database.db, laterJob.of({}, { runAt: new Date(Date.now() + 60_000) }));
    await q.enqueue(database.db, someoneElseJob.of({}));
    expect(await q.runDue()).toBe(0);
    const rows = await database.db.select().from(jobs);
    expect(rows.map((r) => r.state).sort()).toEqual(['queued', 'queued']);
  });

  it('keeps one live job per dedupe key and revives a finished one', async () => {
    const { q } = queue();
    const seen: unknown[] = [];
    q.handle(timeoutJob, async (payload) => {
      seen.push(payload);
      return undefined;
    });
    const later = new Date(Date.now() + 60_000);
    await q.enqueue(database.db, timeoutJob.of({ n: 1 }, { runAt: later }));
    // Live: the second enqueue changes nothing (payload and time stay).
    await q.enqueue(database.db, timeoutJob.of({ n: 2 }));
    let row = await jobByKey(database, 'k1');
    expect(row.payload).toEqual({ n: 1 });
    expect(row.runAt.getTime()).toBe(later.getTime());
    expect(await database.db.select().from(jobs)).toHaveLength(1);

    await makeDue(database, row.id);
    expect(await q.runDue()).toBe(1);
    expect((await jobByKey(database, 'k1')).state).toBe('done');

    // Done: the same key comes back as a fresh job with the new payload.
    await q.enqueue(database.db, timeoutJob.of({ n: 3 }));
    row = await jobByKey(database, 'k1');
    expect(row).toMatchObject({ state: 'queued', attempts: 0, payload: { n: 3 } });
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('retries a failing job with growing delays, then marks it dead and logs an error', async () => {
    const { q, lines } = queue();
    let calls = 0;
    q.handle(flakyJob, async () => {
      calls++;
      throw new Error(`far end down (${calls})`);
    });
    await q.enqueue(database.db, flakyJob.of({}));
    const { id } = await jobByKey(database, 'f');

    const before1 = Date.now();
    expect(await q.runDue()).toBe(1);
    let row = await jobRow(database, id);
    expect(row).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'far end down (1)',
      lockedBy: null,
    });
    // Attempt 1 failed: about 2 s (2^1 s, up to a quarter less).
    const delay1 = row.runAt.getTime() - before1;
    expect(delay1).toBeGreaterThanOrEqual(1_400);
    expect(delay1).toBeLessThanOrEqual(2_100);
    expect(await q.runDue()).toBe(0);

    await makeDue(database, id);
    const before2 = Date.now();
    expect(await q.runDue()).toBe(1);
    row = await jobRow(database, id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2, lastError: 'far end down (2)' });
    const delay2 = row.runAt.getTime() - before2;
    expect(delay2).toBeGreaterThanOrEqual(2_900);
    expect(delay2).toBeLessThanOrEqual(4_100);

    await makeDue(database, id);
    expect(await q.runDue()).toBe(1);
    row = await jobRow(database, id);
    expect(row).toMatchObject({ state: 'dead', attempts: 3, lastError: 'far end down (3)' });
    expect(calls).toBe(3);
    expect(lines.some((l) => l.level === 50 && l.job === id && /dead/.test(l.msg))).toBe(true);

    // Dead jobs stay dead until the key is enqueued again.
    await makeDue(database, id);
    expect(await q.runDue()).toBe(0);
  });

  it('prunes done jobs after 7 days and dead ones after 90, hourly, and leaves live ones alone', async () => {
    const { q } = queue();
    const day = 24 * 60 * 60_000;
    const aged = async (key: string, state: string, ageMs: number) => {
      await q.enqueue(database.db, kind(`aged-${key}`, { key }).of({}));
      await database.db
        .update(jobs)
        .set({ state, updatedAt: new Date(Date.now() - ageMs) })
        .where(eq(jobs.dedupeKey, key));
    };
    await aged('done-old', 'done', 8 * day);
    await aged('done-new', 'done', 6 * day);
    await aged('dead-old', 'dead', 91 * day);
    await aged('dead-new', 'dead', 30 * day);
    await aged('queued-old', 'queued', 365 * day);
    await aged('running-old', 'running', 365 * day);

    q.handle(jobRetentionJob, jobRetentionHandler({ db: database.db, now: () => new Date() }));
    await q.enqueue(database.db, jobRetentionJob.of({}));
    expect(await q.runDue()).toBe(1);
    const keys = (await database.db.select().from(jobs)).map((j) => j.dedupeKey).sort();
    expect(keys).toEqual(['dead-new', 'done-new', 'job-retention', 'queued-old', 'running-old']);
    // It stays queued for its next run an hour later.
    const retention = await jobByKey(database, 'job-retention');
    expect(retention.state).toBe('queued');
    expect(retention.runAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it('backs off 2^attempts seconds with jitter, never more than 10 minutes', () => {
    expect(backoffMs(1, () => 0)).toBe(2_000);
    expect(backoffMs(1, () => 1)).toBe(1_500);
    expect(backoffMs(5, () => 0)).toBe(32_000);
    expect(backoffMs(12, () => 0)).toBe(600_000);
    expect(backoffMs(40, () => 0.5)).toBe(525_000);
  });

  it('reschedules without counting a failure', async () => {
    const { q } = queue();
    let calls = 0;
    q.handle(pollJob, async () => {
      calls++;
      if (calls < 3) return { retryAt: new Date(Date.now() + 600_000), reason: `still pending (${calls})` };
      return undefined;
    });
    await q.enqueue(database.db, pollJob.of({}));
    const { id } = await jobByKey(database, 'p');

    const before = Date.now();
    expect(await q.runDue()).toBe(1);
    let row = await jobRow(database, id);
    expect(row).toMatchObject({ state: 'queued', attempts: 0, lastError: 'still pending (1)' });
    expect(row.runAt.getTime() - before).toBeGreaterThanOrEqual(599_000);

    // With max_attempts 1, a counted attempt would have made the job dead; reschedules are not failures.
    await makeDue(database, id);
    expect(await q.runDue()).toBe(1);
    await makeDue(database, id);
    expect(await q.runDue()).toBe(1);
    row = await jobRow(database, id);
    expect(row).toMatchObject({ state: 'done', attempts: 1 });
    expect(calls).toBe(3);
  });

  it('claims a job again once its lease has passed, and the late worker cannot overwrite the result', async () => {
    // A frozen process: its lease is not renewed.
    const slow = queue({ workerId: 'slow', leaseMs: 200, heartbeatMs: 0 });
    const other = queue({ workerId: 'other' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: string[] = [];
    slow.q.handle(chargeJob, async () => {
      runs.push('slow');
      await gate;
      throw new Error('slow worker gave up');
    });
    other.q.handle(chargeJob, async () => {
      runs.push('other');
      return undefined;
    });
    await slow.q.enqueue(database.db, chargeJob.of({}));
    const { id } = await jobByKey(database, 'c');

    const slowRun = slow.q.runDue();
    await sleep(50);
    // Still leased by the slow worker: nobody else may take it.
    expect(await other.q.runDue()).toBe(0);
    expect(await jobRow(database, id)).toMatchObject({ state: 'running', lockedBy: 'slow' });

    await sleep(300);
    expect(await other.q.runDue()).toBe(1);
    expect(await jobRow(database, id)).toMatchObject({ state: 'done', attempts: 2 });

    release();
    expect(await slowRun).toBe(1);
    // The slow worker's failure came after its lease: the other worker's result stands.
    expect(await jobRow(database, id)).toMatchObject({ state: 'done', attempts: 2, lastError: null });
    expect(runs).toEqual(['slow', 'other']);
  });

  it('renews the lease of a job while its handler runs, so a slow job is not taken from a live worker', async () => {
    const live = queue({ workerId: 'live', leaseMs: 300 });
    const other = queue({ workerId: 'other', leaseMs: 300 });
    let finishWork: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finishWork = resolve;
    });
    const runs: string[] = [];
    live.q.handle(chargeJob, async () => {
      runs.push('live');
      await gate;
      return undefined;
    });
    other.q.handle(chargeJob, async () => {
      runs.push('other');
      return undefined;
    });
    await live.q.enqueue(database.db, chargeJob.of({}));
    const liveRun = live.q.runDue();
    // Three leases long: without renewals the other worker would have taken it twice over.
    await sleep(900);
    expect(await other.q.runDue()).toBe(0);
    const { id } = await jobByKey(database, 'c');
    const row = await jobRow(database, id);
    expect(row).toMatchObject({ state: 'running', lockedBy: 'live', attempts: 1 });
    expect(row.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    finishWork();
    expect(await liveRun).toBe(1);
    expect(await jobRow(database, id)).toMatchObject({ state: 'done', attempts: 1, lockedBy: null });
    expect(runs).toEqual(['live']);
  });

  it('reclaims a job whose worker died mid-run', async () => {
    const { q } = queue({ workerId: 'alive' });
    const seen: number[] = [];
    q.handle(deliverJob, async (_payload, ctx) => {
      seen.push(ctx.attempt);
      return undefined;
    });
    await q.enqueue(database.db, deliverJob.of({}));
    const { id } = await jobByKey(database, 'd');
    // A worker took it and vanished: running, with a lease that ran out a minute ago.
    await database.db
      .update(jobs)
      .set({ state: 'running', lockedBy: 'gone', attempts: 1, lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(jobs.id, id));
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([2]);
    expect(await jobRow(database, id)).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
  });

  it('polls by itself once started, runs at most `concurrency` at once, and stop() waits for them', async () => {
    const { q } = queue({ pollMs: 20, concurrency: 2 });
    let active = 0;
    let peak = 0;
    let finished = 0;
    q.handle(workJob, async () => {
      active++;
      peak = Math.max(peak, active);
      await sleep(30);
      active--;
      finished++;
      return undefined;
    });
    for (let i = 0; i < 6; i++) await q.enqueue(database.db, workJob.of({ i }));
    q.start();
    for (let i = 0; i < 100 && finished < 6; i++) await sleep(20);
    expect(finished).toBe(6);
    expect(peak).toBe(2);

    await q.stop();
    const rows = await database.db.select().from(jobs);
    expect(rows.every((r) => r.state === 'done')).toBe(true);
  });

  it('looks for work on kick() instead of waiting for the next poll', async () => {
    const { q } = queue({ pollMs: 60_000 });
    let ran = 0;
    q.handle(soonJob, async () => {
      ran++;
      return undefined;
    });
    q.start();
    // The first look finds nothing; the next poll would be a minute away.
    await sleep(50);
    await q.enqueue(database.db, soonJob.of({}));
    q.kick();
    for (let i = 0; i < 50 && ran === 0; i++) await sleep(20);
    expect(ran).toBe(1);
  });

  it('stop() waits for a running handler before it resolves', async () => {
    const { q } = queue({ pollMs: 10 });
    let finished = false;
    let started = false;
    q.handle(longJob, async () => {
      started = true;
      await sleep(150);
      finished = true;
      return undefined;
    });
    await q.enqueue(database.db, longJob.of({}));
    q.start();
    for (let i = 0; i < 100 && !started; i++) await sleep(10);
    expect(started).toBe(true);
    await q.stop();
    expect(finished).toBe(true);
    const [row] = await database.db.select().from(jobs);
    expect(row?.state).toBe('done');
  });
});

// Two pools on one database: PostgreSQL only (TEST_PG_BASE says when, and that CI runs it).
describe.skipIf(!TEST_PG_BASE)('job queue (two workers on PostgreSQL)', () => {
  let drop: () => Promise<void> = async () => {};
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    const created = await createTestDatabase(TEST_PG_BASE ?? '');
    drop = created.drop;
    // Two pools, as two server processes would have.
    first = await openDatabase({ kind: 'postgres', url: created.url });
    second = await openDatabase({ kind: 'postgres', url: created.url });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop();
  });

  it('never runs one job twice, even when both claim at the same moment', async () => {
    const running = new Set<number>();
    const ranBy = new Map<number, string[]>();
    let overlaps = 0;
    function handler(name: string) {
      return async (payload: Record<string, unknown>) => {
        const n = Number(payload.n);
        if (running.has(n)) overlaps++;
        running.add(n);
        ranBy.set(n, [...(ranBy.get(n) ?? []), name]);
        await sleep(5);
        running.delete(n);
        return undefined;
      };
    }
    const a = createJobQueue(first.db, recordingLogger().log, { workerId: 'a', concurrency: 4 });
    const b = createJobQueue(second.db, recordingLogger().log, { workerId: 'b', concurrency: 4 });
    a.handle(pgWorkJob, handler('a'));
    b.handle(pgWorkJob, handler('b'));
    const total = 60;
    await first.db.transaction(async (tx) => {
      for (let n = 0; n < total; n++) await a.enqueue(tx, pgWorkJob.of({ n }));
    });

    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(total);
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    expect(overlaps).toBe(0);
    expect(ranBy.size).toBe(total);
    for (const workers of ranBy.values()) expect(workers).toHaveLength(1);
    const [counted] = await first.db
      .select({ done: sql<number>`count(*) filter (where ${jobs.state} = 'done')::int` })
      .from(jobs);
    expect(counted?.done).toBe(total);
  });

  it('keeps one live job when two workers enqueue the same key at once', async () => {
    const a = createJobQueue(first.db, recordingLogger().log, { workerId: 'a' });
    const b = createJobQueue(second.db, recordingLogger().log, { workerId: 'b' });
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? first : second).db.transaction(async (tx) => {
          await (i % 2 === 0 ? a : b).enqueue(tx, pgOnceJob.of({ i }));
        }),
      ),
    );
    const rows = await first.db.select().from(jobs).where(eq(jobs.dedupeKey, 'pg-once:1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state).toBe('queued');
  });
});
