import {
  ORDER_STATUS,
  ORDER_STATUSES,
  orderNote,
  type TOrderNote,
  type TOrderStatus,
} from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import { orderEvents } from '../../db/schema';
import type { PaymentProviderId, PaymentRisk } from '../../gateways';
import type { DbOrTx } from '../../infra/db';
import type { CapturedPayment, ExtraPaymentRow } from './extra-payments';
import { lockOrder, noteOrder, type OrderMove, type OrderMoveResult } from './order-moves';
import type { OrderRow } from './order-row';

/**
 * What a verified gateway answer does to an order (DESIGN.md §6). Every path that learns about a payment — Fiuu
 * return / notify / callback, a Stripe webhook, the Stripe cancel return, the timeout job's status query — ends
 * here, so "paid" means the same thing whoever reports it, and a repeat of any of them changes nothing.
 *
 * Reaching 7 is a move like any other: its subscribers (the delivery, the rewards of a paid order) react in the same
 * transaction (order-events.ts), so a paid order always has its delivery job, even after a crash right after it.
 *
 * Issue #26: money that arrives for an order already paid is never lost in silence. A capture under another reference
 * (a buyer who paid twice) is recorded as an extra payment to refund; a report that no longer moves the order is
 * recorded as an event of its own, never as the order's failure reason.
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
  cause: TOrderNote;
  /** Default `gateway:<gateway>`. */
  actor?: string;
  detail?: Record<string, unknown>;
  /**
   * Issue #29: the gateway's risk assessment of a paid payment (Stripe Radar). Written on the move to 7 as its
   * detail's `payment_risk` (paymentRiskDetail), where the risk rules read it.
   */
  risk?: PaymentRisk;
}

/** The move's detail of a gateway's risk assessment (snake case, as order_events.detail keeps JSON). */
export function paymentRiskDetail(risk: PaymentRisk): Record<string, unknown> {
  return risk.read
    ? {
        read: true,
        level: risk.level,
        score: risk.score,
        card_fingerprint: risk.cardFingerprint,
        card_country: risk.cardCountry,
      }
    : { read: false, reason: risk.reason };
}

/** What applying an outcome needs of the lifecycle: its moves (with their reactions) and its extra payments. */
export interface PaymentOutcomeWrites {
  move(db: DbOrTx, move: OrderMove): Promise<OrderMoveResult>;
  recordExtraPayment(
    tx: DbOrTx,
    order: OrderRow,
    payment: CapturedPayment,
  ): Promise<ExtraPaymentRow | undefined>;
}

export type PaymentOutcomeResult =
  | OrderMoveResult
  /** Paid, but for another amount or currency: recorded and held for an admin, never delivered. */
  | { moved: false; reason: 'held'; order: OrderRow }
  /**
   * Issue #26: a capture besides the payment that paid the order (another tranID or session): recorded as an extra
   * payment to refund, never delivered against. `recorded` is false for a repeat of a capture recorded before.
   */
  | { moved: false; reason: 'extra_payment'; order: OrderRow; recorded: boolean };

const TARGET: Record<Exclude<PaymentResult, 'paid'>, TOrderStatus> = {
  failed: ORDER_STATUS.PAYMENT_FAILED,
  cancelled: ORDER_STATUS.PAYMENT_CANCELLED,
  expired: ORDER_STATUS.PAYMENT_TIMEOUT,
};

/** Failures only end an order that is still waiting for payment; a paid order is never moved back. */
const AWAITING_PAYMENT = [ORDER_STATUS.PRECHECK_OK, ORDER_STATUS.PENDING_PAYMENT] as const;

/** Statuses an order reaches only once paid (7 and every later one). */
const PAID_STATUSES: readonly number[] = [
  ORDER_STATUS.PAYMENT_COMPLETED,
  ORDER_STATUS.CHARGING,
  ORDER_STATUS.CHARGED,
  ORDER_STATUS.CHARGE_FAILED,
  ORDER_STATUS.REFUNDING,
  ORDER_STATUS.REFUNDED,
  ORDER_STATUS.REFUND_FAILED,
];

const wasPaid = (order: OrderRow): boolean =>
  order.paidAt !== null || PAID_STATUSES.includes(order.orderStatus);

/**
 * A report that no longer moves the order (it has moved on since), recorded as an event of its own once per
 * payment and result, never as the order's failure reason (issue #26): the order's history shows it, its status and
 * failure reason stay what they are.
 */
