import { EXTRA_PAYMENT_REFUNDABLE, ORDER_STATUS, type TOrderStatus } from '@ezrecharge/shared';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { extraPayments, jobs, orderEvents, orders, riskHolds } from '../../db/schema';
import { type DbOrTx, queryRows } from '../../infra/db';
import { deliveryLateCondition } from '../order-lifecycle/order-queues';
import { deliverOrderJob } from './fulfilment-jobs';

/** Drizzle queries of the fulfilment module. Every function takes the database or a transaction. */

/** The newest recharge mark among the order's events (recharge-record.ts), or null when there is none. */
export async function lastRechargeMark(db: DbOrTx, orderId: number): Promise<string | null> {
  const [last] = await db
    .select({ mark: sql<string | null>`${orderEvents.detail}->>'recharge'` })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.detail}->>'recharge' is not null`))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return last?.mark ?? null;
}

/** Whether the order's record says an earlier rs_recharge of it may have delivered (recharge-record.ts). */
export async function rechargeMaybeDelivered(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.detail}->>'maybe_delivered' = 'true'`))
    .limit(1);
  return row !== undefined;
}

/** One rs_recharge mark of an order's record (recharge-record.ts), oldest first: the operator's alert lists them. */
export interface RechargeCall {
  at: Date;
  mark: string;
  seqid: string | null;
  rescode: number | null;
  cause: string;
}

export async function rechargeCalls(db: DbOrTx, orderId: number): Promise<RechargeCall[]> {
  const rows = await db
    .select({
      at: orderEvents.createdAt,
      mark: sql<string>`${orderEvents.detail}->>'recharge'`,
      seqid: sql<string | null>`${orderEvents.detail}->>'seqid'`,
      rescode: sql<string | null>`${orderEvents.detail}->>'rescode'`,
      cause: orderEvents.cause,
    })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), sql`${orderEvents.detail}->>'recharge' is not null`))
    .orderBy(orderEvents.id);
  return rows.map((r) => {
    const rescode = r.rescode === null ? Number.NaN : Number(r.rescode);
    return { ...r, rescode: Number.isSafeInteger(rescode) ? rescode : null };
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
          and not exists (select 1 from ${riskHolds} h where h.order_id = o.id and h.state = 'held')
          and not exists (
            select 1 from ${jobs} j
            where j.dedupe_key = 'deliver:' || o.order_num
              and j.kind = ${deliverOrderJob.kind}
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

/**
 * How many orders wait in each of the operator's queues of issue #26 (the overview's cards), each counted as the
 * order list's `attention` filter lists them (order-queues.ts), by indexed reads rather than a scan of every order.
 */
export async function countOperatorQueues(db: DbOrTx): Promise<{
  deliveryLate: number;
  deliveryUncertain: number;
  paidTwice: number;
  refundOverdue: number;
  riskHeld: number;
}> {
  const [row] = await queryRows<{
    late: number;
    uncertain: number;
    twice: number;
    overdue: number;
    held: number;
  }>(
    db,
    sql`select
          (select count(*) from ${orders} where ${deliveryLateCondition}) as late,
          (select count(*) from ${orders}
            where order_status = ${ORDER_STATUS.CHARGE_FAILED} and delivery_uncertain) as uncertain,
          (select count(distinct order_id) from ${extraPayments}
            where state in (${sql.join(
              EXTRA_PAYMENT_REFUNDABLE.map((state) => sql`${state}`),
              sql`, `,
            )})) as twice,
          (select count(*) from (
            select id from ${orders} where order_status = ${ORDER_STATUS.REFUNDING} and refund_overdue_at is not null
            union
            select order_id from ${extraPayments} where state = 'refunding' and refund_overdue_at is not null
          ) overdue) as overdue,
          (select count(*) from ${riskHolds} where state = 'held') as held`,
  );
  return {
    deliveryLate: Number(row?.late ?? 0),
    deliveryUncertain: Number(row?.uncertain ?? 0),
    paidTwice: Number(row?.twice ?? 0),
    refundOverdue: Number(row?.overdue ?? 0),
    riskHeld: Number(row?.held ?? 0),
  };
}
