import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { type RowsPage, type RowWindow, selectPage } from '../../infra/db-pages';

/** Drizzle queries of the operators' job view. Every function takes the database or a transaction. */

export type JobRow = typeof jobs.$inferSelect;

/** One page of dead jobs (of one kind, or all), the most recently failed first, and how many in all. */
export async function listDeadJobs(
  db: DbOrTx,
  filter: { kind?: string | undefined },
  page: RowWindow,
): Promise<RowsPage<JobRow>> {
  const conditions: SQL[] = [eq(jobs.state, 'dead')];
  if (filter.kind) conditions.push(eq(jobs.kind, filter.kind));
  return selectPage(db, jobs, and(...conditions), [desc(jobs.updatedAt), desc(jobs.id)], page);
}

export async function findJob(db: DbOrTx, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/**
 * Queues a dead job again with all its attempts (due now); only while it is still dead, so two operators
 * retrying at once queue it once. Undefined when it is not dead (any more).
 */
export async function reviveDeadJob(tx: DbOrTx, id: number): Promise<JobRow | undefined> {
  const [row] = await tx
    .update(jobs)
    .set({
      state: 'queued',
      attempts: 0,
      runAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'dead')))
    .returning();
  return row;
}
