import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobs } from '../db/schema';
import { type Db, type DbOrTx, queryRows } from './db';

/**
 * Durable background jobs in the `jobs` table (DESIGN.md §1): payment timeouts now, fulfilment next. Any number
 * of server processes may run workers on one database: a worker claims due rows with
 * `SELECT … FOR UPDATE SKIP LOCKED`, marks them running with a lease (`locked_until`), and a job whose worker
 * died is claimed again once its lease has passed. A handler must therefore be safe to run twice.
 *
 * No transaction stays open while a handler runs (the claim and each result are single statements): the embedded
 * database has one connection, and the handler needs it too.
 */

export interface JobSpec {
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this time; default now. */
  runAt?: Date;
  /**
   * At most one live (queued or running) job per key. Enqueueing a key whose job is done or dead revives that
   * row (queued again, attempts reset); enqueueing a key whose job is live changes nothing.
   */
  dedupeKey?: string;
  /** Attempts before the job is marked dead (default 10). */
  maxAttempts?: number;
  /**
   * With dedupeKey: a finished job of the key is left finished too, so the key names one job ever (e.g. one
   * warning e-mail per hour) rather than one live job at a time.
   */
  once?: boolean;
}

/** Returned by a handler that wants to run again later without counting a failure (e.g. "still pending"). */
export interface JobReschedule {
  retryAt: Date;
  reason: string;
}

/** A handler resolves (done), resolves with a reschedule, or throws (failure: retried with backoff, then dead). */
export type JobHandler = (
  payload: Record<string, unknown>,
  context: { jobId: number; attempt: number; log: FastifyBaseLogger },
) => Promise<undefined | JobReschedule>;

export interface JobQueueOptions {
  /** Identifies this process in `locked_by` (host:pid:random). */
  workerId?: string;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** Lease of a claimed job; a job still running after it may be claimed by another worker. */
  leaseMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
}

/** Per-kind settings given with the handler. */
export interface JobKindOptions {
  /**
   * Lease of this kind's jobs instead of the queue's. A kind whose handler is short (bounded far-end timeouts)
   * takes a short lease, so a job whose process died is picked up again within seconds, not minutes.
   */
  leaseMs?: number;
}

export interface JobQueue {
  /** Adds a job in the caller's transaction, so it exists exactly when the caller's change commits. */
  enqueue(db: DbOrTx, spec: JobSpec): Promise<void>;
  handle(kind: string, handler: JobHandler, options?: JobKindOptions): void;
  /** Starts the polling worker (not started in tests unless they ask). */
  start(): void;
  /** Stops claiming, waits for running handlers to finish. */
  stop(): Promise<void>;
  /** Look for due jobs now instead of at the next poll. */
  kick(): void;
  /** Claims and runs every job due now (tests and benchmarks); resolves with how many ran. */
  runDue(): Promise<number>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_POLL_MS = 500;
/** Long enough for any handler whose far-end calls have their own timeouts (gateway calls stay under a minute). */
const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_CONCURRENCY = 4;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 10 * 60_000;
/** A failing poll (database briefly away) waits this long before the next try instead of spinning. */
const POLL_ERROR_MS = 5_000;
/** runDue stops after this many claim rounds, so a handler that reschedules into the past cannot loop forever. */
const RUN_DUE_MAX_ROUNDS = 100;
/** last_error is for an operator to read, not a dump. */
const MAX_ERROR_CHARS = 2_000;

/**
 * Delay before retry number `attempts + 1`: 2^attempts seconds, at most 10 minutes, with up to 25 % taken off at
 * random so that jobs failing together (a gateway outage) do not all come back in the same second.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts), BACKOFF_MAX_MS);
  return Math.round(exp * (1 - 0.25 * random()));
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

function toPayload(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return toPayload(JSON.parse(value) as unknown);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return value as Record<string, unknown>;
  }
  return {};
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.slice(0, MAX_ERROR_CHARS);
}

/**
 * The INSERT that enqueues a job, as a statement to run or to embed in a larger one (the order commit writes its
 * order, events and timeout job in one statement).
 */
export function enqueueJobQuery(db: DbOrTx, spec: JobSpec): SQL {
  const runAt = spec.runAt ?? new Date();
  const maxAttempts = spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const values = {
    kind: spec.kind,
    payload: spec.payload,
    runAt,
    maxAttempts,
    dedupeKey: spec.dedupeKey ?? null,
  };
  if (!spec.dedupeKey) return db.insert(jobs).values(values).getSQL();
  if (spec.once)
    return db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.dedupeKey }).getSQL();
  return db
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      set: {
        kind: spec.kind,
        payload: spec.payload,
        state: 'queued',
        runAt,
        attempts: 0,
        maxAttempts,
        lastError: null,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      },
      // A live job with the key is left alone; only a finished one comes back.
      setWhere: sql`${jobs.state} in ('done', 'dead')`,
    })
    .getSQL();
}

/**
 * Adds a job in the caller's transaction, so it exists exactly when the caller's change commits. A free function
 * (JobQueue.enqueue is this one) for code that has a transaction but no queue, e.g. applyPaymentOutcome.
 */
export async function enqueueJob(tx: DbOrTx, spec: JobSpec): Promise<void> {
  await tx.execute(enqueueJobQuery(tx, spec));
}

