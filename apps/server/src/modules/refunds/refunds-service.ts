import {
  EXTRA_PAYMENT_REFUNDABLE,
  MSG,
  ORDER_STATUS,
  orderNote,
  type TExtraPaymentRefund,
  type TOrder,
  type TOrderNote,
  type TRefundAction,
  type TRefundBankDetails,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, PaymentProviders } from '../../gateways';
import { auditChange } from '../../infra/audit';
import type { Db, DbOrTx } from '../../infra/db';
import { AppError } from '../../infra/http';
import type { JobQueue } from '../../infra/jobs';
import { seal } from '../../infra/sealed';
import { findExtraPayment, updateExtraPayment } from '../order-lifecycle/extra-payments';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { describeMove, movedByOperator } from '../order-lifecycle/order-moves';
import { apiOrderOf, findOrder, findOrderById, type OrderRow } from '../order-lifecycle/order-row';
import { extraPaymentMailJob, extraRefundJob, REFUND_BANK_PURPOSE } from './refunds-common';
import { countRefundAttempts } from './refunds-repository';

/**
 * The admin refund actions (DESIGN.md §6): an order whose charge failed (10), or whose refund failed (13), is moved
 * to 11 with the operator's reason, and the refund-order job does the rest through the gateway. The move, the
 * subscribers' reactions to 11 (the refund job: refunds-subscribers.ts; the buyer's notice; the bonuses withdrawn)
 * and the audit row are one transaction: a refund is started exactly when all of them are written.
 *
 * Issue #26: an order whose delivery is uncertain (BIGO may have credited it) is refunded only on the operator's
 * word that BIGO's console shows no delivery; and an extra payment the gateway captured for an order is refunded the
 * same way as the order's own (refund-extra-payment job), on its own references.
 */

export interface RefundsServiceDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  payments: PaymentProviders;
  /** APP_SECRET: seals the buyer's bank details at rest until the refund ends. */
  secret: string;
  /** EXTRA_PAYMENT_REFUND: `auto` refunds an extra payment as soon as it is recorded, where no bank is needed. */
  extraPaymentRefund: 'confirm' | 'auto';
}

export interface RefundActor {
  id: number;
  ip: string | null;
}

/** Statuses a refund starts from: 10 (start) and 13 (retry). */
const REFUNDABLE = [ORDER_STATUS.CHARGE_FAILED, ORDER_STATUS.REFUND_FAILED] as const;
const isRefundable = (status: number): status is (typeof REFUNDABLE)[number] =>
  (REFUNDABLE as readonly number[]).includes(status);

/**
 * The buyer's bank details a refund of a payment through `channel` needs, sealed for the job: refused (400) when
 * required and missing, dropped when the payment needs none. No event, audit row, log line or answer carries them.
 */
function sealedBank(
  provider: PaymentProvider,
  channel: string | null,
  given: TRefundBankDetails | undefined,
  secret: string,
): { sealed: string | null; given: boolean } {
  const needs = provider.refundBankDetails({ paymentChannel: channel });
  if (needs === 'required' && !given) {
    throw AppError.badRequest(MSG.refund_bank_details_required, { bank: MSG.refund_bank_details_required });
  }
  const bank = needs !== 'none' ? given : undefined;
  if (!bank) return { sealed: null, given: false };
  const sealed = seal(
    secret,
    REFUND_BANK_PURPOSE,
    JSON.stringify({
      bankCode: bank.bank_code,
      bankCountry: bank.bank_country,
      name: bank.name,
      accountNo: bank.account_no,
    }),
  );
  return { sealed, given: true };
}

export class RefundsService {
  constructor(private readonly deps: RefundsServiceDeps) {}

  async start(actor: RefundActor, orderNum: string, action: TRefundAction): Promise<TOrder> {
    const { db, jobs, log, payments, lifecycle } = this.deps;
    const { reason } = action;
    const order = await findOrder(db, orderNum);
    if (!order) throw AppError.notFound(MSG.order_not_found);
    const from = order.orderStatus;
    if (!isRefundable(from)) throw AppError.badRequest(MSG.order_action_not_allowed);
    // Nothing to refund through: the gateway never reported the payment reference.
    if (!order.gatewayRef) throw AppError.badRequest(MSG.refund_unavailable);
    // BIGO may have delivered (a call got no answer): only its console can tell, so only the operator who looked.
    const confirmed = action.confirmed_not_delivered === true;
    if (order.deliveryUncertain && !confirmed) {
      throw AppError.conflict(MSG.refund_needs_delivery_check, {
        confirmed_not_delivered: MSG.refund_needs_delivery_check,
      });
    }
    const retry = from === ORDER_STATUS.REFUND_FAILED;
    const cause = orderNote('admin_refund', { reason });
    const provider = payments.ofOrder(order);
    // An online-banking payment is refunded by bank transfer: Fiuu needs the buyer's bank (PR014 without it).
    const bank = sealedBank(provider, order.paymentChannel, action.bank, this.deps.secret);
    const deliveryCheck = order.deliveryUncertain ? { confirmed_not_delivered: true } : {};

    const result = await db.transaction(async (tx) => {
      const move = await lifecycle.move(tx, {
        orderNum,
        to: ORDER_STATUS.REFUNDING,
        // The status read above: if another move got there first, this one is refused rather than applied to it.
        from: [from],
        cause,
        actor: `admin:${actor.id}`,
        detail: { reason, retry, bank_details_given: bank.given, ...deliveryCheck },
        set: {
          refundBeneficiary: bank.sealed,
          refundOverdueAt: null,
          // The previous attempt's failure is history now (its event row keeps it).
          ...(retry ? { failure: null } : {}),
        },
      });
      if (!move.moved) return move;
      // Read again under the move's lock: a delivery found uncertain meanwhile needs the confirmation too.
      if (move.order.deliveryUncertain && !confirmed) {
        throw AppError.conflict(MSG.refund_needs_delivery_check, {
          confirmed_not_delivered: MSG.refund_needs_delivery_check,
        });
      }
      await auditChange(tx, actor, retry ? 'order.refund_retry' : 'order.refund', orderNum, {
        reason,
        from,
        attempt: await countRefundAttempts(tx, move.order.id),
        bank_details_given: bank.given,
        ...(move.order.deliveryUncertain ? { confirmed_not_delivered: true } : {}),
      });
      return move;
    });
    const moved = movedByOperator(result);
    log.info({ orderNum, actor: actor.id }, describeMove(orderNum, from, ORDER_STATUS.REFUNDING, cause));
    jobs.kick();
    // Read again: withdrawing the bonuses in the move's transaction changed the row after the move returned it.
    const current = (await findOrder(db, orderNum)) ?? moved;
    return apiOrderOf(db, current, { maskEmail: false, refundNeeds: (p) => provider.refundBankDetails(p) });
  }

