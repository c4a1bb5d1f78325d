import { isOrderStatus, ORDER_STATUS, orderNote, PAYABLE_STATUSES } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type {
  EndpointOutcome,
  PaymentProvider,
  PaymentStatus,
  RawPaymentRequest,
  ReceivedNotification,
} from '../../gateways';
import type { Db, DbOrTx } from '../../infra/db';
import { enforce, type Limit, type RateLimiter } from '../../infra/rate-limit';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { describeMove } from '../order-lifecycle/order-moves';
import { findOrder, type OrderRow, paymentOrderOf } from '../order-lifecycle/order-row';
import type { PaymentOutcome, PaymentOutcomeResult } from '../order-lifecycle/payment-outcomes';
import { paidByStatus } from './paid-by-status';
import {
  eventAlreadyHandled,
  insertNotification,
  lockEvent,
  type NotificationValues,
  notificationSeen,
  setNotificationOutcome,
} from './payments-repository';

/**
 * What payment providers report (DESIGN.md §6, §7), whichever provider it is: every notification is read and
 * verified by its provider, stored, matched to an order of that provider, and handed to applyPaymentOutcome, which
 * makes any number of copies of one result move the order once. A buyer coming back without paying proves nothing,
 * so the provider is asked before such an order moves.
 */

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
  | 'extra_payment'
  | 'malformed'
  | 'ignored';

/** An abandon return (Stripe's cancel_url) is a public GET that calls the provider twice: bounded per address. */
export const ABANDON_PER_IP: Limit = { name: 'payment-abandon-ip', max: 20, windowMs: 10 * 60_000 };

export interface PaymentsDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

const isAwaitingPayment = (status: number) => (PAYABLE_STATUSES as readonly number[]).includes(status);

