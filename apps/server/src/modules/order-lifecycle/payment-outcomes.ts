import { ORDER_STATUS, ORDER_STATUSES, type TOrderStatus } from '@ezrecharge/shared';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { PaymentProviderId } from '../../gateways';
import type { DbOrTx } from '../../infra/db';
import { enqueueJob } from '../../infra/jobs';
import { deliverOrderJob } from './lifecycle-jobs';
import { moveOrder, noteOrder, type OrderMoveResult } from './order-moves';
import type { OrderRow } from './order-row';

/**
 * What a verified gateway answer does to an order (DESIGN.md §6). Every path that learns about a payment — Fiuu
 * return / notify / callback, a Stripe webhook, the Stripe cancel return, the timeout job's status query — ends
 * here, so "paid" means the same thing whoever reports it, and a repeat of any of them changes nothing.
 *
 * Reaching 7 queues the order's delivery (DESIGN.md §6) in the same transaction, so a paid order always has its
 * delivery job: a crash right after the move still leaves the job to be picked up after the restart.
 */

export type PaymentResult = 'paid' | 'failed' | 'cancelled' | 'expired';

export interface PaymentOutcome {
  orderNum: string;
  gateway: PaymentProviderId;
  result: PaymentResult;
  /** As the gateway reported it (minor units / ISO code); required to believe 'paid'. */
  amount?: number | null;
  currency?: string | null;
  /** Fiuu tranID or Stripe session id. */
  ref?: string | null;
  /** How the buyer paid, as the provider names it (kept on the order: some refunds depend on it). */
  channel?: string | null | undefined;
  /** For the event row: 'fiuu notify 00', 'stripe checkout.session.completed', 'status query before timeout'. */
  cause: string;
  /** Default `gateway:<gateway>`. */
  actor?: string;
  detail?: Record<string, unknown>;
  /** Runs in the same transaction when the order reaches 7, after its delivery is queued. */
  onPaid?: (tx: DbOrTx, order: OrderRow) => Promise<void>;
}

export type PaymentOutcomeResult =
  | OrderMoveResult
  /** Paid, but for another amount or currency: recorded and held for an admin, never delivered. */
  | { moved: false; reason: 'held'; order: OrderRow };

const TARGET: Record<Exclude<PaymentResult, 'paid'>, TOrderStatus> = {
  failed: ORDER_STATUS.PAYMENT_FAILED,
  cancelled: ORDER_STATUS.PAYMENT_CANCELLED,
  expired: ORDER_STATUS.PAYMENT_TIMEOUT,
};

/** Failures only end an order that is still waiting for payment; a paid order is never moved back. */
const AWAITING_PAYMENT = [ORDER_STATUS.PRECHECK_OK, ORDER_STATUS.PENDING_PAYMENT] as const;

export async function applyPaymentOutcome(
  db: DbOrTx,
  outcome: PaymentOutcome,
): Promise<PaymentOutcomeResult> {
  const actor = outcome.actor ?? `gateway:${outcome.gateway}`;
  const detail = { gateway: outcome.gateway, ref: outcome.ref ?? null, ...outcome.detail };
  if (outcome.result !== 'paid') {
    return moveOrder(db, {
      orderNum: outcome.orderNum,
      to: TARGET[outcome.result],
      from: AWAITING_PAYMENT,
      cause: outcome.cause,
      actor,
      detail,
    });
  }

  return db.transaction(async (tx) => {
    // Amount and currency never change after creation: read without a lock; the move or note below takes it.
    const [order] = await tx.select().from(orders).where(eq(orders.orderNum, outcome.orderNum)).limit(1);
    if (!order) return { moved: false, reason: 'not_found' } as const;
    const amountOk = outcome.amount === order.amount;
    const currencyOk = (outcome.currency ?? '').toUpperCase() === order.currency;
    if (!amountOk || !currencyOk) {
      const reason = `Paid ${outcome.amount ?? '?'} ${outcome.currency ?? '?'} (minor units) but the order is ${order.amount} ${order.currency}: held for an admin`;
      // Noted once: a repeat of the notification (or another one disagreeing) changes nothing more.
      const held = await noteOrder(tx, outcome.orderNum, ORDER_STATUSES, async (_tx, locked) =>
        locked.paymentHeld
          ? null
          : {
              cause: `payment held: amount or currency differs (${outcome.cause})`,
              actor,
              detail: { ...detail, amount: outcome.amount ?? null, currency: outcome.currency ?? null },
              set: { paymentHeld: true, failureReason: reason },
            },
      );
      return { moved: false, reason: 'held', order: held ?? order } as const;
    }
    return moveOrder(tx, {
      orderNum: outcome.orderNum,
      to: ORDER_STATUS.PAYMENT_COMPLETED,
      cause: outcome.cause,
      actor,
      detail,
      set: {
        paidAt: new Date(),
        ...(outcome.ref ? { gatewayRef: outcome.ref } : {}),
        ...(outcome.channel ? { paymentChannel: outcome.channel.slice(0, 100) } : {}),
        // A late payment clears the reason the order had failed or timed out.
        failureReason: null,
      },
      after: async (afterTx, paid) => {
        await enqueueJob(afterTx, deliverOrderJob.of({ order_num: paid.orderNum }));
        await outcome.onPaid?.(afterTx, paid);
      },
    });
  });
}
