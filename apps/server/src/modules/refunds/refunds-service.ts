import { MSG, ORDER_STATUS, type TOrder, type TRefundAction } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProviders } from '../../gateways';
import { auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import type { JobQueue } from '../../infra/jobs';
import { seal } from '../../infra/sealed';
import { describeMove, movedByOperator, moveOrder } from '../order-lifecycle/order-moves';
import { queueOrderNotice } from '../order-lifecycle/order-notices';
import { apiOrderOf, findOrder } from '../order-lifecycle/order-row';
import { rewardsOnRefund } from '../rewards/rewards-grants';
import { REFUND_BANK_PURPOSE, refundOrderJob } from './refunds-common';
import { clearRefundRef, countRefundAttempts } from './refunds-repository';

/**
 * The admin refund action (DESIGN.md §6): an order whose charge failed (10), or whose refund failed (13), is moved
 * to 11 with the operator's reason, and the refund-order job does the rest through the gateway. The move, the job,
 * the buyer's notice and the audit row are one transaction: a refund is started exactly when all four are written.
 */

export interface RefundsServiceDeps {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  payments: PaymentProviders;
  /** APP_SECRET: seals the buyer's bank details at rest until the refund ends. */
  secret: string;
}

export interface RefundActor {
  id: number;
  ip: string | null;
}

/** Statuses a refund starts from: 10 (start) and 13 (retry). */
const REFUNDABLE = [ORDER_STATUS.CHARGE_FAILED, ORDER_STATUS.REFUND_FAILED] as const;
const isRefundable = (status: number): status is (typeof REFUNDABLE)[number] =>
  (REFUNDABLE as readonly number[]).includes(status);

export class RefundsService {
  constructor(private readonly deps: RefundsServiceDeps) {}

  async start(actor: RefundActor, orderNum: string, action: TRefundAction): Promise<TOrder> {
    const { db, jobs, log, payments } = this.deps;
    const { reason } = action;
    const order = await findOrder(db, orderNum);
    if (!order) throw AppError.notFound(MSG.order_not_found);
    const from = order.orderStatus;
    if (!isRefundable(from)) throw AppError.badRequest(MSG.order_action_not_allowed);
    // Nothing to refund through: the gateway never reported the payment reference.
    if (!order.gatewayRef) throw AppError.badRequest(MSG.refund_unavailable);
    const retry = from === ORDER_STATUS.REFUND_FAILED;
    const cause = `admin refund: ${reason}`;
    // An online-banking payment is refunded by bank transfer: Fiuu needs the buyer's bank (PR014 without it). The
    // details are sealed on the order for the refund job and erased when the refund ends; no event, audit row, log
    // line or answer carries them.
    const needs = payments.ofOrder(order).refundBankDetails(order);
    if (needs === 'required' && !action.bank) {
      throw AppError.badRequest(MSG.refund_bank_details_required, {
        bank: MSG.refund_bank_details_required,
      });
    }
    const bank = needs !== 'none' && action.bank ? action.bank : undefined;
    const refundBeneficiary = bank
      ? seal(
          this.deps.secret,
          REFUND_BANK_PURPOSE,
          JSON.stringify({
            bankCode: bank.bank_code,
            bankCountry: bank.bank_country,
            name: bank.name,
            accountNo: bank.account_no,
          }),
        )
      : null;

    const result = await moveOrder(db, {
      orderNum,
      to: ORDER_STATUS.REFUNDING,
      // The status read above: if another move got there first, this one is refused rather than applied to it.
      from: [from],
      cause,
      actor: `admin:${actor.id}`,
      detail: { reason, retry, bank_details_given: bank !== undefined },
      set: {
        refundBeneficiary,
        // The previous attempt's failure is history now (its event row keeps it).
        ...(retry ? { failureReason: null } : {}),
      },
      after: async (tx, moved) => {
        await clearRefundRef(tx, moved.id);
        const attempt = await countRefundAttempts(tx, moved.id);
        await jobs.enqueue(tx, refundOrderJob.of({ order_num: orderNum, attempt }));
        await queueOrderNotice(tx, moved);
        await rewardsOnRefund(tx, moved, `admin:${actor.id}`);
        await auditChange(tx, actor, retry ? 'order.refund_retry' : 'order.refund', orderNum, {
          reason,
          from,
          attempt,
          bank_details_given: bank !== undefined,
        });
      },
    });
    const moved = movedByOperator(result);
    log.info({ orderNum, actor: actor.id }, describeMove(orderNum, from, ORDER_STATUS.REFUNDING, cause));
    jobs.kick();
    // Read again: withdrawing the bonuses in the move's transaction changed the row after the move returned it.
    const current = (await findOrder(db, orderNum)) ?? moved;
    return apiOrderOf(db, current, { maskEmail: false, refundBankDetails: needs });
  }
}
