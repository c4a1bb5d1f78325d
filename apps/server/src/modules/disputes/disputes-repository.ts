import { CLOSED_DISPUTE_STATUSES, ORDER_STATUS } from '@ezrecharge/shared';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { disputes, extraPayments, jobs, orderEvents, orders } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/** Issue #28: the disputes table (db/schema/orders.ts) and what the evidence is gathered from. */

export type DisputeRow = typeof disputes.$inferSelect;

export interface DisputeValues {
  orderId: number;
  gateway: string;
  disputeRef: string;
  paymentRef: string | null;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
  lastEventAt: Date;
}

/**
 * Applies one event's view of a dispute: inserted when new; otherwise its amount, reason, status and due date are
 * replaced only by an event at least as new as the newest applied (`last_event_at`), so a late delivery of an older
 * event never overwrites a newer status. Answers the row as it now is, whether this event was news (`inserted`),
 * applied (`applied`), and the status before it.
 */
export async function upsertDispute(
  db: DbOrTx,
  values: DisputeValues,
): Promise<{ row: DisputeRow; inserted: boolean; applied: boolean; before: string | null }> {
  const [existing] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.gateway, values.gateway), eq(disputes.disputeRef, values.disputeRef)))
    .for('update')
    .limit(1);
  if (!existing) {
    const [row] = await db.insert(disputes).values(values).onConflictDoNothing().returning();
    if (row) return { row, inserted: true, applied: true, before: null };
    // Another process inserted it between our read and our insert: apply over its row.
    return upsertDispute(db, values);
  }
  if (values.lastEventAt.getTime() < existing.lastEventAt.getTime()) {
    return { row: existing, inserted: false, applied: false, before: existing.status };
  }
  const [row] = await db
    .update(disputes)
    .set({
      amount: values.amount,
      currency: values.currency,
      reason: values.reason,
      status: values.status,
      evidenceDueBy: values.evidenceDueBy,
      paymentRef: values.paymentRef ?? existing.paymentRef,
      lastEventAt: values.lastEventAt,
      updatedAt: sql`now()`,
    })
    .where(eq(disputes.id, existing.id))
    .returning();
  if (!row) throw new Error(`dispute ${existing.id} vanished while locked`);
  return { row, inserted: false, applied: true, before: existing.status };
}

export async function disputesOfOrder(db: DbOrTx, orderId: number): Promise<DisputeRow[]> {
  return db.select().from(disputes).where(eq(disputes.orderId, orderId)).orderBy(asc(disputes.id));
}

export async function findDispute(db: DbOrTx, id: number, lock = false): Promise<DisputeRow | undefined> {
  const query = db.select().from(disputes).where(eq(disputes.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function recordEvidenceSubmitted(
  db: DbOrTx,
  id: number,
  values: { by: number; status: string },
): Promise<DisputeRow> {
  const [row] = await db
    .update(disputes)
    .set({
      evidenceSubmittedAt: sql`now()`,
      evidenceSubmittedBy: values.by,
      status: values.status,
      updatedAt: sql`now()`,
    })
    .where(eq(disputes.id, id))
    .returning();
  if (!row) throw new Error(`dispute ${id} vanished`);
  return row;
}

/** Orders with a dispute the bank has not decided (the overview's card; order-queues.ts lists the same orders). */
export async function countOpenDisputes(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${disputes.orderId})` })
    .from(disputes)
    .where(notInArray(disputes.status, [...CLOSED_DISPUTE_STATUSES]));
  return Number(row?.n ?? 0);
}

/** How BIGO confirmed the delivery: the newest move into 9 (charged), with its cause. */
export async function deliveryConfirmation(
  db: DbOrTx,
  orderId: number,
): Promise<{ at: Date; cause: string } | undefined> {
  const [row] = await db
    .select({ at: orderEvents.createdAt, cause: orderEvents.cause })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.toStatus, ORDER_STATUS.CHARGED),
        sql`${orderEvents.fromStatus} is distinct from ${ORDER_STATUS.CHARGED}`,
      ),
    )
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return row;
}

/** When the order's receipt e-mail went out: its job (key `receipt:<order>`, fulfilment-jobs.ts) finished. */
export async function receiptSentAt(db: DbOrTx, orderNum: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, `receipt:${orderNum}`), eq(jobs.state, 'done')))
    .limit(1);
  return row?.at ?? null;
}

export async function orderById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** Whether `ref` is one of the order's extra payments (issue #26): another session that paid it. */
export async function isExtraPaymentOf(
  db: DbOrTx,
  orderId: number,
  gateway: string,
  ref: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: extraPayments.id })
    .from(extraPayments)
    .where(
      and(eq(extraPayments.orderId, orderId), eq(extraPayments.gateway, gateway), eq(extraPayments.ref, ref)),
    )
    .limit(1);
  return row !== undefined;
}
