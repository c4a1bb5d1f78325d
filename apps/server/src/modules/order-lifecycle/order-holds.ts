import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { orders, riskHolds } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/**
 * Issue #29: a paid order (7) held for review by the risk rules (modules/risk) waits for an operator before any
 * delivery. The hold is a `risk_holds` row in state `held`, written in the transaction of the move to 7 by the risk
 * subscriber (which runs before fulfilment's): fulfilment's delivery subscriber, the delivery job and the delivery
 * sweep ask here and leave a held order alone. The order keeps its status 7.
 */

/** Whether the order waits for an operator's decision: delivery must not start. */
export async function deliveryHeld(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: riskHolds.id })
    .from(riskHolds)
    .where(and(eq(riskHolds.orderId, orderId), eq(riskHolds.state, 'held')))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the risk rules bar the order's delivery: held for review (undecided), or refused by them (Stripe Radar
 * `highest`: refunded at once). An approved hold bars nothing.
 */
export async function deliveryBarred(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: riskHolds.id })
    .from(riskHolds)
    .where(and(eq(riskHolds.orderId, orderId), inArray(riskHolds.state, ['held', 'refused'])))
    .limit(1);
  return row !== undefined;
}

/** Which of these orders are held for review (undecided), in one read. */
export async function heldOrderIds(db: DbOrTx, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: riskHolds.orderId })
    .from(riskHolds)
    .where(and(inArray(riskHolds.orderId, [...orderIds]), eq(riskHolds.state, 'held')));
  return new Set(rows.map((r) => r.orderId));
}

/** Orders held for review, undecided (the operator's queue `risk_held`). */
export const riskHeldCondition: SQL = sql`exists (select 1 from ${riskHolds} where ${riskHolds.orderId} = ${
  orders.id
} and ${riskHolds.state} = 'held')`;
