import { isOrderStatus, ORDER_NUM_PATTERN, ORDER_STATUS, PAYABLE_STATUSES } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { FiuuGateway, FiuuResult, StripeGateway } from '../../gateways/ports';
import type { Db, DbOrTx } from '../../infra/db';
import { enforce, type Limit, type RateLimiter } from '../../infra/rate-limit';
import { describeMove } from '../orders/order-moves';
import { applyPaymentOutcome, type PaymentOutcome, type PaymentOutcomeResult } from './payment-outcomes';
import {
  eventAlreadyHandled,
  findPaymentOrder,
  insertNotification,
  lockEvent,
  type PaymentOrder,
  setNotificationOutcome,
} from './payments-repository';

/**
 * Gateway results (DESIGN.md §6, §7): every Fiuu post and Stripe event is stored raw first, believed only after
 * its signature checks out, matched to an order of that gateway, and then handed to applyPaymentOutcome, which
 * makes any number of copies of one result move the order once.
 */

export type FiuuChannel = 'return' | 'notify' | 'callback';

/** What a stored notification led to (payment_notifications.outcome). */
export type NotificationOutcome =
  | 'bad_signature'
  | 'unknown_order'
  | 'pending'
  | 'moved'
  | 'repeat'
  | 'not_allowed'
  | 'held'
  | 'stale_session'
  | 'duplicate'
  | 'ignored';

export interface FiuuHandled {
  verified: boolean;
  /** The post's orderid when it has the shape of an order number (safe to put in a URL), else null. */
  orderNum: string | null;
  /** A verified 00 that left the order paid (for the return redirect's success flag). */
  paid: boolean;
  outcome: NotificationOutcome;
}

export interface StripeHandled {
  verified: boolean;
  outcome: NotificationOutcome;
}

/** The Stripe cancel return is a public GET that calls Stripe twice: bounded per client address. */
export const STRIPE_CANCEL_PER_IP: Limit = { name: 'stripe-cancel-ip', max: 20, windowMs: 10 * 60_000 };

/** Largest raw body kept for an unverified Stripe delivery (enough to investigate, not a storage sink). */
const MAX_UNVERIFIED_BODY = 64 * 1024;

export interface PaymentsDeps {
  db: Db;
  fiuu: FiuuGateway;
  stripe: StripeGateway;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

const validOrderNum = (value: string | undefined | null): string | null =>
  value && ORDER_NUM_PATTERN.test(value) ? value : null;

const isAwaitingPayment = (status: number) => (PAYABLE_STATUSES as readonly number[]).includes(status);

export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  // ---- Fiuu -------------------------------------------------------------------------------------------------

  /** One Fiuu result post (return, notify or callback); acknowledges return and notify once verified. */
  async handleFiuu(channel: FiuuChannel, fields: Record<string, string>): Promise<FiuuHandled> {
    const { db, fiuu, log } = this.deps;
    const orderNum = validOrderNum(fields.orderid);
    const id = await insertNotification(db, {
      gateway: 'fiuu',
      channel,
      dedupeKey: fields.tranID && fields.status ? `${fields.tranID}:${fields.status}`.slice(0, 200) : null,
      orderNum,
      verified: false,
      outcome: 'received',
      payload: fields,
    });

    const result = fiuu.verifyResult(fields);
    if (!result) {
      await setNotificationOutcome(db, id, { outcome: 'bad_signature' });
      log.warn(
        { channel, orderNum, tranId: fields.tranID ?? null },
        'fiuu result with a missing or wrong skey ignored',
      );
      return { verified: false, orderNum, paid: false, outcome: 'bad_signature' };
    }

    let applied: { outcome: NotificationOutcome; paid: boolean };
    try {
      applied = await this.applyFiuu(channel, result);
    } catch (err) {
      await setNotificationOutcome(db, id, { outcome: 'error', verified: true }).catch(() => {});
      throw err;
    }
    await setNotificationOutcome(db, id, { outcome: applied.outcome, verified: true });
    // The callback URL is acknowledged by its answer (CBTOKEN:MPSTATOK); return and notify by the IPN post.
    if (channel !== 'callback') await fiuu.acknowledge(fields);
    return { verified: true, orderNum, paid: applied.paid, outcome: applied.outcome };
  }

