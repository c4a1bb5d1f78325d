import {
  CLOSED_DISPUTE_STATUSES,
  DELIVERY_LATE_MINUTES,
  ORDER_STATUS,
  type TOrderAttention,
} from '@ezrecharge/shared';
import { and, eq, inArray, isNotNull, not, or, type SQL, sql } from 'drizzle-orm';
import { disputes, orders } from '../../db/schema';
import { extraRefundOverdueCondition, paidTwiceCondition } from './extra-payments';
import { riskHeldCondition } from './order-holds';

/**
 * The operator's queues (issue #26) as conditions on `orders`, for the order list's `attention` filter (the
 * overview counts the same queues by indexed reads: fulfilment-repository.ts countOperatorQueues).
 */

/** The statuses of a paid order waiting for its diamonds (DESIGN.md §6: 7 until the job picks it up, 8 while it calls). */
const AWAITING_DELIVERY = [ORDER_STATUS.PAYMENT_COMPLETED, ORDER_STATUS.CHARGING] as const;

/** How long after its payment an undelivered order counts as late, as SQL (a constant: no parameter to bind). */
const DELIVERY_LATE_INTERVAL = sql.raw(`interval '${DELIVERY_LATE_MINUTES} minutes'`);

/**
 * Issue #32: paid orders (7, 8) still not delivered DELIVERY_LATE_MINUTES after their payment, as the database's
 * clock tells (the overview counts by the same rule: fulfilment-repository.ts countOperatorQueues).
 */
export const deliveryLateCondition: SQL = and(
  inArray(orders.orderStatus, [...AWAITING_DELIVERY]),
  sql`${orders.paidAt} < now() - ${DELIVERY_LATE_INTERVAL}`,
  // Issue #29: a held order waits for its review (its own queue), not for a late delivery.
  not(riskHeldCondition),
) as SQL;

/** Orders in 10 whose delivery may have happened after all (a call to BIGO got no answer). */
export const deliveryUncertainCondition: SQL = and(
  eq(orders.orderStatus, ORDER_STATUS.CHARGE_FAILED),
  eq(orders.deliveryUncertain, true),
) as SQL;

/** Refunds in progress past their gateway's documented time: the order's own, or an extra payment's. */
export const refundOverdueCondition: SQL = or(
  and(eq(orders.orderStatus, ORDER_STATUS.REFUNDING), isNotNull(orders.refundOverdueAt)),
  extraRefundOverdueCondition,
) as SQL;

/** Issue #28: orders with a dispute the bank has not decided yet (disputes_order_idx). */
export const disputedCondition: SQL = sql`exists (select 1 from ${disputes} where ${disputes.orderId} = ${
  orders.id
} and ${disputes.status} not in (${sql.join(
  CLOSED_DISPUTE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;

export const ORDER_QUEUE_CONDITIONS: Readonly<Record<TOrderAttention, SQL>> = {
  payment_held: eq(orders.paymentHeld, true),
  delivery_late: deliveryLateCondition,
  delivery_uncertain: deliveryUncertainCondition,
  paid_twice: paidTwiceCondition,
  refund_overdue: refundOverdueCondition,
  disputed: disputedCondition,
  risk_held: riskHeldCondition,
};
