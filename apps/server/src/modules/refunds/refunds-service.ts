import { MESSAGES, ORDER_STATUS, type TOrder } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import type { JobQueue } from '../../infra/jobs';
import { describeMove, moveOrder } from '../orders/order-moves';
import { toApiOrder } from '../orders/orders-common';
import { REFUND_JOB, refundJobKey } from './refunds-common';
import { clearRefundRef, countRefundAttempts, findOrderByNum } from './refunds-repository';

/**
 * The admin refund action (DESIGN.md §6): an order whose charge failed (10), or whose refund failed (13), is moved
 * to 11 with the operator's reason, and the refund-order job does the rest through the gateway. The move, the job
 * and the audit row are one transaction: a refund is started exactly when all three are written.
 */

export interface RefundsServiceDeps {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
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

  async start(actor: RefundActor, orderNum: string, reason: string): Promise<TOrder> {
    const { db, jobs, log } = this.deps;
    const order = await findOrderByNum(db, orderNum);
    if (!order) throw AppError.notFound(MESSAGES.order_not_found);
    const from = order.orderStatus;
    if (!isRefundable(from)) throw AppError.badRequest(MESSAGES.order_action_not_allowed);
    // Nothing to refund through: the gateway never reported the payment reference.
    if (!order.gatewayRef) throw AppError.badRequest(MESSAGES.refund_unavailable);
    const retry = from === ORDER_STATUS.REFUND_FAILED;
    const cause = `admin refund: ${reason}`;

    const result = await moveOrder(db, {
      orderNum,
      to: ORDER_STATUS.REFUNDING,
      // The status read above: if another move got there first, this one is refused rather than applied to it.
      from: [from],
      cause,
      actor: `admin:${actor.id}`,
      detail: { reason, retry },
      // The previous attempt's failure is history now (its event row keeps it).
      ...(retry ? { set: { failureReason: null } } : {}),
      after: async (tx, moved) => {
        await clearRefundRef(tx, moved.id);
        const attempt = await countRefundAttempts(tx, moved.id);
        await jobs.enqueue(tx, {
          kind: REFUND_JOB,
          payload: { order_num: orderNum },
          dedupeKey: refundJobKey(orderNum, attempt),
        });
        await writeAudit(tx, {
          actorId: actor.id,
          action: retry ? 'order.refund_retry' : 'order.refund',
          entity: 'order',
          entityId: orderNum,
          detail: { reason, from, attempt },
          ip: actor.ip,
        });
      },
    });
    if (!result.moved) {
      if (result.reason === 'not_found') throw AppError.notFound(MESSAGES.order_not_found);
      throw AppError.badRequest(MESSAGES.order_action_not_allowed);
    }
    log.info(
      { orderNum, actor: actor.id },
      describeMove(orderNum, result.from, ORDER_STATUS.REFUNDING, cause),
    );
    jobs.kick();
    return toApiOrder(result.order, { maskEmail: false });
  }
}
