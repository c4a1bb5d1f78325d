import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from './db';

/**
 * Durable background jobs in the `jobs` table (DESIGN.md §1): payment timeouts now, fulfilment next. Any number
 * of server processes may run workers on one database: a worker claims due rows with
 * `SELECT … FOR UPDATE SKIP LOCKED`, marks them running with a lease (`locked_until`), and a job whose worker
 * died is claimed again once its lease has passed. A handler must therefore be safe to run twice.
 *
 * TODO(issue 5, orders helper): implement. The interface below is the contract other modules rely on.
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

export interface JobQueue {
  /** Adds a job in the caller's transaction, so it exists exactly when the caller's change commits. */
  enqueue(db: DbOrTx, spec: JobSpec): Promise<void>;
  handle(kind: string, handler: JobHandler): void;
  /** Starts the polling worker (not started in tests unless they ask). */
  start(): void;
  /** Stops claiming, waits for running handlers to finish. */
  stop(): Promise<void>;
  /** Look for due jobs now instead of at the next poll. */
  kick(): void;
  /** Claims and runs every job due now (tests and benchmarks); resolves with how many ran. */
  runDue(): Promise<number>;
}

export function createJobQueue(_db: Db, _log: FastifyBaseLogger, _options: JobQueueOptions = {}): JobQueue {
  const missing = (): never => {
    throw new Error('createJobQueue: not implemented yet');
  };
  return {
    enqueue: missing,
    handle: missing,
    start: () => {},
    stop: async () => {},
    kick: missing,
    runDue: missing,
  };
}
