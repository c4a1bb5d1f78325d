import {
  orderNote,
  orderNoteText,
  ORDER_STATUS as S,
  type TOrderNote,
  type TOrderStatus,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Gateways, PaymentProvider, RefundResult } from '../../gateways';
import type { Db } from '../../infra/db';
import { enqueueJob, type JobHandler, type PayloadOf } from '../../infra/jobs';
import { refundOverdueAlertJob } from '../alerts/alert-jobs';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { describeMove, noteOrder } from '../order-lifecycle/order-moves';
import { findOrder, type OrderRow } from '../order-lifecycle/order-row';
import {
  daysSince,
  lookAtRefund,
  recheckLater,
  refundCause,
  refundDetail,
  refundOverdueAt,
} from './refund-attempt';
import type { refundOrderJob } from './refunds-common';
import { countRefundAttempts, latestRefundStart, storeRefundRef } from './refunds-repository';

/**
 * The refund-order job (DESIGN.md §6, §7): refunds an order in 11 through its gateway and ends it in 12 or 13, only
 * ever on the gateway's word (issue #26).
 *
 * - No refund id stored yet → start the refund (refund-attempt.ts): the gateway is first asked about the order's
 *   earlier refund attempts, and a refund of them pending or done is followed instead of sending a new one; then
 *   this attempt's refund (Fiuu refund API with this attempt's RefID, or a Stripe refund with its idempotency key).
 * - A refund id stored → ask the gateway about that refund.
 * - succeeded → 12; failed (the gateway refused, reported it failed, or says it holds no such refund) → 13 with the
 *   gateway's reason; pending or no answer → asked again with growing pauses, for as long as it takes. Past the
 *   time the gateway documents for a refund (Fiuu: 14 days) the order stays in 11 and goes to the operator's queue
 *   ("refund overdue", an e-mail to ADMIN_EMAIL); it never fails by our own clock.
 *
 * Safe to run twice: the references come from the attempt number, so a run after a crash reaches the refund the
 * crashed run started (Fiuu is asked about the RefID before anything is sent; Stripe answers a repeated
 * idempotency key with the same refund), and moves only happen from 11.
 */

export interface RefundJobDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  gateways: Gateways;
  /** APP_SECRET: opens the buyer's bank details the refund action sealed. */
  secret: string;
  now: () => Date;
}

export function refundOrderHandler(deps: RefundJobDeps): JobHandler<PayloadOf<typeof refundOrderJob>> {
  const { db, gateways, lifecycle } = deps;

  async function end(
    provider: PaymentProvider,
    order: OrderRow,
    to: TOrderStatus,
    cause: TOrderNote,
    detail: Record<string, unknown>,
    log: FastifyBaseLogger,
    failure?: TOrderNote,
  ): Promise<void> {
    // The buyer hears that the refund completed or failed: fulfilment's subscriber queues the notice with the move.
    const moved = await lifecycle.move(db, {
      orderNum: order.orderNum,
      to,
      from: [S.REFUNDING],
      cause,
      actor: `gateway:${provider.id}`,
      detail,
      // The refund has ended: the buyer's bank details are not kept a moment longer.
      set: {
        refundBeneficiary: null,
        refundOverdueAt: null,
        ...(failure !== undefined ? { failure } : {}),
      },
    });
    if (moved.moved) {
      log.info({ orderNum: order.orderNum }, describeMove(order.orderNum, moved.from, to, cause));
    } else {
      log.warn(
        { orderNum: order.orderNum, reason: moved.reason },
        `refund result not applied: ${orderNoteText(cause)}`,
      );
    }
  }

  /** Past the gateway's documented time: into the operator's queue once, with a note and an e-mail. */
  async function markOverdue(
    provider: PaymentProvider,
    order: OrderRow,
    attempt: number,
    startedAt: Date,
    result: RefundResult,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const now = deps.now();
    const days = daysSince(startedAt, now);
    const lastAnswer = result.reason ?? `${provider.displayName} says the refund is ${result.state}`;
    const noted = await db.transaction(async (tx) => {
      const row = await noteOrder(tx, order.orderNum, [S.REFUNDING], async (_tx, locked) =>
        locked.refundOverdueAt
          ? null
          : {
              cause: orderNote('refund_overdue', { gateway: provider.displayName, days }),
              actor: 'system',
              detail: { attempt, last_answer: lastAnswer },
              set: { refundOverdueAt: now },
            },
      );
      // Once per attempt however often this runs: the alert's key names the attempt.
      if (row) {
        await enqueueJob(
          tx,
          refundOverdueAlertJob.of({
            order_num: order.orderNum,
            refund: `R${attempt}`,
            what: 'the payment',
            gateway: provider.displayName,
            started_at: startedAt.toISOString(),
            days,
            last_answer: lastAnswer.slice(0, 500),
          }),
        );
      }
      return row;
    });
    if (noted?.refundOverdueAt && !order.refundOverdueAt) {
      log.error({ orderNum: order.orderNum, attempt, days }, 'refund overdue: in the operator queue');
    }
  }

  return async (payload, { log }) => {
    const order = await findOrder(db, payload.order_num);
    if (!order || order.orderStatus !== S.REFUNDING) return undefined;
    const provider = gateways.payments.ofOrder(order);
    const attempt = Math.max(1, await countRefundAttempts(db, order.id));
    const startedAt = (await latestRefundStart(db, order.id)) ?? order.updatedAt;

    const result = await lookAtRefund({
      provider,
      orderNum: order.orderNum,
      paymentRef: order.gatewayRef,
      amount: order.amount,
      currency: order.currency,
      reference: { payment: 'order', attempt },
      refundRef: order.refundRef,
      sealedBank: order.refundBeneficiary,
      secret: deps.secret,
    });
    // Only this attempt's own refund id is kept: an earlier refund found instead is asked about by its own reference.
    const ownRef = result.earlier ? null : (result.ref ?? null);
    if (!order.refundRef && ownRef) await storeRefundRef(db, order.id, ownRef);
    const detail = refundDetail(provider, attempt, order.refundRef, result);

    switch (result.state) {
      case 'succeeded':
        await end(provider, order, S.REFUNDED, refundCause(provider, result), detail, log);
        return undefined;
      case 'failed': {
        // The gateway's own words when it gave any (shown as they are), else ours.
        const reason = result.reason
          ? orderNote('text', { text: result.reason.slice(0, 500) })
          : orderNote('refund_refused', { gateway: provider.id });
        const cause = orderNote('refund_failed', { gateway: provider.id });
        await end(provider, order, S.REFUND_FAILED, cause, detail, log, reason);
        return undefined;
      }
      case 'pending':
      case 'unknown': {
        const now = deps.now();
        const overdueAt = refundOverdueAt(provider, startedAt);
        if (overdueAt && now >= overdueAt && !order.refundOverdueAt) {
          await markOverdue(provider, order, attempt, startedAt, result, log);
        }
        return recheckLater(provider, { ...result, state: result.state }, startedAt, now);
      }
    }
  };
}
