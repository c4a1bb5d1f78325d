import {
  ORDER_STATUS,
  paymentGatewayFor,
  type TFiuuHandoff,
  type TOrderHandoff,
  type TOrderStatus,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Gateways } from '../../gateways/ports';
import type { Db, DbOrTx } from '../../infra/db';
import { AppError } from '../../infra/http';
import type { JobQueue, JobSpec } from '../../infra/jobs';
import { applyPaymentOutcome } from '../payments/payment-outcomes';
import { moveOrder, type OrderMoveSet, type OrderRow } from './order-moves';
import {
  ORDER_MESSAGES,
  orderForPayment,
  PAYMENT_TIMEOUT_JOB,
  PAYMENT_TIMEOUT_MS,
  paymentTimeoutKey,
  STRIPE_SESSION_GRACE_MS,
} from './orders-common';
import { updateAwaitingOrder } from './orders-repository';

/**
 * Attempts of the timeout job. Failures are "the gateway did not answer" and back off to 10 minutes apart, so
 * 30 attempts span about three hours: past the two hours after the deadline when the job expires the order
 * without an answer (payment-timeout.ts), so the job ends by deciding, not by dying.
 */
export const PAYMENT_TIMEOUT_MAX_ATTEMPTS = 30;

export interface HandoffDeps {
  db: Db;
  gateways: Gateways;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Base of the Stripe success and cancel URLs. */
  publicUrl: string;
  now: () => Date;
}

/** Adds (or revives) the order's timeout job in the caller's transaction. */
/** The timeout job of an order awaiting payment, due at its deadline. */
export function paymentTimeoutJob(orderNum: string, deadline: Date): JobSpec {
  return {
    kind: PAYMENT_TIMEOUT_JOB,
    payload: { order_num: orderNum },
    runAt: deadline,
    dedupeKey: paymentTimeoutKey(orderNum),
    maxAttempts: PAYMENT_TIMEOUT_MAX_ATTEMPTS,
  };
}

export async function enqueuePaymentTimeout(
  jobs: JobQueue,
  tx: DbOrTx,
  orderNum: string,
  deadline: Date,
): Promise<void> {
  await jobs.enqueue(tx, paymentTimeoutJob(orderNum, deadline));
}

/**
 * Hands an order awaiting payment (2 or 3) to its gateway, for the commit and for Pay Now (SPEC.md §7 "Payment
 * hand-off", DESIGN.md §7): Fiuu's hosted-form fields, or a Stripe Checkout Session to redirect to. The order
 * then waits in 3 with a deadline 30 minutes ahead and a timeout job queued in the same transaction.
 */
export class PaymentHandoff {
  constructor(private readonly deps: HandoffDeps) {}

  /**
   * `deadline`: when the order times out, default 30 minutes from now. The commit passes the one its timeout job
   * was queued with, so the job is due exactly then.
   */
  async handOff(order: OrderRow, actor: string, deadline?: Date): Promise<TOrderHandoff> {
    const until = deadline ?? new Date(this.deps.now().getTime() + PAYMENT_TIMEOUT_MS);
    if (paymentGatewayFor(orderForPayment(order).currency) === 'fiuu') {
      // Fiuu's reference (tranID) comes with its result; a hand-off leaves whatever is recorded alone.
      const saved = await this.record(order, actor, 'fiuu', until, {});
      return this.fiuuForm(saved);
    }
    const reused = await this.openSession(order);
    // The open session keeps its deadline: Stripe expires it a minute after that, whatever we record here.
    if (reused) {
      return {
        method: 'redirect',
        order_num: order.orderNum,
        order_status: ORDER_STATUS.PENDING_PAYMENT,
        payment_url: reused,
      };
    }
    const session = await this.createSession(order, until);
    const saved = await this.record(order, actor, 'stripe', until, {
      gatewayRef: session.id,
      payCheckoutSessionUrl: session.url,
    });
    return {
      method: 'redirect',
      order_num: saved.orderNum,
      order_status: ORDER_STATUS.PENDING_PAYMENT,
      payment_url: session.url,
    };
  }

