import { ORDER_STATUS, orderNote, PAYABLE_STATUSES, type TOrderNote } from '@ezrecharge/shared';
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
import type { DisputeOutcome, DisputesService } from '../disputes/disputes-service';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { describeMove } from '../order-lifecycle/order-moves';
import { findOrder, type OrderRow, paymentOrderOf } from '../order-lifecycle/order-row';
import type { PaymentOutcome, PaymentOutcomeResult } from '../order-lifecycle/payment-outcomes';
import { recordCardFailure } from './card-failures';
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
  | 'ignored'
  /** Issue #29: a declined card attempt recorded for the risk rules (card-failures.ts). */
  | 'card_declined'
  | DisputeOutcome;

/** An abandon return (Stripe's cancel_url) is a public GET that calls the provider twice: bounded per address. */
export const ABANDON_PER_IP: Limit = { name: 'payment-abandon-ip', max: 20, windowMs: 10 * 60_000 };

export interface PaymentsDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Issue #28: where a dispute event is applied. */
  disputes: Pick<DisputesService, 'record'>;
}

/** The order of a disputed payment, as its gateway names it (null: none of ours, or not a dispute). */
type DisputedPayment = { orderNum: string; ref: string } | null;

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
      const payment = await this.disputedPayment(provider, notification);
      applied = await this.applyOnce(
        provider,
        await this.withPaymentRisk(provider, notification),
        id,
        payment,
      );
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
    payment: DisputedPayment,
  ): Promise<{ outcome: NotificationOutcome; paid: boolean }> {
    const { db } = this.deps;
    const key = notification.dedupeKey;
    if (!notification.onceByKey || key === null) {
      const applied = await this.apply(db, provider, notification, payment);
      await setNotificationOutcome(db, id, { outcome: applied.outcome });
      return applied;
    }
    return db.transaction(async (tx) => {
      await lockEvent(tx, provider.id, key);
      const applied = (await eventAlreadyHandled(tx, provider.id, key, id))
        ? { outcome: 'duplicate' as const, paid: false }
        : await this.apply(tx, provider, notification, payment);
      await setNotificationOutcome(tx, id, { outcome: applied.outcome });
      return applied;
    });
  }

  /**
   * Issue #29: a paid report with the gateway's risk assessment of its payment (Stripe Radar), asked before the
   * report's transaction (a call out is never made holding a lock). Its failure never loses the payment: the
   * assessment then says it was not read, and the rules decide without it. Not asked for an order already paid (a
   * repeat of the event, or another capture, which is refunded): the rules judge an order once, at its move to 7.
   */
  private async withPaymentRisk(
    provider: PaymentProvider,
    notification: ReceivedNotification,
  ): Promise<ReceivedNotification> {
    const report = notification.report;
    if (report?.result !== 'paid' || !provider.paymentRisk) return notification;
    const order = notification.orderNum ? await findOrder(this.deps.db, notification.orderNum) : undefined;
    if (order?.paidAt) return notification;
    return { ...notification, report: { ...report, risk: await provider.paymentRisk(report.riskRef) } };
  }

  /**
   * Issue #28: the order of a disputed payment, asked of the gateway before the event's transaction (a call out is
   * never made holding a lock). No answer throws: the event is not acknowledged, and the gateway sends it again.
   */
  private async disputedPayment(
    provider: PaymentProvider,
    notification: ReceivedNotification,
  ): Promise<DisputedPayment> {
    if (!notification.dispute) return null;
    const payment = (await provider.disputes?.paymentOf(notification.dispute)) ?? null;
    if (payment === 'unknown') {
      throw new Error(
        `${provider.id} did not say which payment dispute ${notification.dispute.ref} is about`,
      );
    }
    return payment;
  }

  private async apply(
    db: DbOrTx,
    provider: PaymentProvider,
    notification: ReceivedNotification,
    payment: DisputedPayment,
  ): Promise<{ outcome: NotificationOutcome; paid: boolean }> {
    if (notification.dispute) {
      const outcome = await this.deps.disputes.record(db, provider.id, notification.dispute, payment);
      return { outcome, paid: false };
    }
    if (notification.cardFailure) {
      const outcome = await recordCardFailure(db, provider, notification.orderNum, notification.cardFailure);
      return { outcome, paid: false };
    }
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
      ...(report.risk ? { risk: report.risk } : {}),
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

  /**
   * Issue #28: the reconciliation found a payment the gateway took and never told us of (a lost notification). The
   * gateway is asked again about the order — its verified status query, the one the payment deadline and the
   * buyer's return rely on — and only a "paid" it answers is applied, through the same applyPaymentOutcome as a
   * notification, so the order moves once however often this runs and its amount is checked like any payment's.
   */
  async settleByQuery(
    provider: PaymentProvider,
    orderNum: string,
    cause: TOrderNote,
  ): Promise<
    | { state: 'paid'; applied: boolean; orderStatus: number | null; held: boolean }
    | { state: 'not_paid'; reason: string }
    | { state: 'unknown'; reason: string; notBefore?: Date }
  > {
    const order = await findOrder(this.deps.db, orderNum);
    if (order?.gateway !== provider.id) return { state: 'not_paid', reason: 'no such order at this gateway' };
    const status = await provider.queryStatus(paymentOrderOf(order));
    if (status.state === 'unknown') {
      return {
        state: 'unknown',
        reason: status.reason ?? 'no answer',
        ...(status.notBefore ? { notBefore: status.notBefore } : {}),
      };
    }
    if (status.state !== 'paid') {
      return { state: 'not_paid', reason: status.reason ?? `the gateway reports it ${status.state}` };
    }
    const outcome = paidByStatus(provider, order, status, cause);
    const applied = await this.deps.lifecycle.applyPaymentOutcome(this.deps.db, outcome);
    this.logApplied(applied, outcome);
    return {
      state: 'paid',
      applied: applied.moved,
      orderStatus: 'order' in applied ? applied.order.orderStatus : null,
      held: !applied.moved && applied.reason === 'held',
    };
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
      log.info(describeMove(outcome.orderNum, applied.from, applied.to, outcome.cause));
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