export function createJobQueue(db: Db, log: FastifyBaseLogger, options: JobQueueOptions = {}): JobQueue {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const handlers = new Map<string, JobHandler>();
  const leases = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  /** The lease in ms as SQL: the queue's, or the kind's own where its handler was registered with one. */
  function leaseOf(): SQL {
    if (leases.size === 0) return sql`${leaseMs}`;
    const cases = [...leases].map(([kind, ms]) => sql`when ${kind} then ${ms}::integer`);
    return sql`(case kind ${sql.join(cases, sql` `)} else ${leaseMs}::integer end)`;
  }

  /** Marks up to `limit` due jobs of kinds this process can run as ours, in one statement. */
  async function claim(limit: number): Promise<ClaimedJob[]> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0 || limit <= 0) return [];
    const rows = await queryRows<ClaimedRow>(
      db,
      sql`update ${jobs}
          set state = 'running',
              locked_by = ${workerId},
              locked_until = now() + ${leaseOf()} * interval '1 millisecond',
              attempts = attempts + 1,
              updated_at = now()
          where id in (
            select id from ${jobs}
            where kind in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})
              and ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now()))
            order by run_at, id
            limit ${limit}
            for update skip locked
          )
          returning id, kind, payload, attempts, max_attempts`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: toPayload(r.payload),
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
    }));
  }

  /**
   * Writes a job's result, but only while the row is still ours for this attempt: a worker whose lease ran out
   * (and whose job another worker took) must not overwrite that worker's result.
   */
  async function finish(job: ClaimedJob, set: ReturnType<typeof sql>): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`update ${jobs} set ${set}, locked_by = null, locked_until = null, updated_at = now()
          where id = ${job.id} and locked_by = ${workerId} and attempts = ${job.attempts} and state = 'running'
          returning id`,
    );
    return rows.length > 0;
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const jobLog = log.child({ job: job.id, kind: job.kind, attempt: job.attempts });
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // A job whose worker keeps dying (lease after lease) must end too, not be claimed forever.
      if (job.attempts > job.maxAttempts) throw new Error('attempts used up (lease expired while running)');
      const result = await handler(job.payload, { jobId: job.id, attempt: job.attempts, log: jobLog });
      if (result) {
        const kept = await finish(
          job,
          sql`state = 'queued', run_at = ${result.retryAt.toISOString()}::timestamptz,
              attempts = attempts - 1, last_error = ${result.reason.slice(0, MAX_ERROR_CHARS)}`,
        );
        if (!kept) jobLog.warn('job rescheduled after its lease passed: another worker owns it now');
        return;
      }
      const kept = await finish(job, sql`state = 'done', last_error = null`);
      if (!kept) jobLog.warn('job finished after its lease passed: another worker owns it now');
    } catch (err) {
      const message = errorText(err);
      try {
        if (job.attempts >= job.maxAttempts) {
          const kept = await finish(job, sql`state = 'dead', last_error = ${message}`);
          if (kept) jobLog.error({ err: message }, `job dead after ${job.attempts} attempts`);
        } else {
          const retryAt = new Date(Date.now() + backoffMs(job.attempts));
          const kept = await finish(
            job,
            sql`state = 'queued', run_at = ${retryAt.toISOString()}::timestamptz, last_error = ${message}`,
          );
          if (kept) jobLog.warn({ err: message, retryAt }, 'job failed; will retry');
        }
      } catch (writeErr) {
        // The lease will run out and the job will be claimed again: handlers are safe to run twice.
        jobLog.error({ err: errorText(writeErr), jobErr: message }, 'job result not recorded');
      }
    }
  }

  function track(job: ClaimedJob): Promise<void> {
    const p = runOne(job).finally(() => {
      running.delete(p);
      // A freed slot may have work waiting.
      if (started && !stopping) schedule(0);
    });
    running.add(p);
    return p;
  }

  /** Claims what fits in the free slots and starts it; returns when to look again. */
  async function poll(): Promise<number> {
    try {
      const free = concurrency - running.size;
      const claimed = await claim(free);
      for (const job of claimed) void track(job);
      // A full batch means more may be due right away.
      return claimed.length > 0 && claimed.length === free ? 0 : pollMs;
    } catch (err) {
      log.error({ err: errorText(err) }, 'job poll failed');
      return POLL_ERROR_MS;
    }
  }

  function schedule(ms: number): void {
    if (!started || stopping || polling) return;
    // An earlier look already planned is kept; a sooner one replaces it.
    if (timer && ms > 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      polling = poll().then((next) => {
        polling = undefined;
        // With every slot busy, the next finished job schedules the look instead.
        if (running.size < concurrency) schedule(next);
      });
    }, ms);
  }

  return {
    enqueue: enqueueJob,

    handle(kind, handler, kindOptions = {}) {
      if (handlers.has(kind)) throw new Error(`a handler for job kind ${kind} is already registered`);
      handlers.set(kind, handler);
      if (kindOptions.leaseMs !== undefined) leases.set(kind, Math.max(1, Math.round(kindOptions.leaseMs)));
    },

    start() {
      if (started) return;
      started = true;
      stopping = false;
      schedule(0);
    },

    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await polling;
      await Promise.allSettled([...running]);
      started = false;
    },

    kick() {
      if (!started || stopping) return;
      if (running.size < concurrency) schedule(0);
    },

    async runDue() {
      let ran = 0;
      for (let round = 0; round < RUN_DUE_MAX_ROUNDS; round++) {
        const claimed = await claim(concurrency);
        if (claimed.length === 0) break;
        await Promise.all(claimed.map((job) => track(job)));
        ran += claimed.length;
      }
      return ran;
    },
  };
}
