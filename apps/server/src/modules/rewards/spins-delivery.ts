import type { Db, DbOrTx } from '../../infra/db';
import { enqueueJob } from '../../infra/jobs';
import { deliverPrizeJob } from './spins-jobs';
import {
  lastPrizeRechargeMark,
  lockSpin,
  prizeMaybeDelivered as maybeDelivered,
  prizesWithoutLiveDelivery,
  type SpinRow,
  spinOrderCurrency,
  updateSpin,
  writeSpinEvent,
} from './spins-repository';

/**
 * The prize's side of its delivery (the fulfilment module's `prize-delivery-job.ts` makes the BIGO call): each step
 * of `spins.delivery` (queued → charging → delivered | failed) in one transaction with the spin row locked and an
 * event in `spin_events`.
 */

const SYSTEM = 'system';

/** An event of the prize's delivery: what happened and its recharge record (fulfilment/recharge-record.ts). */
export interface PrizeStep {
  cause: string;
  detail: Record<string, unknown>;
}

/**
 * The spin ready for its call, with the earning order's currency: queued → charging, or a prize already charging
 * carries on. `stepOf` writes the event that marks the call about to go out, given the newest recharge mark of a
 * prize already charging (null for a new one). Undefined when there is nothing to deliver.
 */
export async function startPrizeDelivery(
  db: Db,
  spinId: number,
  stepOf: (resumed: boolean, lastMark: string | null) => PrizeStep,
): Promise<{ spin: SpinRow; currency: string | undefined } | undefined> {
  return db.transaction(async (tx) => {
    const spin = await lockSpin(tx, spinId);
    if (!spin || (spin.delivery !== 'queued' && spin.delivery !== 'charging')) return undefined;
    const resumed = spin.delivery === 'charging';
    const step = stepOf(resumed, resumed ? await lastPrizeRechargeMark(tx, spin.id) : null);
    await writeSpinEvent(tx, spin.id, { ...step, actor: SYSTEM });
    const charging = resumed ? spin : await updateSpin(tx, spin.id, { delivery: 'charging' });
    return { spin: charging, currency: await spinOrderCurrency(tx, spin.orderId) };
  });
}

/**
 * charging → delivered | failed (the cause becomes the failure reason), or a note while it stays charging (a retry);
 * nothing when the prize is no longer charging. `after` runs in the same transaction.
 */
export async function settlePrize(
  db: Db,
  spinId: number,
  to: 'delivered' | 'failed' | 'charging',
  step: PrizeStep,
  after?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const spin = await lockSpin(tx, spinId);
    if (spin?.delivery !== 'charging') return;
    if (to === 'delivered') {
      await updateSpin(tx, spin.id, { delivery: to, deliveredAt: new Date(), failureReason: null });
    } else if (to === 'failed') {
      await updateSpin(tx, spin.id, { delivery: to, failureReason: step.cause });
    }
    await writeSpinEvent(tx, spin.id, { ...step, actor: SYSTEM });
    await after?.(tx);
  });
}

/** Whether the prize's record says an earlier call may have delivered it (any event with `maybe_delivered`). */
export const prizeMaybeDelivered = (db: DbOrTx, spinId: number): Promise<boolean> =>
  maybeDelivered(db, spinId);

/**
 * The delivery sweep's share for prizes (fulfilment/delivery-job.ts): a prize queued or charging without a live job
 * (its worker died on the last attempt, or the database was away when it should have failed) is queued again, with
 * an event. Returns how many.
 */
export async function requeueStuckPrizes(db: Db, limit: number): Promise<number> {
  let requeued = 0;
  for (const spinId of await prizesWithoutLiveDelivery(db, limit)) {
    const done = await db.transaction(async (tx) => {
      const spin = await lockSpin(tx, spinId);
      if (spin?.delivery !== 'queued' && spin?.delivery !== 'charging') return false;
      await writeSpinEvent(tx, spinId, {
        cause: 'prize delivery re-queued: it had no live delivery job',
        actor: SYSTEM,
      });
      await enqueueJob(tx, deliverPrizeJob.of({ spin_id: spinId }));
      return true;
    });
    if (done) requeued++;
  }
  return requeued;
}