  /**
   * POST /order/extra-payment/refund?id=: refunds a payment captured for an order besides the one that paid it
   * (recorded, or its refund failed before), with the operator's reason. The change, an event on the order, the job,
   * the buyer's e-mail and the audit row are one transaction.
   */
  async startExtra(actor: RefundActor, id: number, action: TExtraPaymentRefund): Promise<TOrder> {
    const { db } = this.deps;
    const extra = await findExtraPayment(db, id);
    if (!extra) throw AppError.notFound(MSG.extra_payment_not_found);
    const order = await this.orderOf(extra.orderId);
    const provider = this.deps.payments.ofOrder(order);
    const bank = sealedBank(provider, extra.channel, action.bank, this.deps.secret);
    const started = await this.refundExtra(extra.id, `admin:${actor.id}`, {
      cause: orderNote('admin_refund_extra', { reason: action.reason }),
      sealedBank: bank.sealed,
      detail: { reason: action.reason, bank_details_given: bank.given },
      audit: async (tx, attempt) =>
        auditChange(tx, actor, 'order.extra_payment_refund', order.orderNum, {
          reason: action.reason,
          extra_payment: extra.id,
          ref: extra.ref,
          attempt,
          bank_details_given: bank.given,
        }),
    });
    if (!started) throw AppError.badRequest(MSG.order_action_not_allowed);
    this.deps.jobs.kick();
    const current = await this.orderOf(extra.orderId);
    return apiOrderOf(db, current, { maskEmail: false, refundNeeds: (p) => provider.refundBankDetails(p) });
  }

  /**
   * The job that follows a newly recorded extra payment: with EXTRA_PAYMENT_REFUND=auto its refund starts at once,
   * when the payment needs no bank details from the buyer (an online-banking one waits for an operator, who asks the
   * buyer for them). Resolves with whether the refund was started.
   */
  async afterExtraPaymentRecorded(id: number): Promise<{ autoRefund: boolean; started: boolean }> {
    const extra = await findExtraPayment(this.deps.db, id);
    if (!extra) return { autoRefund: false, started: false };
    const order = await this.orderOf(extra.orderId);
    const provider = this.deps.payments.ofOrder(order);
    const autoRefund =
      this.deps.extraPaymentRefund === 'auto' &&
      provider.refundBankDetails({ paymentChannel: extra.channel }) === 'none';
    if (!autoRefund) return { autoRefund, started: false };
    const started = await this.refundExtra(extra.id, 'system', {
      cause: orderNote('auto_refund_extra'),
      sealedBank: null,
      detail: {},
    });
    return { autoRefund, started: started !== undefined };
  }

  /** recorded | refund_failed → refunding, with a new attempt, its job and the buyer's e-mail, in one transaction. */
  private async refundExtra(
    id: number,
    actor: string,
    change: {
      cause: TOrderNote;
      sealedBank: string | null;
      detail: Record<string, unknown>;
      audit?: (tx: DbOrTx, attempt: number) => Promise<void>;
    },
  ) {
    const { db, jobs } = this.deps;
    return db.transaction(async (tx) => {
      const row = await updateExtraPayment(tx, id, EXTRA_PAYMENT_REFUNDABLE, {
        newAttempt: true,
        set: {
          state: 'refunding',
          refundRef: null,
          refundBeneficiary: change.sealedBank,
          failureReason: null,
          refundStartedAt: new Date(),
          refundOverdueAt: null,
        },
        cause: change.cause,
        actor,
        detail: change.detail,
      });
      if (!row) return undefined;
      const attempt = row.refundAttempts;
      await jobs.enqueue(tx, extraRefundJob.of({ extra_payment_id: row.id, attempt }));
      await jobs.enqueue(
        tx,
        extraPaymentMailJob.of({ extra_payment_id: row.id, event: 'refunding', attempt }),
      );
      await change.audit?.(tx, attempt);
      return row;
    });
  }

  private async orderOf(orderId: number): Promise<OrderRow> {
    const order = await findOrderById(this.deps.db, orderId);
    if (!order) throw AppError.notFound(MSG.order_not_found);
    return order;
  }
}
