import { isCurrency, ORDER_STATUS, type TCurrency } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { BigoGateway, BigoRechargeOutcome } from '../../gateways/ports';
import type { Db } from '../../infra/db';
import type { JobHandler } from '../../infra/jobs';
import { describeMove, moveOrder, type OrderRow } from '../orders/order-moves';
import { DELIVERY_MAX_ATTEMPTS, enqueueDelivery, enqueueReceipt } from './fulfilment-jobs';
import { findOrder, noteOrderEvent, ordersWithoutLiveDelivery } from './fulfilment-repository';

/**
 * The delivery of a paid order (DESIGN.md §6, §8): 7 → 8, one rs_recharge with bu_orderid = the order number,
 * then 9 (and the receipt), a retry with backoff, or 10 with the reason. The job may run twice or after a crash
 * at any point — the queue hands a job whose lease ran out to another worker — so every step is safe to repeat:
 * an order already in 8 simply carries on, and BIGO answers 7212010 to a second recharge of a delivered order,
 * which counts as delivered. Nothing calls rs_recharge for an order that is not in 8.
 */

export interface DeliveryDeps {
  db: Db;
  bigo: BigoGateway;
}

const SYSTEM = 'system';
const S = ORDER_STATUS;

function orderNumOf(payload: Record<string, unknown>): string {
  return typeof payload.order_num === 'string' ? payload.order_num : '';
}

/**
 * The order ready for its recharge call (in 8), or undefined when there is nothing to deliver: moves 7 → 8, or
 * carries on with an order a crash or an expired lease left in 8 (saying so in an event when this is not the
 * job's first attempt).
 */
async function startDelivery(db: Db, orderNum: string, attempt: number): Promise<OrderRow | undefined> {
  const order = await findOrder(db, orderNum);
  if (order?.orderStatus === S.PAYMENT_COMPLETED) {
    const moved = await moveOrder(db, {
      orderNum,
      to: S.CHARGING,
      from: [S.PAYMENT_COMPLETED],
      cause: 'delivery started',
      actor: SYSTEM,
      detail: { attempt },
    });
    if (moved.moved) return moved.order;
    // Another worker moved it first; carry on only if it is charging now.
    return moved.reason !== 'not_found' && moved.order.orderStatus === S.CHARGING ? moved.order : undefined;
  }
  if (order?.orderStatus !== S.CHARGING) return undefined;
  if (attempt > 1) {
    await noteOrderEvent(db, {
      orderNum,
      status: S.CHARGING,
      cause: 'delivery resumed',
      actor: SYSTEM,
      detail: { attempt },
    });
  }
  return order;
}

async function recharge(
  bigo: BigoGateway,
  order: OrderRow,
  currency: TCurrency,
): Promise<BigoRechargeOutcome> {
  try {
    return await bigo.recharge({
      bigoId: order.gameId,
      orderNum: order.orderNum,
      diamonds: order.amountGame,
      amount: order.amount,
      currency,
    });
  } catch (err) {
    // The client maps every far-end failure to an outcome; a throw is our bug, and retrying is still safe.
    return { kind: 'retry', rescode: null, reason: `the BIGO call failed: ${(err as Error).message}` };
  }
}

/** 8 → 10: `reason` is what the order shows (failure_reason), `cause` what its event says. */
async function finishFailed(
  db: Db,
  log: FastifyBaseLogger,
  order: OrderRow,
  failure: { reason: string; cause: string; detail: Record<string, unknown> },
): Promise<void> {
  const { reason, cause, detail } = failure;
  const moved = await moveOrder(db, {
    orderNum: order.orderNum,
    to: S.CHARGE_FAILED,
    from: [S.CHARGING],
    cause,
    actor: SYSTEM,
    detail,
    set: { failureReason: reason },
  });
  if (moved.moved) log.error(describeMove(order.orderNum, S.CHARGING, S.CHARGE_FAILED, cause));
}