  private async applyFiuu(
    channel: FiuuChannel,
    result: FiuuResult,
  ): Promise<{ outcome: NotificationOutcome; paid: boolean }> {
    const { db, log } = this.deps;
    const order = await findPaymentOrder(db, result.orderId);
    if (order?.gateway !== 'fiuu') {
      log.warn(
        { channel, orderId: result.orderId, tranId: result.tranId },
        'fiuu result for an order we do not know',
      );
      return { outcome: 'unknown_order', paid: false };
    }
    if (result.state === 'pending') return { outcome: 'pending', paid: false };

    const code = result.state === 'paid' ? '00' : '11';
    const outcome: PaymentOutcome = {
      orderNum: order.orderNum,
      gateway: 'fiuu',
      result: result.state === 'paid' ? 'paid' : result.cancelled ? 'cancelled' : 'failed',
      amount: result.amount,
      currency: result.currency,
      ref: result.tranId,
      cause: `fiuu ${channel} ${code}${result.cancelled ? ' (cancelled)' : ''}`,
      detail: {
        tranId: result.tranId,
        channel: result.channel,
        ...(result.state === 'failed' ? { errorCode: result.errorCode, errorDesc: result.errorDesc } : {}),
      },
    };
    const applied = await applyPaymentOutcome(db, outcome);
    return { outcome: this.logApplied(applied, outcome), paid: result.state === 'paid' && paidNow(applied) };
  }

  // ---- Stripe -----------------------------------------------------------------------------------------------

