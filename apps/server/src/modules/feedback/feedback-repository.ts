import { and, desc, eq } from 'drizzle-orm';
import { feedback } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { type RowsPage, type RowWindow, selectPage } from '../../infra/db-pages';

/** Drizzle queries of feedback and contact messages. Every function takes the database or a transaction. */
export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedbackRow = Pick<
  typeof feedback.$inferInsert,
  'name' | 'source' | 'whatappId' | 'role' | 'email' | 'bigoId' | 'comment' | 'ip'
>;

export async function insertFeedback(db: DbOrTx, values: NewFeedbackRow): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  if (!row) throw new Error('insert into feedback returned no row');
  return row;
}

/** One page of rows, newest first (`handled` undefined = all), and how many match in all. */
export async function listFeedback(
  db: DbOrTx,
  filter: { handled?: boolean | undefined },
  page: RowWindow,
): Promise<RowsPage<FeedbackRow>> {
  const where = filter.handled === undefined ? undefined : eq(feedback.deleted, filter.handled);
  return selectPage(db, feedback, where, [desc(feedback.createdAt), desc(feedback.id)], page);
}

export async function findFeedbackById(db: DbOrTx, id: number): Promise<FeedbackRow | undefined> {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id)).limit(1);
  return row;
}

/**
 * Marks a pending row handled and returns it; undefined when the row is missing or already handled. The
 * condition is part of the UPDATE, so of two admins handling one row at once exactly one gets the row back.
 */
export async function markHandled(
  tx: DbOrTx,
  id: number,
  by: number,
  at: Date,
): Promise<FeedbackRow | undefined> {
  const [row] = await tx
    .update(feedback)
    .set({ deleted: true, handledAt: at, handledBy: by })
    .where(and(eq(feedback.id, id), eq(feedback.deleted, false)))
    .returning();
  return row;
}
