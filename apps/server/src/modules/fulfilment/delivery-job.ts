import {
  isCurrency,
  ORDER_STATUS,
  orderNote,
  orderNoteText,
  type TCurrency,
  type TOrderNote,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import { newSeqid } from '../../gateways';
import type { BigoGateway, BigoRechargeOutcome } from '../../gateways/ports';
import type { Db } from '../../infra/db';
import { enqueueJob, type Job, type JobHandler, type PayloadOf } from '../../infra/jobs';
import { bigoAccessAlert } from '../alerts/alert-jobs';
import { deliveryHeld } from '../order-lifecycle/order-holds';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { describeMove, noteOrder } from '../order-lifecycle/order-moves';
import { findOrder, type OrderRow } from '../order-lifecycle/order-row';
import { requeueStuckPrizes } from '../rewards/spins-delivery';
import { deliverOrderJob, type deliverySweepJob } from './fulfilment-jobs';
import { lastRechargeMark, ordersWithoutLiveDelivery, rechargeMaybeDelivered } from './fulfilment-repository';
import {
  callAnswer,
  callNotSent,
  callSent,
  duplicateWithoutDeliveryReason,
  previousCallLost,
  uncertainDeliveryReason,
} from './recharge-record';

/**
 * The delivery of a paid order (DESIGN.md §6, §8): 7 → 8, one rs_recharge with bu_orderid = the order number,
 * then 9 (and the receipt), a retry with backoff, or 10 with the reason. The job may run twice or after a crash
 * at any point — the queue hands a job whose lease ran out to another worker — so every step is safe to repeat:
 * an order already in 8 simply carries on, and BIGO never credits one bu_orderid twice. Each call is recorded in
 * the order's events (recharge-record.ts), because BIGO's 7212010 ("order id duplicated") proves a delivery only
 * when an earlier call of ours may have delivered. Nothing calls rs_recharge for an order that is not in 8.
 *
 * An order whose record says an earlier call may have delivered never fails silently (issue #26): its move to 10
 * marks it "delivery uncertain" and says so in its failure reason; fulfilment's subscriber e-mails ADMIN_EMAIL the
 * calls with their seqids, and the refund action then needs the operator's word that BIGO's console shows no
 * delivery. What else follows a move (the receipt, the buyer's notices, the rewards) is the subscribers' work
 * (fulfilment-subscribers.ts and the rewards module's), run in the move's transaction.
 */

export interface DeliveryDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  bigo: BigoGateway;
}

const SYSTEM = 'system';
const S = ORDER_STATUS;

/**
 * The order ready for its recharge call (in 8), or undefined when there is nothing to deliver: moves 7 → 8, or
 * carries on with an order already in 8 (a crash, an expired lease, an admin retry or the sweep left it there).
 * Either way the event written here marks the call about to be made (recharge-record.ts).
 */
async function startDelivery(
  { db, lifecycle }: Pick<DeliveryDeps, 'db' | 'lifecycle'>,
  orderNum: string,
  attempt: number,
  seqid: string,
): Promise<OrderRow | undefined> {
  const order = await findOrder(db, orderNum);
  // Issue #29: an order held for review is delivered only once an operator approved it (that queues this job).
  if (order?.orderStatus === S.PAYMENT_COMPLETED && (await deliveryHeld(db, order.id))) return undefined;
  if (order?.orderStatus === S.PAYMENT_COMPLETED) {
    const moved = await lifecycle.move(db, {
      orderNum,
      to: S.CHARGING,
      from: [S.PAYMENT_COMPLETED],
      cause: orderNote('delivery_started'),
      actor: SYSTEM,
      detail: { attempt, ...callSent(seqid) },
    });
    if (moved.moved) return moved.order;
    // Another worker moved it first: carry on only if it is charging now, with our own call recorded below.
    if (moved.reason === 'not_found' || moved.order.orderStatus !== S.CHARGING) return undefined;
  } else if (order?.orderStatus !== S.CHARGING) {
    return undefined;
  }
  return resumeDelivery(db, orderNum, attempt, seqid);
}

/**
 * The note an order already in 8 gets before the job calls BIGO again (see recharge-record.ts): it marks the new
 * call as sent and, when the newest mark is still an unanswered 'sent', records that the earlier call may have
 * delivered. Written with the order row locked, so the mark read is the newest. Undefined when the order is not
 * in 8 any more.
 */