  /** One webhook delivery: 400 for a bad signature, each event id handled once however often it comes. */
  async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<StripeHandled> {
    const { db, stripe, log } = this.deps;
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      event = stripe.constructEvent(rawBody, signature);
    } catch (err) {
      await insertNotification(db, {
        gateway: 'stripe',
        channel: 'unverified',
        dedupeKey: null,
        orderNum: null,
        verified: false,
        outcome: 'bad_signature',
        payload: {
          body: rawBody.toString('utf8').slice(0, MAX_UNVERIFIED_BODY),
          signature: signature ?? null,
        },
      });
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'stripe webhook with a bad signature refused',
      );
      return { verified: false, outcome: 'bad_signature' };
    }

    const session = checkoutSessionOf(event);
    const orderNum = session
      ? validOrderNum(session.metadata?.order_num ?? session.client_reference_id)
      : null;
    const id = await insertNotification(db, {
      gateway: 'stripe',
      channel: event.type,
      dedupeKey: event.id,
      orderNum,
      verified: true,
      outcome: 'received',
      payload: event as unknown as Record<string, unknown>,
    });
    try {
      const outcome = await db.transaction(async (tx) => {
        await lockEvent(tx, 'stripe', event.id);
        const result = (await eventAlreadyHandled(tx, 'stripe', event.id, id))
          ? 'duplicate'
          : await this.applyStripeEvent(tx, event, session, orderNum);
        await setNotificationOutcome(tx, id, { outcome: result });
        return result;
      });
      if (outcome === 'duplicate')
        log.info({ eventId: event.id, type: event.type }, 'stripe event repeated: ignored');
      return { verified: true, outcome };
    } catch (err) {
      await setNotificationOutcome(db, id, { outcome: 'error' }).catch(() => {});
      throw err;
    }
  }

  private async applyStripeEvent(
    tx: DbOrTx,
    event: Stripe.Event,
    session: Stripe.Checkout.Session | null,
    orderNum: string | null,
  ): Promise<NotificationOutcome> {
    if (!session) return 'ignored';
    let result: PaymentOutcome['result'];
    switch (event.type) {
      case 'checkout.session.completed':
        // A delayed payment method completes the session before the money arrives (async_payment_succeeded).
        if (session.payment_status !== 'paid') return 'pending';
        result = 'paid';
        break;
      case 'checkout.session.async_payment_succeeded':
        result = 'paid';
        break;
      case 'checkout.session.expired':
        result = 'expired';
        break;
      case 'checkout.session.async_payment_failed':
        result = 'failed';
        break;
      default:
        return 'ignored';
    }

    const order = orderNum ? await findPaymentOrder(tx, orderNum) : undefined;
    if (order?.gateway !== 'stripe') {
      this.deps.log.warn(
        { eventId: event.id, type: event.type, orderNum },
        'stripe event for an order we do not know',
      );
      return 'unknown_order';
    }
    // Pay Now opens a fresh session; the end of an older one says nothing about the order. Money always counts.
    if (result !== 'paid' && order.gatewayRef && order.gatewayRef !== session.id) return 'stale_session';

    const outcome: PaymentOutcome = {
      orderNum: order.orderNum,
      gateway: 'stripe',
      result,
      amount: session.amount_total,
      currency: session.currency ? session.currency.toUpperCase() : null,
      ref: session.id,
      cause: `stripe ${event.type}`,
      detail: { eventId: event.id, sessionId: session.id },
    };
    return this.logApplied(await applyPaymentOutcome(tx, outcome), outcome);
  }

  /**
   * The buyer left Stripe Checkout with "back" (cancel_url). If the session was paid meanwhile, that counts;
   * otherwise the session is expired first, so it can no longer be paid, and the order is cancelled (4).
   */
  async stripeCancel(
    rawOrderNum: string | undefined,
    ip: string,
  ): Promise<{ orderNum: string | null; success: boolean }> {
    await enforce(this.deps.limiter, STRIPE_CANCEL_PER_IP, ip);
    const orderNum = validOrderNum(rawOrderNum);
    if (!orderNum) return { orderNum: null, success: false };
    const order = await findPaymentOrder(this.deps.db, orderNum);
    if (order?.gateway !== 'stripe') return { orderNum, success: false };
    if (!isAwaitingPayment(order.orderStatus)) return { orderNum, success: order.paidAt !== null };

    const { stripe } = this.deps;
    if (order.gatewayRef) {
      const before = await stripe.retrieveCheckout(order.gatewayRef);
      if (before.state === 'paid') return { orderNum, success: await this.paidAtStripe(order, before) };
      const expired = await stripe.expireCheckout(order.gatewayRef);
      if (!expired) {
        // Refused: most likely paid in the meantime. Ask once more; money always wins over "cancel".
        const after = await stripe.retrieveCheckout(order.gatewayRef);
        if (after.state === 'paid') return { orderNum, success: await this.paidAtStripe(order, after) };
      }
    }
    const outcome: PaymentOutcome = {
      orderNum,
      gateway: 'stripe',
      result: 'cancelled',
      ref: order.gatewayRef,
      cause: 'buyer cancelled at stripe checkout',
      actor: 'buyer',
    };
    this.logApplied(await applyPaymentOutcome(this.deps.db, outcome), outcome);
    return { orderNum, success: false };
  }

  private async paidAtStripe(
    order: PaymentOrder,
    status: { ref?: string; amount?: number; currency?: string },
  ): Promise<boolean> {
    const outcome: PaymentOutcome = {
      orderNum: order.orderNum,
      gateway: 'stripe',
      result: 'paid',
      amount: status.amount ?? null,
      currency: status.currency ?? null,
      ref: status.ref ?? order.gatewayRef,
      cause: 'stripe session paid (seen on the cancel return)',
    };
    const applied = await applyPaymentOutcome(this.deps.db, outcome);
    this.logApplied(applied, outcome);
    return paidNow(applied);
  }

  // ---- shared -----------------------------------------------------------------------------------------------

  private logApplied(applied: PaymentOutcomeResult, outcome: PaymentOutcome): NotificationOutcome {
    const { log } = this.deps;
    if (applied.moved) {
      const to = applied.order.orderStatus;
      if (isOrderStatus(to)) log.info(describeMove(outcome.orderNum, applied.from, to, outcome.cause));
      return 'moved';
    }
    switch (applied.reason) {
      case 'already':
        return 'repeat';
      case 'not_found':
        return 'unknown_order';
      case 'held':
        log.warn(
          {
            orderNum: outcome.orderNum,
            gateway: outcome.gateway,
            amount: outcome.amount,
            currency: outcome.currency,
          },
          'payment held: amount or currency differs from the order',
        );
        return 'held';
      case 'not_allowed':
        log.info(
          {
            orderNum: outcome.orderNum,
            status: applied.order.orderStatus,
            result: outcome.result,
            cause: outcome.cause,
          },
          'payment result does not move the order from its status',
        );
        return 'not_allowed';
    }
  }
}

/** The order is paid after this result: moved to 7, already 7, or past 7 (fulfilment already ran). */
function paidNow(applied: PaymentOutcomeResult): boolean {
  if (applied.moved) return applied.order.orderStatus === ORDER_STATUS.PAYMENT_COMPLETED;
  if (applied.reason === 'already') return applied.order.orderStatus === ORDER_STATUS.PAYMENT_COMPLETED;
  if (applied.reason === 'not_allowed') return applied.order.paidAt !== null;
  return false;
}

function checkoutSessionOf(event: Stripe.Event): Stripe.Checkout.Session | null {
  if (!event.type.startsWith('checkout.session.')) return null;
  const object = event.data.object as { object?: string };
  return object.object === 'checkout.session' ? (object as Stripe.Checkout.Session) : null;
}