export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  /** One request to a provider's notification endpoint: stored, verified, applied, acknowledged. */
  async receive(provider: PaymentProvider, request: RawPaymentRequest): Promise<EndpointOutcome> {
    const { db, log } = this.deps;
    const notification = provider.receive(request);
    const stored = {
      gateway: provider.id,
      channel: (notification.label ?? request.endpoint).slice(0, 100),
      dedupeKey: notification.dedupeKey,
      orderNum: notification.orderNum,
      payload: notification.payload,
    };
    const { report } = notification;
    if (notification.malformed !== undefined) return this.malformed(provider, request, notification, stored);
    if (!report) {
      await insertNotification(db, { ...stored, verified: false, outcome: 'bad_signature' });
      log.warn(
        { provider: provider.id, endpoint: request.endpoint, orderNum: notification.orderNum },
        `${provider.id} ${request.endpoint} refused: ${notification.rejection ?? 'not verified'}`,
      );
      return { verified: false, orderNum: notification.orderNum, paid: false, failed: false };
    }

    const id = await insertNotification(db, { ...stored, verified: true, outcome: 'received' });
    let applied: { outcome: NotificationOutcome; paid: boolean };
    try {
      applied = await this.applyOnce(provider, notification, id);
    } catch (err) {
      await setNotificationOutcome(db, id, { outcome: 'error' }).catch(() => {});
      throw err;
    }
    if (applied.outcome === 'duplicate') {
      log.info(
        { provider: provider.id, dedupeKey: notification.dedupeKey },
        'payment report repeated: ignored',
      );
    }
    await provider.acknowledge(request, notification);
    return { verified: true, orderNum: notification.orderNum, paid: applied.paid, failed: false };
  }

  /**
   * A request that proved itself but does not have the shape of its type (issue #26): stored, answered with an
   * error, never applied; logged the first time its key is seen (the provider sends it again and again).
   */
  private async malformed(
    provider: PaymentProvider,
    request: RawPaymentRequest,
    notification: ReceivedNotification,
    stored: Omit<NotificationValues, 'verified' | 'outcome'>,
  ): Promise<EndpointOutcome> {
    const { db, log } = this.deps;
    const seen =
      notification.dedupeKey !== null &&
      (await notificationSeen(db, provider.id, notification.dedupeKey, 'malformed'));
    await insertNotification(db, { ...stored, verified: true, outcome: 'malformed' });
    if (!seen) {
      log.warn(
        { provider: provider.id, endpoint: request.endpoint, key: notification.dedupeKey },
        `${provider.id} ${request.endpoint}: a signed request without the shape of its type (${notification.malformed})`,
      );
    }
    return { verified: true, orderNum: null, paid: false, failed: false, malformed: true };
  }

  /**
   * Applies a verified notification. Reports the provider wants applied once per key (Stripe events) are
   * serialised on that key across every process and skipped when already handled; the others are applied again,
   * which moves nothing twice because the order's status decides.
   */
  private async applyOnce(
    provider: PaymentProvider,
    notification: ReceivedNotification,
    id: number,
  ): Promise<{ outcome: NotificationOutcome; paid: boolean }> {
    const { db } = this.deps;
    const key = notification.dedupeKey;
    if (!notification.onceByKey || key === null) {
      const applied = await this.apply(db, provider, notification);
      await setNotificationOutcome(db, id, { outcome: applied.outcome });
      return applied;
    }
    return db.transaction(async (tx) => {
      await lockEvent(tx, provider.id, key);
      const applied = (await eventAlreadyHandled(tx, provider.id, key, id))
        ? { outcome: 'duplicate' as const, paid: false }
        : await this.apply(tx, provider, notification);
      await setNotificationOutcome(tx, id, { outcome: applied.outcome });
      return applied;
    });
  }

  private async apply(
    db: DbOrTx,
    provider: PaymentProvider,
    notification: ReceivedNotification,
  ): Promise<{ outcome: NotificationOutcome; paid: boolean }> {
    const report = notification.report;
    if (!report || report.result === 'ignored') return { outcome: 'ignored', paid: false };
    if (report.result === 'pending') return { outcome: 'pending', paid: false };
    const orderNum = notification.orderNum;
    const order = orderNum ? await findOrder(db, orderNum) : undefined;
    if (!orderNum || order?.gateway !== provider.id) {
      this.deps.log.warn(
        { provider: provider.id, orderNum, ref: report.ref, cause: report.cause },
        'payment report for an order we do not know',
      );
      return { outcome: 'unknown_order', paid: false };
    }
    // Pay Now opens a fresh session; the end of an older one says nothing about the order. Money always counts.
    if (
      report.result !== 'paid' &&
      report.session &&
      order.gatewayRef &&
      order.gatewayRef !== report.session
    ) {
      return { outcome: 'stale_session', paid: false };
    }
    const outcome: PaymentOutcome = {
      orderNum,
      gateway: provider.id,
      result: report.result,
      amount: report.amount,
      currency: report.currency,
      ref: report.ref,
      channel: report.channel,
      cause: report.cause,
      detail: report.detail,
    };
    const applied = await this.deps.lifecycle.applyPaymentOutcome(db, outcome);
    return { outcome: this.logApplied(applied, outcome), paid: report.result === 'paid' && paidNow(applied) };
  }

  /**
   * The buyer came back from the provider's page without paying (Stripe's cancel_url). If the order was paid
   * meanwhile, that counts; otherwise its open payment is closed first, so it can no longer be paid, and the order
   * is cancelled (4).
   */
  async abandon(provider: PaymentProvider, request: RawPaymentRequest, ip: string): Promise<EndpointOutcome> {
    await enforce(this.deps.limiter, ABANDON_PER_IP, ip);
    const orderNum = provider.abandonedOrder(request);
    const result = (paid: boolean): EndpointOutcome => ({ verified: false, orderNum, paid, failed: false });
    if (!orderNum) return result(false);
    const order = await findOrder(this.deps.db, orderNum);
    if (order?.gateway !== provider.id) return result(false);
    if (!isAwaitingPayment(order.orderStatus)) return result(order.paidAt !== null);

    const payment = paymentOrderOf(order);
    const before = await provider.queryStatus(payment);
    if (before.state === 'paid') return result(await this.settlePaid(provider, order, before));
    if (!(await provider.expire(payment))) {
      // Refused: most likely paid in the meantime. Ask once more; money always wins over "cancel".
      const after = await provider.queryStatus(payment);
      if (after.state === 'paid') return result(await this.settlePaid(provider, order, after));
    }
    const outcome: PaymentOutcome = {
      orderNum,
      gateway: provider.id,
      result: 'cancelled',
      ref: order.gatewayRef,
      cause: orderNote('buyer_cancelled', { gateway: provider.id }),
      actor: 'buyer',
    };
    this.logApplied(await this.deps.lifecycle.applyPaymentOutcome(this.deps.db, outcome), outcome);
    return result(false);
  }

  private async settlePaid(
    provider: PaymentProvider,
    order: OrderRow,
    status: PaymentStatus,
  ): Promise<boolean> {
    const outcome = paidByStatus(
      provider,
      order,
      status,
      orderNote('paid_on_return', { gateway: provider.id }),
    );
    const applied = await this.deps.lifecycle.applyPaymentOutcome(this.deps.db, outcome);
    this.logApplied(applied, outcome);
    return paidNow(applied);
  }

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
      case 'extra_payment':
        if (applied.recorded) {
          log.warn(
            {
              orderNum: outcome.orderNum,
              gateway: outcome.gateway,
              ref: outcome.ref,
              amount: outcome.amount,
              currency: outcome.currency,
            },
            'another payment captured for an order already paid: recorded to refund',
          );
        }
        return 'extra_payment';
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
  // Paid before, by another capture: the order is paid (the extra one is refunded).
  if (applied.reason === 'extra_payment') return true;
  return false;
}
