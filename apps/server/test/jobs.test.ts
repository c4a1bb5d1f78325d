import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { type Database, openDatabase } from '../src/infra/db';
import { backoffMs, createJobQueue, type JobQueue } from '../src/infra/jobs';
import { createTestDatabase } from './support/test-app';

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
    q.handle('greet', async (payload, ctx) => {
      seen.push({ payload, attempt: ctx.attempt });
      return undefined;
    });
    await database.db.transaction(async (tx) => {
      await q.enqueue(tx, { kind: 'greet', payload: { name: 'Ann' } });
    });
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ payload: { name: 'Ann' }, attempt: 1 }]);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ state: 'done', attempts: 1, lockedBy: null, lastError: null });
    expect(await q.runDue()).toBe(0);
  });

  it('drops the job with the transaction that enqueued it when that transaction fails', async () => {
    const { q } = queue();
    q.handle('greet', async () => undefined);
    await expect(
      database.db.transaction(async (tx) => {
        await q.enqueue(tx, { kind: 'greet', payload: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('leaves a job alone until its time, and leaves kinds it has no handler for to other workers', async () => {
    const { q } = queue();
    q.handle('later', async () => undefined);
    await q.enqueue(database.db, { kind: 'later', payload: {}, runAt: new Date(Date.now() + 60_000) });
    await q.enqueue(database.db, { kind: 'someone-else', payload: {} });
    expect(await q.runDue()).toBe(0);
    const rows = await database.db.select().from(jobs);
    expect(rows.map((r) => r.state).sort()).toEqual(['queued', 'queued']);
  });

  it('keeps one live job per dedupe key and revives a finished one', async () => {
    const { q } = queue();
    const seen: unknown[] = [];
    q.handle('timeout', async (payload) => {
      seen.push(payload);
      return undefined;
    });
    const later = new Date(Date.now() + 60_000);
    await q.enqueue(database.db, { kind: 'timeout', payload: { n: 1 }, runAt: later, dedupeKey: 'k1' });
    // Live: the second enqueue changes nothing (payload and time stay).
    await q.enqueue(database.db, { kind: 'timeout', payload: { n: 2 }, dedupeKey: 'k1' });
    let row = await jobByKey(database, 'k1');
    expect(row.payload).toEqual({ n: 1 });
    expect(row.runAt.getTime()).toBe(later.getTime());
    expect(await database.db.select().from(jobs)).toHaveLength(1);

    await makeDue(database, row.id);
    expect(await q.runDue()).toBe(1);
    expect((await jobByKey(database, 'k1')).state).toBe('done');

    // Done: the same key comes back as a fresh job with the new payload.
    await q.enqueue(database.db, { kind: 'timeout', payload: { n: 3 }, dedupeKey: 'k1' });
    row = await jobByKey(database, 'k1');
    expect(row).toMatchObject({ state: 'queued', attempts: 0, payload: { n: 3 } });
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('retries a failing job with growing delays, then marks it dead and logs an error', async () => {
    const { q, lines } = queue();
    let calls = 0;
    q.handle('flaky', async () => {
      calls++;
      throw new Error(`far end down (${calls})`);
    });
    await q.enqueue(database.db, { kind: 'flaky', payload: {}, maxAttempts: 3, dedupeKey: 'f' });
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
    q.handle('poll', async () => {
      calls++;
      if (calls < 3) return { retryAt: new Date(Date.now() + 600_000), reason: `still pending (${calls})` };
      return undefined;
    });
    await q.enqueue(database.db, { kind: 'poll', payload: {}, maxAttempts: 1, dedupeKey: 'p' });
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
    const slow = queue({ workerId: 'slow', leaseMs: 200 });
    const other = queue({ workerId: 'other' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: string[] = [];
    slow.q.handle('charge', async () => {
      runs.push('slow');
      await gate;
      throw new Error('slow worker gave up');
    });
    other.q.handle('charge', async () => {
      runs.push('other');
      return undefined;
    });
    await slow.q.enqueue(database.db, { kind: 'charge', payload: {}, dedupeKey: 'c' });
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

  it('reclaims a job whose worker died mid-run', async () => {
    const { q } = queue({ workerId: 'alive' });
    const seen: number[] = [];
    q.handle('deliver', async (_payload, ctx) => {
      seen.push(ctx.attempt);
      return undefined;
    });
    await q.enqueue(database.db, { kind: 'deliver', payload: {}, dedupeKey: 'd' });
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
    q.handle('work', async () => {
      active++;
      peak = Math.max(peak, active);
      await sleep(30);
      active--;
      finished++;
      return undefined;
    });
    for (let i = 0; i < 6; i++) await q.enqueue(database.db, { kind: 'work', payload: { i } });
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
    q.handle('soon', async () => {
      ran++;
      return undefined;
    });
    q.start();
    // The first look finds nothing; the next poll would be a minute away.
    await sleep(50);
    await q.enqueue(database.db, { kind: 'soon', payload: {} });
    q.kick();
    for (let i = 0; i < 50 && ran === 0; i++) await sleep(20);
    expect(ran).toBe(1);
  });

  it('stop() waits for a running handler before it resolves', async () => {
    const { q } = queue({ pollMs: 10 });
    let finished = false;
    let started = false;
    q.handle('long', async () => {
      started = true;
      await sleep(150);
      finished = true;
      return undefined;
    });
    await q.enqueue(database.db, { kind: 'long', payload: {} });
    q.start();
    for (let i = 0; i < 100 && !started; i++) await sleep(10);
    expect(started).toBe(true);
    await q.stop();
    expect(finished).toBe(true);
    const [row] = await database.db.select().from(jobs);
    expect(row?.state).toBe('done');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('job queue (two workers on PostgreSQL)', () => {
  let drop: () => Promise<void> = async () => {};
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    const created = await createTestDatabase(process.env.TEST_DATABASE_URL ?? '');
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
    a.handle('pg-work', handler('a'));
    b.handle('pg-work', handler('b'));
    const total = 60;
    await first.db.transaction(async (tx) => {
      for (let n = 0; n < total; n++) await a.enqueue(tx, { kind: 'pg-work', payload: { n } });
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
          await (i % 2 === 0 ? a : b).enqueue(tx, {
            kind: 'pg-once',
            payload: { i },
            dedupeKey: 'pg-once:1',
          });
        }),
      ),
    );
    const rows = await first.db.select().from(jobs).where(eq(jobs.dedupeKey, 'pg-once:1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state).toBe('queued');
  });
});
