import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { jobs } from '../db/schema';
import { type Db, type DbOrTx, queryRows } from './db';
import { loggableError } from './db-errors';
import type { JobWakeups } from './job-wakeups';
import { within } from './shutdown';

/**
 * Durable background jobs in the `jobs` table (DESIGN.md §1). Any number of server processes may run workers on one
 * database: a worker claims due rows with `SELECT … FOR UPDATE SKIP LOCKED` and marks them running with a short
 * lease (`locked_until`, 10 s), which it renews every few seconds while the handler runs. A job whose process died
 * stops being renewed and is claimed again within seconds of its death, however long its handler may take when
 * alive. A handler must therefore be safe to run twice (a process frozen past its lease can still wake up).
 *
 * No transaction stays open while a handler runs (the claim and each result are single statements): the embedded
 * database has one connection, and the handler needs it too.
 *
 * An idle worker polls for due jobs (every 500 ms). On PostgreSQL it is also woken the moment a due job is written
 * by any process (LISTEN/NOTIFY: infra/job-wakeups.ts, migration 0005), so a payment starts its delivery at once;
 * polling remains for jobs that become due later and for the time the listening connection is down.
 */

/**
 * A kind of job, declared once (DESIGN.md §1): its name, the schema of its payload, how often it is tried and how
 * long a claimed job is held. Code that queues a job names its type (`deliverOrderJob.of({ order_num })`); the
 * handler registered for it receives the payload parsed by the same schema, never an untyped record.
 */
export interface JobType<P extends JobPayload> {
  readonly kind: string;
  readonly payload: z.ZodType<P>;
  /** Attempts before a job is marked dead. */
  readonly maxAttempts: number;
  /**
   * Lease of a claimed job of this kind: how long after its worker last renewed it (every few seconds while the
   * handler runs) the job may be claimed by another worker. Default: the queue's (10 s).
   */
  readonly leaseMs?: number;
  /**
   * At most one live (queued or running) job per key. Queueing a key whose job is done or dead revives that row
   * (queued again, attempts reset); queueing a key whose job is live changes nothing.
   */
  key?(payload: P): string;
  /** With a key: a finished job of the key stays finished, so the key names one job ever (one e-mail an hour). */
  readonly once?: boolean;
}

export type JobPayload = Record<string, unknown>;

/** One job to queue: a type, a payload that satisfied the type's schema, and when it is due. */
export interface Job<P extends JobPayload = JobPayload> {
  readonly type: JobType<P>;
  readonly payload: P;
  /** Not before this time; default now. */
  readonly runAt?: Date;
}

export interface JobDefinition<P extends JobPayload, K extends string = string> extends JobType<P> {
  /** The kind as a literal type: the composition root's handler map is checked against it at compile time. */
  readonly kind: K;
  /** The job of this type with this payload (checked against the schema: a bad one is a bug, thrown here). */
  of(payload: P, options?: { runAt?: Date }): Job<P>;
}

/** Every kind defineJob has declared in this process (modules declare theirs when imported). */
const DEFINED_KINDS = new Set<string>();

/** The kinds declared so far: the composition root checks that each has its handler. */
export function definedJobKinds(): ReadonlySet<string> {
  return DEFINED_KINDS;
}

/**
 * One handler per job type of `types`, keyed by kind: a kind without its handler, or a key that is no kind, fails to
 * compile (issue #27). `satisfies JobHandlers<typeof TYPES>` on the map is the check.
 */
export type JobHandlers<T extends readonly JobDefinition<JobPayload, string>[]> = {
  [D in T[number] as D['kind']]: JobHandler<PayloadOf<D>>;
};

/** The payload type of a job type: `PayloadOf<typeof deliverOrderJob>`. */
export type PayloadOf<T> = T extends JobType<infer P> ? P : never;

export function defineJob<P extends JobPayload, const K extends string>(
  type: JobType<P> & { kind: K },
): JobDefinition<P, K> {
  if (!/^[a-z][a-z0-9-]*$/.test(type.kind))
    throw new Error(`job kind ${type.kind}: lower-case words and dashes`);
  if (DEFINED_KINDS.has(type.kind)) throw new Error(`job kind ${type.kind} is declared twice`);
  DEFINED_KINDS.add(type.kind);
  return Object.freeze({
    ...type,
    of(payload: P, options: { runAt?: Date } = {}): Job<P> {
      const parsed = type.payload.parse(payload);
      return options.runAt ? { type, payload: parsed, runAt: options.runAt } : { type, payload: parsed };
    },
  });
}

