import { ORDER_STATUS, type TOrderAttention } from '@ezrecharge/shared';
import { and, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { extraRefundOverdueCondition, paidTwiceCondition } from './extra-payments';

/**
 * The operator's queues (issue #26) as conditions on `orders`, for the order list's `attention` filter (the
 * overview counts the same queues by indexed reads: fulfilment-repository.ts countOperatorQueues).
 */

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

export const ORDER_QUEUE_CONDITIONS: Readonly<Record<TOrderAttention, SQL>> = {
  payment_held: eq(orders.paymentHeld, true),
  delivery_uncertain: deliveryUncertainCondition,
  paid_twice: paidTwiceCondition,
  refund_overdue: refundOverdueCondition,
};
