import type { TOrderStatus } from '@ezrecharge/shared';
import { isCurrency, ORDER_STATUS as S } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Gateways, PaymentProvider, RefundBank, RefundResult } from '../../gateways';
import type { Db } from '../../infra/db';
import type { JobHandler, PayloadOf } from '../../infra/jobs';
import { unseal } from '../../infra/sealed';
import { describeMove, moveOrder } from '../order-lifecycle/order-moves';
import { queueOrderNotice } from '../order-lifecycle/order-notices';
import { findOrder, type OrderRow } from '../order-lifecycle/order-row';
import {
  REFUND_BANK_PURPOSE,
  REFUND_GIVE_UP_MS,
  REFUND_GIVE_UP_REASON,
  REFUND_PENDING_RECHECK_MS,
  REFUND_UNKNOWN_RECHECK_MS,
  type refundOrderJob,
} from './refunds-common';
import { countRefundAttempts, latestRefundStart, storeRefundRef } from './refunds-repository';

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
  /** APP_SECRET: opens the buyer's bank details the refund action sealed. */
  secret: string;
  now: () => Date;
}

/** The buyer's bank details sealed on the order, or undefined (none given, or not readable with this secret). */
function bankOf(order: OrderRow, secret: string): RefundBank | undefined {
  if (!order.refundBeneficiary) return undefined;
  const opened = unseal(secret, REFUND_BANK_PURPOSE, order.refundBeneficiary);
  if (!opened) return undefined;
  try {
    return JSON.parse(opened) as RefundBank;
  } catch {
    return undefined;
  }
}

export function refundOrderHandler(deps: RefundJobDeps): JobHandler<PayloadOf<typeof refundOrderJob>> {
  const { db, gateways } = deps;

  async function ask(provider: PaymentProvider, order: OrderRow, attempt: number): Promise<RefundResult> {
    // Orders are refunded only once paid, and payment stores the reference; this guards a row edited by hand.
    if (!order.gatewayRef) return { state: 'failed', reason: 'the order has no gateway payment to refund' };
    if (!isCurrency(order.currency)) return { state: 'failed', reason: `unknown currency ${order.currency}` };
    if (order.refundRef) {
      return provider.refundStatus({ orderNum: order.orderNum, attempt, refundRef: order.refundRef });
    }
    return provider.refund({
      orderNum: order.orderNum,
      paymentRef: order.gatewayRef,
      amount: order.amount,
      currency: order.currency,
      attempt,
      bank: bankOf(order, deps.secret),
    });
  }

  async function end(
    provider: PaymentProvider,
    order: OrderRow,
    to: TOrderStatus,
    cause: string,
    detail: Record<string, unknown>,
    log: FastifyBaseLogger,
    failureReason?: string,
  ): Promise<void> {
    const moved = await moveOrder(db, {
      orderNum: order.orderNum,
      to,
      from: [S.REFUNDING],
      cause,
      actor: `gateway:${provider.id}`,
      detail,
      // The refund has ended: the buyer's bank details are not kept a moment longer.
      set: { refundBeneficiary: null, ...(failureReason !== undefined ? { failureReason } : {}) },
      // The buyer hears that the refund completed or failed, in the move's transaction.
      after: queueOrderNotice,
    });
    if (moved.moved) {
      log.info({ orderNum: order.orderNum }, describeMove(order.orderNum, moved.from, to, cause));
    } else {
      log.warn({ orderNum: order.orderNum, reason: moved.reason }, `refund result not applied: ${cause}`);
    }
  }

  return async (payload, { log }) => {
    const order = await findOrder(db, payload.order_num);
    if (!order || order.orderStatus !== S.REFUNDING) return undefined;
    const provider = gateways.payments.ofOrder(order);
    const gateway = provider.id;
    const attempt = Math.max(1, await countRefundAttempts(db, order.id));
    const startedAt = (await latestRefundStart(db, order.id)) ?? order.updatedAt;

    const result = await ask(provider, order, attempt);
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
        await end(provider, order, S.REFUNDED, `${gateway} refund succeeded`, detail, log);
        return undefined;
      case 'failed': {
        const reason = (result.reason ?? `${gateway} refused the refund`).slice(0, 500);
        await end(provider, order, S.REFUND_FAILED, `${gateway} refund failed`, detail, log, reason);
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
            provider,
            order,
            S.REFUND_FAILED,
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
