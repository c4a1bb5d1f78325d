import { isPayable } from '@ezrecharge/shared';
import type { Gateways, PaymentStatus } from '../../gateways/ports';
import type { Db } from '../../infra/db';
import type { JobHandler } from '../../infra/jobs';
import { applyPaymentOutcome } from '../payments/payment-outcomes';
import type { OrderRow } from './order-moves';
import { orderForPayment, PAYMENT_TIMEOUT_MS } from './orders-common';
import { findOrderByNum } from './orders-repository';

/**
 * The payment-timeout job (DESIGN.md §6, §7): at an order's deadline it asks the gateway before it gives up, so a
 * paid order is never timed out because a notification is late or lost.
 *
 * - paid → 7 (through applyPaymentOutcome, which also checks amount and currency);
 * - failed, or no session to ask about → 6;
 * - pending (the buyer is still on the gateway's page, or the bank is still deciding) → asked again every
 *   10 minutes, for at most 30 minutes after the deadline, then 6;
 * - unknown (no answer) → the job fails and is retried with backoff; 2 hours after the deadline the order is
 *   timed out without an answer. Money that arrives after that still moves it from 6 to 7.
 *
 * The counts are measured from the deadline rather than kept in the payload: the job may run twice or late, and
 * the deadline is the one fact every run agrees on.
 */

const MINUTE = 60_000;
export const PENDING_RECHECK_MS = 10 * MINUTE;
/** Three rechecks of a pending payment. */
export const PENDING_GRACE_MS = 3 * PENDING_RECHECK_MS;
export const UNKNOWN_GRACE_MS = 120 * MINUTE;

export interface PaymentTimeoutDeps {
  db: Db;
  gateways: Gateways;
  now: () => Date;
}

const CAUSE_QUERY = 'status query before timeout';

function orderNumOf(payload: Record<string, unknown>): string {
  return typeof payload.order_num === 'string' ? payload.order_num : '';
}

/** The deadline of an order awaiting payment; orders without one (none are written so) count from creation. */
function deadlineOf(order: OrderRow): Date {
  return order.paymentDeadline ?? new Date(order.createdAt.getTime() + PAYMENT_TIMEOUT_MS);
}

export function paymentTimeoutHandler(deps: PaymentTimeoutDeps): JobHandler {
  const { db, gateways } = deps;
  const gatewayOf = (order: OrderRow): 'fiuu' | 'stripe' => (order.gateway === 'stripe' ? 'stripe' : 'fiuu');

  async function ask(order: OrderRow): Promise<PaymentStatus> {
    if (gatewayOf(order) === 'fiuu') return gateways.fiuu.queryStatus(orderForPayment(order));
    // No session was ever created (Stripe refused at commit and Pay Now was not used): nothing can be paid.
    if (!order.gatewayRef) return { state: 'failed', reason: 'no checkout session was created' };
    return gateways.stripe.retrieveCheckout(order.gatewayRef);
  }

  async function settlePaid(order: OrderRow, status: PaymentStatus, cause: string): Promise<void> {
    await applyPaymentOutcome(db, {
      orderNum: order.orderNum,
      gateway: gatewayOf(order),
      result: 'paid',
      amount: status.amount ?? null,
      currency: status.currency ?? null,
      ref: status.ref ?? order.gatewayRef,
      cause,
    });
  }

  async function expire(order: OrderRow, status: PaymentStatus, why: string): Promise<void> {
    if (gatewayOf(order) === 'stripe' && order.gatewayRef) {
      // Close the session first so it cannot be paid after we gave up; Stripe refuses if it just completed.
      const closed = await gateways.stripe.expireCheckout(order.gatewayRef);
      if (!closed) {
        const again = await gateways.stripe.retrieveCheckout(order.gatewayRef);
        if (again.state === 'paid') {
          await settlePaid(order, again, `${CAUSE_QUERY} (session completed while expiring)`);
          return;
        }
      }
    }
    await applyPaymentOutcome(db, {
      orderNum: order.orderNum,
      gateway: gatewayOf(order),
      result: 'expired',
      ref: status.ref ?? order.gatewayRef,
      cause: `payment deadline passed (${why})`,
      actor: 'system',
      detail: { gateway_state: status.state, ...(status.reason ? { gateway_reason: status.reason } : {}) },
    });
  }

  return async (payload, { log }) => {
    const order = await findOrderByNum(db, orderNumOf(payload));
    if (!order || !isPayable(order.orderStatus)) return undefined;
    const deadline = deadlineOf(order);
    const now = deps.now();
    // Pay Now moved the deadline after this job was queued.
    if (deadline > now) return { retryAt: deadline, reason: 'deadline moved to a later time' };

    const status = await ask(order);
    const late = now.getTime() - deadline.getTime();
    switch (status.state) {
      case 'paid':
        await settlePaid(order, status, CAUSE_QUERY);
        return undefined;
      case 'pending':
        if (late < PENDING_GRACE_MS) {
          return {
            retryAt: new Date(now.getTime() + PENDING_RECHECK_MS),
            reason: 'payment still pending at the gateway',
          };
        }
        await expire(order, status, 'still pending 30 minutes after the deadline');
        return undefined;
      case 'unknown':
        if (late < UNKNOWN_GRACE_MS) {
          throw new Error(`payment status unknown: ${status.reason ?? 'no answer from the gateway'}`);
        }
        log.error(
          { orderNum: order.orderNum, reason: status.reason },
          'payment status still unknown 2 hours after the deadline: timing the order out',
        );
        await expire(order, status, 'gateway gave no answer for 2 hours');
        return undefined;
      case 'failed':
        await expire(order, status, status.reason ?? 'not paid');
        return undefined;
    }
  };
}
