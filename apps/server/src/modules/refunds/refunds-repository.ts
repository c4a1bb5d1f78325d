import { ORDER_STATUS } from '@ezrecharge/shared';
import { and, count, eq, isNull, max, sql } from 'drizzle-orm';
import { orderEvents, orders } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/** Drizzle queries of the refunds module: orders and their moves into 11 (Refund in progress). */

const intoRefunding = (orderId: number) =>
  and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, ORDER_STATUS.REFUNDING));

/** How many times the order was moved into 11: the number of the current refund attempt. */
export async function countRefundAttempts(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orderEvents).where(intoRefunding(orderId));
  return Number(row?.n ?? 0);
}

/** When the order was last moved into 11 (the current attempt's start). */
export async function latestRefundStart(db: DbOrTx, orderId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(orderEvents.createdAt) })
    .from(orderEvents)
    .where(intoRefunding(orderId));
  return row?.at ?? undefined;
}

/** Keeps the gateway's refund id of the current attempt; only once, and only while the order is in 11. */
export async function storeRefundRef(db: DbOrTx, orderId: number, ref: string): Promise<void> {
  await db
    .update(orders)
    .set({ refundRef: ref, updatedAt: sql`now()` })
    .where(
      and(eq(orders.id, orderId), eq(orders.orderStatus, ORDER_STATUS.REFUNDING), isNull(orders.refundRef)),
    );
}

/** A new attempt starts without a refund id: the previous attempt's belongs to a refund that failed. */
export async function clearRefundRef(db: DbOrTx, orderId: number): Promise<void> {
  await db.update(orders).set({ refundRef: null }).where(eq(orders.id, orderId));
}