async function resumeDelivery(
  db: Db,
  orderNum: string,
  attempt: number,
  seqid: string,
): Promise<OrderRow | undefined> {
  return noteOrder(db, orderNum, [S.CHARGING], async (tx, order) => {
    const earlierLost = previousCallLost(await lastRechargeMark(tx, order.id));
    let cause = orderNote(attempt > 1 ? 'delivery_resumed' : 'delivery_started');
    if (earlierLost) cause = orderNote('delivery_resumed_lost');
    return { cause, actor: SYSTEM, detail: { attempt, ...callSent(seqid, earlierLost) } };
  });
}

async function recharge(
  bigo: BigoGateway,
  order: OrderRow,
  currency: TCurrency,
  seqid: string,
): Promise<BigoRechargeOutcome> {
  try {
    return await bigo.recharge({
      bigoId: order.gameId,
      orderNum: order.orderNum,
      // Issue #16: the bonus rides in the same call under the same bu_orderid, so it is delivered exactly once with
      // the order. bonus_game is final before the order reaches 8 (granted at the commit or the move to 7).
      diamonds: order.amountGame + order.bonusGame,
      amount: order.amount,
      currency,
      seqid,
    });
  } catch (err) {
    // The client maps every far-end failure to an outcome; a throw is our bug, and retrying is still safe.
    const note = orderNote('bigo_call_failed', { message: (err as Error).message });
    return { kind: 'retry', rescode: null, reason: orderNoteText(note), note };
  }
}

/**
 * 8 → 10: `reason` is what the order shows (failure_reason), `cause` what its event says. Nothing retries an order in
 * 10 by itself (only an operator's retry or refund moves it on), so the buyer is told of the failure in the same
 * transaction. When the order's record says an earlier call may have delivered, the move marks the delivery
 * uncertain and the operator is e-mailed the calls (issue #26): only BIGO's console can tell what happened.
 */
async function finishFailed(
  { db, lifecycle }: Pick<DeliveryDeps, 'db' | 'lifecycle'>,
  log: FastifyBaseLogger,
  order: OrderRow,
  failure: {
    reason: TOrderNote;
    cause: TOrderNote;
    detail: Record<string, unknown>;
    /** A job of this failure's own (BIGO refusing our access: the operator's alert), queued with the move. */
    alert?: Job | undefined;
  },
): Promise<void> {
  const { cause, detail, alert } = failure;
  // This job alone writes the order's recharge marks while it holds the job's lease, so the record read here is the
  // one the move below sees; the call that ends here may itself have gone unanswered (its mark is in `detail`).
  const uncertain = detail.maybe_delivered === true || (await rechargeMaybeDelivered(db, order.id));
  const reason = uncertain ? uncertainDeliveryReason(failure.reason) : failure.reason;
  const moved = await db.transaction(async (tx) => {
    const result = await lifecycle.move(tx, {
      orderNum: order.orderNum,
      to: S.CHARGE_FAILED,
      from: [S.CHARGING],
      cause: uncertain ? orderNote('delivery_uncertain_cause', { cause }) : cause,
      actor: SYSTEM,
      detail: uncertain ? { ...detail, delivery_uncertain: true } : detail,
      set: { failure: reason, ...(uncertain ? { deliveryUncertain: true } : {}) },
    });
    if (result.moved && alert) await enqueueJob(tx, alert);
    return result;
  });
  if (moved.moved) {
    const line = describeMove(order.orderNum, S.CHARGING, S.CHARGE_FAILED, cause);
    if (uncertain) log.error({ orderNum: order.orderNum }, `${line}: delivery uncertain, operator alerted`);
    else log.error(line);
  }
}