async function noteLateReport(
  tx: DbOrTx,
  order: OrderRow,
  outcome: PaymentOutcome,
  actor: string,
  detail: Record<string, unknown>,
): Promise<void> {
  const key = [outcome.ref ?? '-', outcome.result, outcome.amount ?? '-', outcome.currency ?? '-'].join(':');
  await noteOrder(tx, order.orderNum, ORDER_STATUSES, async (noteTx, locked) => {
    const [seen] = await noteTx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, locked.id), sql`${orderEvents.detail}->>'late_report' = ${key}`))
      .limit(1);
    if (seen) return null;
    return {
      cause: orderNote('late_report', { cause: outcome.cause }),
      actor,
      detail: {
        ...detail,
        late_report: key,
        result: outcome.result,
        amount: outcome.amount ?? null,
        currency: outcome.currency ?? null,
      },
    };
  });
}

/** What a verified payment outcome does to its order (see the module comment); OrderLifecycle.applyPaymentOutcome. */
export async function applyPaymentOutcome(
  writes: PaymentOutcomeWrites,
  db: DbOrTx,
  outcome: PaymentOutcome,
): Promise<PaymentOutcomeResult> {
  const actor = outcome.actor ?? `gateway:${outcome.gateway}`;
  const detail = { gateway: outcome.gateway, ref: outcome.ref ?? null, ...outcome.detail };
  if (outcome.result !== 'paid') {
    const to = TARGET[outcome.result];
    return db.transaction(async (tx) => {
      const moved = await writes.move(tx, {
        orderNum: outcome.orderNum,
        to,
        from: AWAITING_PAYMENT,
        cause: outcome.cause,
        actor,
        detail,
      });
      // A failure of another attempt (a second card, an older session) after the order was paid.
      if (!moved.moved && moved.reason === 'not_allowed' && wasPaid(moved.order)) {
        await noteLateReport(tx, moved.order, outcome, actor, detail);
      }
      return moved;
    });
  }

  return db.transaction(async (tx): Promise<PaymentOutcomeResult> => {
    // Locked first: two captures reported at once are decided one after the other, so the second one sees the
    // order paid by the first and is recorded as an extra payment rather than taken for a repeat.
    const order = await lockOrder(tx, outcome.orderNum);
    if (!order) return { moved: false, reason: 'not_found' };
    if (wasPaid(order)) {
      if (outcome.ref && order.gatewayRef && outcome.ref !== order.gatewayRef) {
        const recorded = await writes.recordExtraPayment(tx, order, {
          gateway: outcome.gateway,
          ref: outcome.ref,
          amount: outcome.amount ?? null,
          currency: outcome.currency ?? null,
          channel: outcome.channel,
          cause: outcome.cause,
          actor,
        });
        return { moved: false, reason: 'extra_payment', order, recorded: recorded !== undefined };
      }
      const amountOk = outcome.amount === order.amount;
      const currencyOk = (outcome.currency ?? '').toUpperCase() === order.currency;
      // The payment that paid the order, reported again but disagreeing: a note, never the order's failure.
      if (!amountOk || !currencyOk) await noteLateReport(tx, order, outcome, actor, detail);
      return order.orderStatus === ORDER_STATUS.PAYMENT_COMPLETED
        ? { moved: false, reason: 'already', order }
        : { moved: false, reason: 'not_allowed', order };
    }
    const amountOk = outcome.amount === order.amount;
    const currencyOk = (outcome.currency ?? '').toUpperCase() === order.currency;
    if (!amountOk || !currencyOk) {
      const reason = orderNote('payment_held_reason', {
        paid: outcome.amount ?? '?',
        paidCurrency: outcome.currency ?? '?',
        amount: order.amount,
        currency: order.currency,
      });
      // Noted once: a repeat of the notification (or another one disagreeing) changes nothing more.
      const held = await noteOrder(tx, outcome.orderNum, ORDER_STATUSES, async (_tx, locked) =>
        locked.paymentHeld
          ? null
          : {
              cause: orderNote('payment_held', { cause: outcome.cause }),
              actor,
              detail: { ...detail, amount: outcome.amount ?? null, currency: outcome.currency ?? null },
              set: { paymentHeld: true, failure: reason },
            },
      );
      return { moved: false, reason: 'held', order: held ?? order };
    }
    return writes.move(tx, {
      orderNum: outcome.orderNum,
      to: ORDER_STATUS.PAYMENT_COMPLETED,
      cause: outcome.cause,
      actor,
      detail: outcome.risk ? { ...detail, payment_risk: paymentRiskDetail(outcome.risk) } : detail,
      set: {
        paidAt: new Date(),
        ...(outcome.ref ? { gatewayRef: outcome.ref } : {}),
        ...(outcome.channel ? { paymentChannel: outcome.channel.slice(0, 100) } : {}),
        // A late payment clears the reason the order had failed or timed out.
        failure: null,
      },
    });
  });
}
