import {
  MSG,
  pageWindow,
  type TDeadJob,
  type TDeadJobListQuery,
  type TPage,
  type TPageQuery,
  toPage,
} from '@ezrecharge/shared';
import { auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import type { JobQueue } from '../../infra/jobs';
import { findJob, type JobRow, listDeadJobs, reviveDeadJob } from './jobs-repository';

/** The superuser who acts, and from where (for the audit row). */
export interface Actor {
  id: number;
  ip: string;
}

export const JOB_MESSAGES = {
  notFound: MSG.job_not_found,
  notDead: MSG.job_not_dead,
  retried: MSG.job_retried,
} as const;

function payloadOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  return { value };
}

export function toApiDeadJob(row: JobRow): TDeadJob {
  return {
    id: row.id,
    kind: row.kind,
    payload: payloadOf(row.payload),
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Jobs that ran out of attempts, for operators (issue #12): a delivery BIGO kept refusing past its order's move to
 * 10, a receipt the SMTP server never took, a refund the gateway never answered. Each can be retried once its cause
 * is fixed; the retry is audited. Retrying runs the job's handler again from the start, which every handler allows
 * (they are written to run twice safely).
 */
export class JobsService {
  constructor(private readonly deps: { db: Db; jobs: JobQueue }) {}

  async listDead(query: TPageQuery & TDeadJobListQuery): Promise<TPage<TDeadJob>> {
    const { rows, total } = await listDeadJobs(this.deps.db, { kind: query.kind }, pageWindow(query));
    return toPage(rows.map(toApiDeadJob), total, query);
  }

  async retry(actor: Actor, id: number): Promise<TDeadJob> {
    const revived = await this.deps.db.transaction(async (tx) => {
      const row = await reviveDeadJob(tx, id);
      if (!row) return undefined;
      await auditChange(tx, actor, 'job.retry', id, { kind: row.kind, last_error: row.lastError });
      return row;
    });
    if (!revived) {
      if (!(await findJob(this.deps.db, id))) throw AppError.notFound(JOB_MESSAGES.notFound);
      throw AppError.badRequest(JOB_MESSAGES.notDead);
    }
    this.deps.jobs.kick();
    return toApiDeadJob(revived);
  }
}
