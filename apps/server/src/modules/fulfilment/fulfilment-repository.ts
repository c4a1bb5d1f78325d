import { ORDER_STATUS, type TOrderStatus } from '@ezrecharge/shared';
import { count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { jobs, orderEvents, orders } from '../../db/schema';
import { type DbOrTx, queryRows } from '../../infra/db';
import type { OrderRow } from '../orders/order-moves';
import { DELIVER_ORDER_JOB } from './fulfilment-jobs';

/** Drizzle queries of the fulfilment module. Every function takes the database or a transaction. */

export async function findOrder(db: DbOrTx, orderNum: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNum, orderNum)).limit(1);
  return row;
}

/**
 * Writes an event that explains what is happening to an order without moving it (from = to): "BIGO not reached,
 * will retry", "delivery resumed". Only while the order is still in `status` (locked meanwhile), so a note never
 * lands after a move it would contradict. False when the order is elsewhere by now.
 */
export async function noteOrderEvent(
  db: DbOrTx,
  note: {
    orderNum: string;
    status: TOrderStatus;
    cause: string;
    actor: string;
    detail?: Record<string, unknown>;
  },
  after?: (tx: DbOrTx, order: OrderRow) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderNum, note.orderNum))
      .for('update')
      .limit(1);
    if (order?.orderStatus !== note.status) return false;
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: note.status,
      toStatus: note.status,
      cause: note.cause,
      actor: note.actor,
      detail: note.detail ?? null,
    });
    await after?.(tx, order);
    return true;
  });
}

/**
 * Orders waiting for delivery (7 or 8) with no live (queued or running) delivery job: none should exist, since
 * every move to 7 or 8 queues the job in its own transaction; the sweep re-queues any that do.
 */
export async function ordersWithoutLiveDelivery(
  db: DbOrTx,
  limit: number,
): Promise<{ orderNum: string; status: TOrderStatus }[]> {
  const rows = await queryRows<{ order_num: string; order_status: number }>(
    db,
    sql`select o.order_num, o.order_status from ${orders} o
        where o.order_status in (${ORDER_STATUS.PAYMENT_COMPLETED}, ${ORDER_STATUS.CHARGING})
          and not exists (
            select 1 from ${jobs} j
            where j.dedupe_key = 'deliver:' || o.order_num
              and j.kind = ${DELIVER_ORDER_JOB}
              and j.state in ('queued', 'running')
          )
        order by o.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    orderNum: r.order_num,
    status:
      Number(r.order_status) === ORDER_STATUS.CHARGING
        ? ORDER_STATUS.CHARGING
        : ORDER_STATUS.PAYMENT_COMPLETED,
  }));
}

/** The reseller balance of the newest order whose precheck reported one, and when that order was placed. */
export async function latestPrecheckBalance(
  db: DbOrTx,
): Promise<{ balance: number; checkedAt: Date } | undefined> {
  const [row] = await db
    .select({ balance: orders.precheckBalance, checkedAt: orders.createdAt })
    .from(orders)
    .where(isNotNull(orders.precheckBalance))
    .orderBy(desc(orders.id))
    .limit(1);
  return row && row.balance !== null ? { balance: row.balance, checkedAt: row.checkedAt } : undefined;
}

/** How many orders are in each of `statuses`. */
export async function countByStatus(
  db: DbOrTx,
  statuses: readonly TOrderStatus[],
): Promise<Map<number, number>> {
  const rows = await db
    .select({ status: orders.orderStatus, n: count() })
    .from(orders)
    .where(inArray(orders.orderStatus, [...statuses]))
    .groupBy(orders.orderStatus);
  return new Map(rows.map((r) => [r.status, r.n]));
}

export async function countHeldPayments(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.paymentHeld, true));
  return row?.n ?? 0;
}
