import { ORDER_STATUS, type TOrderStatus } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Gateways, RefundResult } from '../../gateways/ports';
import type { Db } from '../../infra/db';
import type { JobHandler } from '../../infra/jobs';
import { describeMove, moveOrder, type OrderRow } from '../orders/order-moves';
import {
  fiuuRefundId,
  REFUND_GIVE_UP_MS,
  REFUND_GIVE_UP_REASON,
  REFUND_PENDING_RECHECK_MS,
  REFUND_UNKNOWN_RECHECK_MS,
  stripeRefundKey,
} from './refunds-common';
import { countRefundAttempts, findOrderByNum, latestRefundStart, storeRefundRef } from './refunds-repository';

/**
 * The refund-order job (DESIGN.md §6, §7): refunds an order in 11 through its gateway and ends it in 12 or 13.
 *
 * - No refund id stored yet → start the refund (Fiuu refund API with this attempt's RefID, or a Stripe refund with
 *   this attempt's idempotency key), keep the gateway's refund id.
 * - A refund id stored → ask the gateway about that refund.
 * - succeeded → 12; failed → 13 with the gateway's reason; pending or no answer → asked again later (30 minutes,
 *   5 minutes without an answer), until 24 hours after the refund started, then 13 for an operator to check.
 *
 * Safe to run twice: the references come from the attempt number, so a run after a crash reaches the refund the
 * crashed run started (Fiuu is asked about the RefID before anything is sent; Stripe answers a repeated
 * idempotency key with the same refund), and moves only happen from 11.
 */

export interface RefundJobDeps {
  db: Db;
  gateways: Gateways;
  now: () => Date;
}

type Gateway = 'fiuu' | 'stripe';

const gatewayOf = (order: OrderRow): Gateway => (order.gateway === 'stripe' ? 'stripe' : 'fiuu');

function orderNumOf(payload: Record<string, unknown>): string {
  return typeof payload.order_num === 'string' ? payload.order_num : '';
}

export function refundOrderHandler(deps: RefundJobDeps): JobHandler {
  const { db, gateways } = deps;

  async function ask(order: OrderRow, attempt: number): Promise<RefundResult> {
    // Orders are refunded only once paid, and payment stores the reference; this guards a row edited by hand.
    if (!order.gatewayRef) return { state: 'failed', reason: 'the order has no gateway payment to refund' };
    if (gatewayOf(order) === 'fiuu') {
      const refId = fiuuRefundId(order.orderNum, attempt);
      if (order.refundRef) return gateways.fiuu.refundStatus(refId);
      return gateways.fiuu.refund({
        orderNum: order.orderNum,
        tranId: order.gatewayRef,
        amount: order.amount,
        currency: order.currency,
        refId,
      });
    }
    if (order.refundRef) return gateways.stripe.refundStatus(order.refundRef);
    return gateways.stripe.refund({
      orderNum: order.orderNum,
      sessionId: order.gatewayRef,
      amount: order.amount,
      idempotencyKey: stripeRefundKey(order.orderNum, attempt),
    });
  }

  async function end(
    order: OrderRow,
    to: TOrderStatus,
    cause: string,
    detail: Record<string, unknown>,
    log: FastifyBaseLogger,
    failureReason?: string,
  ): Promise<void> {
    const gateway = gatewayOf(order);
    const moved = await moveOrder(db, {
      orderNum: order.orderNum,
      to,
      from: [ORDER_STATUS.REFUNDING],
      cause,
      actor: `gateway:${gateway}`,
      detail,
      ...(failureReason !== undefined ? { set: { failureReason } } : {}),
    });
    if (moved.moved) {
      log.info({ orderNum: order.orderNum }, describeMove(order.orderNum, moved.from, to, cause));
    } else {
      log.warn({ orderNum: order.orderNum, reason: moved.reason }, `refund result not applied: ${cause}`);
    }
  }

  return async (payload, { log }) => {
    const order = await findOrderByNum(db, orderNumOf(payload));
    if (!order || order.orderStatus !== ORDER_STATUS.REFUNDING) return undefined;
    const gateway = gatewayOf(order);
    const attempt = Math.max(1, await countRefundAttempts(db, order.id));
    const startedAt = (await latestRefundStart(db, order.id)) ?? order.updatedAt;

    const result = await ask(order, attempt);
    const ref = order.refundRef ?? result.ref ?? null;
    if (!order.refundRef && result.ref) await storeRefundRef(db, order.id, result.ref);
    const detail = {
      gateway,
      attempt,
      refund_ref: ref,
      ...(result.reason ? { gateway_reason: result.reason } : {}),
    };

    switch (result.state) {
      case 'succeeded':
        await end(order, ORDER_STATUS.REFUNDED, `${gateway} refund succeeded`, detail, log);
        return undefined;
      case 'failed': {
        const reason = (result.reason ?? `${gateway} refused the refund`).slice(0, 500);
        await end(order, ORDER_STATUS.REFUND_FAILED, `${gateway} refund failed`, detail, log, reason);
        return undefined;
      }
      case 'pending':
      case 'unknown': {
        const now = deps.now();
        if (now.getTime() - startedAt.getTime() >= REFUND_GIVE_UP_MS) {
          log.error(
            { orderNum: order.orderNum, state: result.state, reason: result.reason },
            REFUND_GIVE_UP_REASON,
          );
          await end(
            order,
            ORDER_STATUS.REFUND_FAILED,
            `${gateway} refund not settled within 24 hours`,
            detail,
            log,
            REFUND_GIVE_UP_REASON,
          );
          return undefined;
        }
        const wait = result.state === 'pending' ? REFUND_PENDING_RECHECK_MS : REFUND_UNKNOWN_RECHECK_MS;
        return {
          retryAt: new Date(now.getTime() + wait),
          reason:
            result.state === 'pending'
              ? `refund pending at ${gateway}`
              : `no answer from ${gateway}: ${result.reason ?? 'unknown'}`,
        };
      }
    }
  };
}