export function deliverOrderHandler(deps: DeliveryDeps): JobHandler {
  const { db, bigo } = deps;
  return async (payload, { attempt, log }) => {
    const orderNum = orderNumOf(payload);
    const order = await startDelivery(db, orderNum, attempt);
    if (!order) return undefined;
    if (!isCurrency(order.currency)) {
      // Orders are only written with the shop's currencies; no retry can fix one that is not.
      const reason = `The order's currency ${order.currency} cannot be sent to BIGO`;
      await finishFailed(db, log, order, { reason, cause: reason, detail: { attempt } });
      return undefined;
    }

    const outcome = await recharge(bigo, order, order.currency);
    const detail = { attempt, rescode: outcome.rescode };
    switch (outcome.kind) {
      case 'delivered': {
        const cause =
          outcome.rescode === 0
            ? 'BIGO delivered'
            : `BIGO had already delivered (rescode ${outcome.rescode})`;
        const moved = await moveOrder(db, {
          orderNum,
          to: S.CHARGED,
          from: [S.CHARGING],
          cause,
          actor: SYSTEM,
          detail,
          set: { deliveredAt: new Date(), failureReason: null },
          after: (tx) => enqueueReceipt(tx, orderNum),
        });
        if (moved.moved) log.info(describeMove(orderNum, S.CHARGING, S.CHARGED, cause));
        else if (moved.reason !== 'already') {
          log.error({ orderNum, reason: moved.reason }, 'BIGO delivered an order that is no longer charging');
        }
        return undefined;
      }
      case 'failed':
        await finishFailed(db, log, order, {
          reason: outcome.reason,
          cause: `BIGO refused the delivery: ${outcome.reason}`,
          detail,
        });
        return undefined;
      case 'retry': {
        if (attempt >= DELIVERY_MAX_ATTEMPTS) {
          const reason = `Delivery kept failing: ${outcome.reason}`;
          await finishFailed(db, log, order, { reason, cause: reason, detail });
          return undefined;
        }
        await noteOrderEvent(db, {
          orderNum,
          status: S.CHARGING,
          cause: `BIGO not reached, will retry: ${outcome.reason}`,
          actor: SYSTEM,
          detail,
        });
        // A failure, so the queue backs off before the next attempt.
        throw new Error(`BIGO not reached: ${outcome.reason}`);
      }
    }
  };
}

/** How often the sweep looks, and how many orders it re-queues per look. */
export const DELIVERY_SWEEP_INTERVAL_MS = 5 * 60_000;
const SWEEP_BATCH = 100;

/**
 * Defence in depth. Every move to 7 or 8 queues the delivery in its own transaction and a crashed worker's job
 * comes back when its lease ends, so no paid order should ever be without a live delivery job. Two rare paths
 * leave one anyway: a job whose worker died on its last attempt (the queue marks it dead without running it), and
 * a last attempt whose move to 10 failed because the database was away. Every few minutes this job (one for all
 * processes) re-queues the delivery of any order in 7 or 8 that has no live job, with an event saying so.
 */
export function deliverySweepHandler(deps: { db: Db; now: () => Date }): JobHandler {
  const { db } = deps;
  return async (_payload, { log }) => {
    const stuck = await ordersWithoutLiveDelivery(db, SWEEP_BATCH);
    let requeued = 0;
    for (const { orderNum, status } of stuck) {
      const noted = await noteOrderEvent(
        db,
        {
          orderNum,
          status,
          cause: 'delivery re-queued: the order had no live delivery job',
          actor: SYSTEM,
        },
        (tx) => enqueueDelivery(tx, orderNum),
      );
      if (noted) requeued++;
    }
    if (requeued > 0) log.warn({ requeued }, 'delivery sweep re-queued orders that had no live delivery job');
    return {
      retryAt: new Date(deps.now().getTime() + DELIVERY_SWEEP_INTERVAL_MS),
      reason: `next look in ${DELIVERY_SWEEP_INTERVAL_MS / 60_000} minutes (re-queued ${requeued})`,
    };
  };
}