export function deliverOrderHandler(deps: DeliveryDeps): JobHandler<PayloadOf<typeof deliverOrderJob>> {
  const { db, bigo, lifecycle } = deps;

  /** 8 → 9 with delivered_at; the subscribers mark the bonuses delivered and queue the receipt in its transaction. */
  async function finishDelivered(
    log: FastifyBaseLogger,
    orderNum: string,
    cause: TOrderNote,
    detail: Record<string, unknown>,
  ): Promise<void> {
    const moved = await lifecycle.move(db, {
      orderNum,
      to: S.CHARGED,
      from: [S.CHARGING],
      cause,
      actor: SYSTEM,
      detail,
      set: { deliveredAt: new Date(), failure: null },
    });
    if (moved.moved) log.info(describeMove(orderNum, S.CHARGING, S.CHARGED, cause));
    else if (moved.reason !== 'already') {
      log.error({ orderNum, reason: moved.reason }, 'BIGO delivered an order that is no longer charging');
    }
  }

  return async ({ order_num: orderNum }, { attempt, log }) => {
    // Made before the call so that the 'sent' mark names it (recharge-record.ts).
    const seqid = newSeqid();
    const order = await startDelivery(deps, orderNum, attempt, seqid);
    if (!order) return undefined;
    if (!isCurrency(order.currency)) {
      // Orders are only written with the shop's currencies; no retry can fix one that is not.
      const reason = orderNote('currency_not_sendable', { currency: order.currency });
      await finishFailed(deps, log, order, { reason, cause: reason, detail: { attempt, ...callNotSent() } });
      return undefined;
    }

    const outcome = await recharge(bigo, order, order.currency, seqid);
    const detail = { attempt, rescode: outcome.rescode, ...callAnswer(outcome, seqid) };
    switch (outcome.kind) {
      case 'delivered':
        await finishDelivered(log, orderNum, orderNote('bigo_delivered'), detail);
        return undefined;
      case 'duplicate': {
        if (await rechargeMaybeDelivered(db, order.id)) {
          await finishDelivered(
            log,
            orderNum,
            orderNote('bigo_already_delivered', { rescode: outcome.rescode }),
            detail,
          );
          return undefined;
        }
        const reason = duplicateWithoutDeliveryReason(outcome.note ?? outcome.reason);
        await finishFailed(deps, log, order, {
          reason,
          cause: orderNote('bigo_refused_delivery', { reason }),
          detail,
        });
        return undefined;
      }
      case 'failed':
        await finishFailed(deps, log, order, {
          reason: refusal(outcome),
          cause: orderNote('bigo_refused_delivery', { reason: outcome.note ?? outcome.reason }),
          detail,
        });
        return undefined;
      case 'retry':
      case 'denied': {
        // A denial is about our keys, IP or API switch, which the operator may fix while the job backs off: it is
        // retried like a call that got no answer, and the operator is alerted (at most once an hour).
        const denied = outcome.kind === 'denied' ? outcome : null;
        const alert = denied
          ? bigoAccessAlert(denied, { call: 'recharge', orderNum }, new Date())
          : undefined;
        if (attempt >= deliverOrderJob.maxAttempts) {
          const reason = orderNote('delivery_kept_failing', { reason: outcome.note ?? outcome.reason });
          await finishFailed(deps, log, order, { reason, cause: reason, detail, alert });
          return undefined;
        }
        const why = orderNote(denied ? 'bigo_access_refused_retry' : 'bigo_not_reached_retry', {
          reason: outcome.note ?? outcome.reason,
        });
        await db.transaction(async (tx) => {
          const noted = await noteOrder(tx, orderNum, [S.CHARGING], {
            cause: why,
            actor: SYSTEM,
            detail,
          });
          if (noted && alert) await enqueueJob(tx, alert);
        });
        // A failure, so the queue backs off before the next attempt.
        throw new Error(orderNoteText(why));
      }
      default:
        return unexpectedOutcome(outcome);
    }
  };
}

/** BIGO's refusal as the order's failure reason: its note, or its words as they are from a gateway without one. */
function refusal(outcome: { reason: string; note?: TOrderNote }): TOrderNote {
  return outcome.note ?? orderNote('text', { text: outcome.reason });
}

/** Makes the switch above exhaustive: a new outcome kind fails to compile until it is handled. */
function unexpectedOutcome(outcome: never): never {
  throw new Error(`unhandled BIGO outcome ${JSON.stringify(outcome)}`);
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
export function deliverySweepHandler(deps: {
  db: Db;
  now: () => Date;
}): JobHandler<PayloadOf<typeof deliverySweepJob>> {
  const { db } = deps;
  return async (_payload, { log }) => {
    const stuck = await ordersWithoutLiveDelivery(db, SWEEP_BATCH);
    let requeued = 0;
    for (const { orderNum, status } of stuck) {
      const noted = await db.transaction(async (tx) => {
        const row = await noteOrder(tx, orderNum, [status], {
          cause: orderNote('delivery_requeued'),
          actor: SYSTEM,
        });
        if (row) await enqueueJob(tx, deliverOrderJob.of({ order_num: orderNum }));
        return row;
      });
      if (noted) requeued++;
    }
    if (requeued > 0) log.warn({ requeued }, 'delivery sweep re-queued orders that had no live delivery job');
    const prizes = await requeueStuckPrizes(db, SWEEP_BATCH);
    if (prizes > 0) log.warn({ prizes }, 'delivery sweep re-queued prizes that had no live delivery job');
    return {
      retryAt: new Date(deps.now().getTime() + DELIVERY_SWEEP_INTERVAL_MS),
      reason: `next look in ${DELIVERY_SWEEP_INTERVAL_MS / 60_000} minutes (re-queued ${requeued} orders, ${prizes} prizes)`,
    };
  };
}
