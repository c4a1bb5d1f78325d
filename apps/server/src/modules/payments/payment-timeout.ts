import { isPayable, orderNote, type TOrderNote, type TOrderNoteValue } from '@ezrecharge/shared';
import type { Gateways, PaymentProvider, PaymentStatus } from '../../gateways';
import type { Db } from '../../infra/db';
import type { JobHandler, PayloadOf } from '../../infra/jobs';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { findOrder, type OrderRow, paymentOrderOf } from '../order-lifecycle/order-row';
import { paidByStatus } from './paid-by-status';
import { PAYMENT_TIMEOUT_MS, type paymentTimeoutJob } from './payment-jobs';

/**
 * The payment-timeout job (DESIGN.md §6, §7): at an order's deadline it asks the gateway before it gives up, so a
 * paid order is never timed out because a notification is late or lost.
 *
 * - paid → 7 (through applyPaymentOutcome, which also checks amount and currency);
 * - failed, or no session to ask about → 6;
 * - pending (the buyer is still on the gateway's page, or the bank is still deciding) → asked again 30 minutes
 *   later, twice at most (Fiuu's spec: requery "pending and unknown" transactions "once every half an hour"), then 6
 *   an hour after the deadline;
 * - unknown (no answer) → asked again 5 minutes later (never sooner: Fiuu blocks merchants that ask too often);
 *   2 hours after the deadline the order is timed out without an answer. Money that arrives after that still moves
 *   it from 6 to 7;
 * - not asked, because the provider allows no call yet (Fiuu: one status query every 5 seconds for the whole site)
 *   → asked again when the provider's slot opens; this never counts as "no answer".
 *
 * So an order is asked about at most at its deadline, then 30 and 60 minutes later while pending, or every 5 minutes
 * while there is no answer; the longest time from deadline to decision is 2 hours (no answer at all). The counts are
 * measured from the deadline rather than kept in the payload: the job may run twice or late, and the deadline is the
 * one fact every run agrees on.
 */

const MINUTE = 60_000;
export const PENDING_RECHECK_MS = 30 * MINUTE;
/** Two rechecks of a pending payment. */
export const PENDING_GRACE_MS = 2 * PENDING_RECHECK_MS;
export const UNKNOWN_RECHECK_MS = 5 * MINUTE;
export const UNKNOWN_GRACE_MS = 120 * MINUTE;
/** Spreads jobs that wait for the same provider slot, so they do not all ask for it at the same moment. */
const SLOT_JITTER_MS = 5_000;

export interface PaymentTimeoutDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  gateways: Gateways;
  now: () => Date;
}

/** The deadline of an order awaiting payment; orders without one (none are written so) count from creation. */
function deadlineOf(order: OrderRow): Date {
  return order.paymentDeadline ?? new Date(order.createdAt.getTime() + PAYMENT_TIMEOUT_MS);
}

export function paymentTimeoutHandler(
  deps: PaymentTimeoutDeps,
): JobHandler<PayloadOf<typeof paymentTimeoutJob>> {
  const { db, gateways, lifecycle } = deps;

  async function settlePaid(
    provider: PaymentProvider,
    order: OrderRow,
    status: PaymentStatus,
    cause: TOrderNote,
  ): Promise<void> {
    await lifecycle.applyPaymentOutcome(db, paidByStatus(provider, order, status, cause));
  }

  async function expire(
    provider: PaymentProvider,
    order: OrderRow,
    status: PaymentStatus,
    why: TOrderNoteValue,
  ): Promise<void> {
    // Close the open payment first so it cannot be paid after we gave up; the provider refuses if it just completed.
    const payment = paymentOrderOf(order);
    if (!(await provider.expire(payment))) {
      const again = await provider.queryStatus(payment);
      if (again.state === 'paid') {
        await settlePaid(provider, order, again, orderNote('paid_while_expiring'));
        return;
      }
    }
    await lifecycle.applyPaymentOutcome(db, {
      orderNum: order.orderNum,
      gateway: provider.id,
      result: 'expired',
      ref: status.ref ?? order.gatewayRef,
      cause: orderNote('deadline_passed', { why }),
      actor: 'system',
      detail: { gateway_state: status.state, ...(status.reason ? { gateway_reason: status.reason } : {}) },
    });
  }

  return async (payload, { log }) => {
    const order = await findOrder(db, payload.order_num);
    if (!order || !isPayable(order.orderStatus)) return undefined;
    const deadline = deadlineOf(order);
    const now = deps.now();
    // Pay Now moved the deadline after this job was queued.
    if (deadline > now) return { retryAt: deadline, reason: 'deadline moved to a later time' };

    const provider = gateways.payments.ofOrder(order);
    const status = await provider.queryStatus(paymentOrderOf(order));
    const late = now.getTime() - deadline.getTime();
    switch (status.state) {
      case 'paid':
        await settlePaid(provider, order, status, orderNote('paid_before_timeout'));
        return undefined;
      case 'pending':
        if (late < PENDING_GRACE_MS) {
          return {
            retryAt: new Date(now.getTime() + PENDING_RECHECK_MS),
            reason: 'payment still pending at the gateway',
          };
        }
        await expire(provider, order, status, orderNote('deadline_still_pending'));
        return undefined;
      case 'unknown':
        if (status.notBefore) {
          return {
            retryAt: new Date(status.notBefore.getTime() + Math.floor(Math.random() * SLOT_JITTER_MS)),
            reason: status.reason ?? 'waiting for a status query slot',
          };
        }
        if (late < UNKNOWN_GRACE_MS) {
          return {
            retryAt: new Date(now.getTime() + UNKNOWN_RECHECK_MS),
            reason: `payment status unknown: ${status.reason ?? 'no answer from the gateway'}`,
          };
        }
        log.error(
          { orderNum: order.orderNum, reason: status.reason },
          'payment status still unknown 2 hours after the deadline: timing the order out',
        );
        await expire(provider, order, status, orderNote('deadline_no_answer'));
        return undefined;
      case 'failed':
        await expire(provider, order, status, status.reason ?? orderNote('deadline_not_paid'));
        return undefined;
    }
  };
}