  /**
   * Fiuu's hosted-form fields for an order awaiting payment. Pure: the browser posts the form, so nothing can fail
   * on the way, and the commit can store the order as awaiting payment before this runs.
   */
  fiuuForm(order: OrderRow): TFiuuHandoff {
    const fields = this.deps.gateways.fiuu.handoff(orderForPayment(order));
    return {
      method: 'form',
      ...fields,
      order_num: order.orderNum,
      order_status: ORDER_STATUS.PENDING_PAYMENT,
    };
  }

  /**
   * The URL of the order's Stripe session when it can still be paid, so Pay Now never opens a second session
   * the buyer could pay as well. A session already paid settles the order here (the webhook may be late); one
   * whose state Stripe would not tell is not replaced, for the same reason.
   */
  private async openSession(order: OrderRow): Promise<string | null> {
    if (order.orderStatus !== ORDER_STATUS.PENDING_PAYMENT || !order.gatewayRef) return null;
    const status = await this.deps.gateways.stripe.retrieveCheckout(order.gatewayRef);
    if (status.state === 'pending' && order.payCheckoutSessionUrl) return order.payCheckoutSessionUrl;
    if (status.state === 'paid') {
      await applyPaymentOutcome(this.deps.db, {
        orderNum: order.orderNum,
        gateway: 'stripe',
        result: 'paid',
        amount: status.amount ?? null,
        currency: status.currency ?? null,
        ref: status.ref ?? order.gatewayRef,
        cause: 'status query at pay now',
      });
      throw AppError.badRequest(ORDER_MESSAGES.notPayable);
    }
    if (status.state === 'unknown') {
      this.deps.log.warn({ orderNum: order.orderNum, reason: status.reason }, 'stripe session state unknown');
      throw new AppError('service_unavailable', ORDER_MESSAGES.paymentUnavailable);
    }
    return null;
  }

  private async createSession(order: OrderRow, deadline: Date) {
    const num = encodeURIComponent(order.orderNum);
    const { publicUrl } = this.deps;
    try {
      return await this.deps.gateways.stripe.createCheckout(
        orderForPayment(order),
        {
          successUrl: `${publicUrl}/home-order?order_num=${num}&success=true`,
          cancelUrl: `${publicUrl}/api/v1/payment/stripe/cancel?order_num=${num}`,
        },
        new Date(deadline.getTime() + STRIPE_SESSION_GRACE_MS),
      );
    } catch (err) {
      // The order stays as it was (2 or 3): the buyer can try again with Pay Now.
      this.deps.log.warn(
        { orderNum: order.orderNum, err: (err as Error).message },
        'stripe checkout session not created',
      );
      throw new AppError('service_unavailable', ORDER_MESSAGES.paymentUnavailable);
    }
  }

  /** Records the hand-off: 2 → 3 (or a 3 kept in 3) with a fresh deadline and the timeout job, in one transaction. */
  private async record(
    order: OrderRow,
    actor: string,
    gateway: 'fiuu' | 'stripe',
    deadline: Date,
    set: OrderMoveSet,
  ): Promise<OrderRow> {
    const full: OrderMoveSet = { ...set, paymentDeadline: deadline };
    const { db, jobs } = this.deps;
    if (order.orderStatus === ORDER_STATUS.PRECHECK_OK) {
      const result = await moveOrder(db, {
        orderNum: order.orderNum,
        to: ORDER_STATUS.PENDING_PAYMENT,
        from: [ORDER_STATUS.PRECHECK_OK],
        cause: `payment hand-off (${gateway})`,
        actor,
        detail: { gateway, ref: set.gatewayRef ?? null },
        set: full,
        after: (tx) => enqueuePaymentTimeout(jobs, tx, order.orderNum, deadline),
      });
      if (result.moved) return result.order;
      // Another request handed it off at the same moment: keep the order in 3 with this hand-off's data.
      if (result.reason === 'not_found') throw AppError.notFound(ORDER_MESSAGES.notFound);
    }
    const awaiting: readonly TOrderStatus[] = [ORDER_STATUS.PENDING_PAYMENT];
    const updated = await db.transaction(async (tx) => {
      const row = await updateAwaitingOrder(tx, order.orderNum, awaiting, full);
      if (row) await enqueuePaymentTimeout(jobs, tx, order.orderNum, deadline);
      return row;
    });
    if (!updated) throw AppError.badRequest(ORDER_MESSAGES.notPayable);
    return updated;
  }
}