/** Returned by a handler that wants to run again later without counting a failure (e.g. "still pending"). */
export interface JobReschedule {
  retryAt: Date;
  reason: string;
}

export interface JobContext {
  jobId: number;
  attempt: number;
  log: FastifyBaseLogger;
}

/** A handler resolves (done), resolves with a reschedule, or throws (failure: retried with backoff, then dead). */
export type JobHandler<P extends JobPayload = JobPayload> = (
  payload: P,
  context: JobContext,
) => Promise<undefined | JobReschedule>;

export interface JobQueueOptions {
  /** Identifies this process in `locked_by` (host:pid:random). */
  workerId?: string;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** Lease of a claimed job, renewed while its handler runs; one not renewed for this long may be taken over. */
  leaseMs?: number;
  /** How often running jobs' leases are renewed (default a third of the lease); 0 = never (tests of a frozen worker). */
  heartbeatMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** PostgreSQL's wake-ups (listenForJobs), started and stopped with the worker; without them it only polls. */
  wakeups?: JobWakeups | undefined;
}

export interface JobQueue {
  /** Adds a job in the caller's transaction, so it exists exactly when the caller's change commits. */
  enqueue(db: DbOrTx, job: Job): Promise<void>;
  /** Registers the handler of a job type; its payloads reach it parsed by the type's schema. */
  handle<P extends JobPayload>(type: JobType<P>, handler: JobHandler<P>): void;
  /** Starts the polling worker (not started in tests unless they ask). */
  start(): void;
  /**
   * Stops claiming and waits for running handlers to finish; with `graceMs`, at most that long: the jobs still
   * running then are handed back (queued again, not held by this process), so a process that exits cleanly leaves
   * no job leased to itself and another worker takes them at once (handlers are safe to run twice).
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Look for due jobs now instead of at the next poll. */
  kick(): void;
  /** Resolves once the started worker listens for wake-ups; at once for one that only polls (tests). */
  whenListening(): Promise<void>;
  /** Claims and runs every job due now (tests and benchmarks); resolves with how many ran. */
  runDue(): Promise<number>;
}

const DEFAULT_POLL_MS = 500;
/**
 * Renewed every third of it while the handler runs, so it only has to outlast a few missed renewals (a busy event
 * loop, a slow database): a dead process's jobs come back within about this long.
 */
const DEFAULT_LEASE_MS = 10_000;
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
  /** As stored: parsed by the kind's schema before its handler sees it. */
  payload: unknown;
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

/** jsonb arrives parsed from pg and as text from some PGlite paths. */
function storedPayload(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A job that can never succeed however often it is tried (its payload does not fit its kind): dead at once. */
class UnrunnableJob extends Error {}

interface Registered {
  run: (payload: unknown, context: JobContext) => Promise<undefined | JobReschedule>;
}

/** What an operator reads of a failure (never a database error's parameters: see loggableError). */
function errorText(err: unknown): string {
  const { type, message } = loggableError(err);
  return (message || type).slice(0, MAX_ERROR_CHARS);
}

/**
 * The INSERT that enqueues a job, as a statement to run or to embed in a larger one (the order commit writes its
 * order, events and timeout job in one statement).
 */
export function enqueueJobQuery(db: DbOrTx, job: Job): SQL {
  const { type, payload } = job;
  return jobInsert(db, type, {
    payload,
    runAt: job.runAt ?? new Date(),
    dedupeKey: type.key ? type.key(payload) : null,
  });
}

/**
 * enqueueJobQuery for a prepared statement (infra/prepared.ts): the INSERT of a job of `type` whose payload, due
 * time and key are the placeholders `${prefix}payload`, `${prefix}run_at` and `${prefix}key`.
 */
export function enqueueJobStatement(db: DbOrTx, type: JobType<JobPayload>, prefix: string): SQL {
  return jobInsert(db, type, {
    payload: sql.placeholder(`${prefix}payload`),
    runAt: sql.placeholder(`${prefix}run_at`),
    dedupeKey: type.key ? sql.placeholder(`${prefix}key`) : null,
  });
}

/** The values of enqueueJobStatement's placeholders for `job`. */
export function enqueueJobValues(job: Job, prefix: string): Record<string, unknown> {
  const { type, payload } = job;
  return {
    [`${prefix}payload`]: payload,
    [`${prefix}run_at`]: job.runAt ?? new Date(),
    ...(type.key ? { [`${prefix}key`]: type.key(payload) } : {}),
  };
}

/** The INSERT of a job of `type`: a plain insert, or one per key (kept while live, or kept forever with `once`). */
function jobInsert(
  db: DbOrTx,
  type: JobType<JobPayload>,
  v: { payload: unknown; runAt: Date | Placeholder; dedupeKey: string | Placeholder | null },
): SQL {
  const { payload, runAt, dedupeKey } = v;
  const values = { kind: type.kind, payload, runAt, maxAttempts: type.maxAttempts, dedupeKey };
  if (dedupeKey === null) return db.insert(jobs).values(values).getSQL();
  if (type.once)
    return db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.dedupeKey }).getSQL();
  return db
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      // The proposed row's payload and due time (EXCLUDED), so that they are given once, as values or placeholders.
      set: {
        kind: type.kind,
        payload: sql`excluded.payload`,
        state: 'queued',
        runAt: sql`excluded.run_at`,
        attempts: 0,
        maxAttempts: type.maxAttempts,
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
export async function enqueueJob(tx: DbOrTx, job: Job): Promise<void> {
  await tx.execute(enqueueJobQuery(tx, job));
}

/**
 * Retention of the queue itself (issue #12): finished jobs are history, pruned on a schedule. Safe because no
 * once-only guarantee rests on keeping a done row forever: a job's key is either live-only (one delivery at a time
 * per order), per attempt (refunds), bounded in time (one alert per UTC+8 hour: that hour never comes back), or
 * backed by the order's own state (a receipt is queued by the one move into 9, which an order makes once; a buyer's
 * notice is keyed by the order's n-th move into its status, counted from the order's events).
 */
export const JOB_RETENTION = {
  /** Done jobs are kept this long (what ran recently, for an operator reading an order's story). */
  doneMs: 7 * 24 * 60 * 60_000,
  /** Dead jobs stay visible in the console this long, unless an operator retries them first. */
  deadMs: 90 * 24 * 60 * 60_000,
  /** How often the pruning job runs. */
  everyMs: 60 * 60_000,
};

/** The hourly job that prunes finished jobs (one live for the whole site: queued at every start, kept if live). */
export const jobRetentionJob = defineJob({
  kind: 'job-retention',
  payload: z.strictObject({}),
  maxAttempts: 10,
  key: () => 'job-retention',
});

/** Deletes done jobs older than `doneBefore` and dead ones older than `deadBefore`; resolves with how many. */
export async function pruneFinishedJobs(db: Db, at: { doneBefore: Date; deadBefore: Date }): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${jobs}
        where (state = 'done' and updated_at < ${at.doneBefore.toISOString()}::timestamptz)
           or (state = 'dead' and updated_at < ${at.deadBefore.toISOString()}::timestamptz)
        returning id`,
  );
  return rows.length;
}

export function jobRetentionHandler(deps: {
  db: Db;
  now: () => Date;
}): JobHandler<PayloadOf<typeof jobRetentionJob>> {
  return async (_payload, { log }) => {
    const now = deps.now().getTime();
    const pruned = await pruneFinishedJobs(deps.db, {
      doneBefore: new Date(now - JOB_RETENTION.doneMs),
      deadBefore: new Date(now - JOB_RETENTION.deadMs),
    });
    if (pruned > 0) log.info({ pruned }, 'pruned finished jobs');
    return {
      retryAt: new Date(now + JOB_RETENTION.everyMs),
      reason: `next pruning in an hour (pruned ${pruned})`,
    };
  };
}

export function createJobQueue(db: Db, log: FastifyBaseLogger, options: JobQueueOptions = {}): JobQueue {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.max(100, Math.floor(leaseMs / 3));
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const handlers = new Map<string, Registered>();
  const leases = new Map<string, number>();
  /** Jobs this process runs now: id → attempt (the lease is renewed only for the attempt we hold). */
  const held = new Map<number, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  /** A wake-up came while a poll was under way (its claim may not have seen the new job): look again after it. */
  let lookAgain = false;
  const { wakeups } = options;

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
      payload: storedPayload(r.payload),
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

  /** Pushes the lease of every job this process runs further out; the rows we no longer hold are left alone. */
  async function renewLeases(): Promise<void> {
    const mine = [...held];
    if (mine.length === 0) return;
    try {
      await db.execute(
        sql`update ${jobs} set locked_until = now() + ${leaseOf()} * interval '1 millisecond'
            where locked_by = ${workerId} and state = 'running'
              and (id, attempts) in (${sql.join(
                mine.map(([id, attempts]) => sql`(${id}::integer, ${attempts}::integer)`),
                sql`, `,
              )})`,
      );
    } catch (err) {
      // The next renewal tries again; a lease that runs out meanwhile only means another worker may take over.
      log.warn({ err: errorText(err) }, 'job lease renewal failed');
    }
  }

  function hold(job: ClaimedJob): void {
    held.set(job.id, job.attempts);
    if (heartbeat || heartbeatMs <= 0) return;
    heartbeat = setInterval(() => void renewLeases(), heartbeatMs);
    heartbeat.unref();
  }

  /**
   * Gives the jobs this process still runs back to the queue, due now (shutdown past its grace). Their handlers may
   * still be running; whatever they write afterwards is refused by finish(), since the rows are no longer ours.
   */
  async function handBack(): Promise<void> {
    const mine = [...held];
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    try {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update ${jobs} set state = 'queued', run_at = now(), locked_by = null, locked_until = null,
              last_error = 'handed back: its process stopped before the job finished', updated_at = now()
            where locked_by = ${workerId} and state = 'running'
              and (id, attempts) in (${sql.join(
                mine.map(([id, attempts]) => sql`(${id}::integer, ${attempts}::integer)`),
                sql`, `,
              )})
            returning id`,
      );
      log.warn(
        { jobs: rows.map((r) => Number(r.id)) },
        'shutdown: jobs still running handed back to the queue',
      );
    } catch (err) {
      // Their leases run out instead (about 10 s) and another worker takes them then.
      log.error({ err: errorText(err) }, 'shutdown: running jobs could not be handed back');
    }
  }

  function release(job: ClaimedJob): void {
    held.delete(job.id);
    if (held.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const jobLog = log.child({ job: job.id, kind: job.kind, attempt: job.attempts });
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // A job whose worker keeps dying (lease after lease) must end too, not be claimed forever.
      if (job.attempts > job.maxAttempts) throw new Error('attempts used up (lease expired while running)');
      const result = await handler.run(job.payload, { jobId: job.id, attempt: job.attempts, log: jobLog });
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
        if (job.attempts >= job.maxAttempts || err instanceof UnrunnableJob) {
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
    hold(job);
    const p = runOne(job).finally(() => {
      release(job);
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
    if (!started || stopping) return;
    if (polling) {
      if (ms === 0) lookAgain = true;
      return;
    }
    // An earlier look already planned is kept; a sooner one replaces it.
    if (timer && ms > 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      polling = poll().then((next) => {
        polling = undefined;
        const again = lookAgain;
        lookAgain = false;
        // With every slot busy, the next finished job schedules the look instead.
        if (running.size < concurrency) schedule(again ? 0 : next);
      });
    }, ms);
  }

  function kick(): void {
    if (!started || stopping) return;
    if (running.size < concurrency) schedule(0);
  }

  return {
    enqueue: enqueueJob,

    handle(type, handler) {
      const { kind } = type;
      if (handlers.has(kind)) throw new Error(`a handler for job kind ${kind} is already registered`);
      handlers.set(kind, {
        run(stored, context) {
          const parsed = type.payload.safeParse(stored);
          if (!parsed.success) {
            throw new UnrunnableJob(`payload does not fit job kind ${kind}: ${parsed.error.message}`);
          }
          return handler(parsed.data, context);
        },
      });
      if (type.leaseMs !== undefined) leases.set(kind, Math.max(1, Math.round(type.leaseMs)));
    },

    start() {
      if (started) return;
      started = true;
      stopping = false;
      wakeups?.start(kick);
      schedule(0);
    },

    async stop(stopOptions = {}) {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const graceMs = stopOptions.graceMs ?? Number.POSITIVE_INFINITY;
      const deadline = Date.now() + graceMs;
      const left = () => Math.max(0, deadline - Date.now());
      const bounded = (p: Promise<unknown>) => (Number.isFinite(graceMs) ? within(p, left(), undefined) : p);
      await bounded(wakeups?.stop() ?? Promise.resolve());
      await bounded(polling ?? Promise.resolve());
      await bounded(Promise.allSettled([...running]));
      if (held.size > 0) await handBack();
      started = false;
    },

    kick,

    whenListening() {
      return started && wakeups ? wakeups.whenListening() : Promise.resolve();
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
