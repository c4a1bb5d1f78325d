import { isCurrency, orderNoteText } from '@ezrecharge/shared';
import { newSeqid } from '../../gateways';
import type { BigoGateway, BigoRechargeOutcome } from '../../gateways/ports';
import type { Db, DbOrTx } from '../../infra/db';
import { enqueueJob, type JobHandler, type PayloadOf } from '../../infra/jobs';
import { bigoAccessAlert } from '../alerts/alert-jobs';
import { prizeMaybeDelivered, settlePrize, startPrizeDelivery } from '../rewards/spins-delivery';
import { deliverPrizeJob } from '../rewards/spins-jobs';
import {
  callAnswer,
  callNotSent,
  callSent,
  duplicateWithoutDeliveryReason,
  previousCallLost,
} from './recharge-record';

/**
 * The delivery of a spun prize (issue #16): its own rs_recharge with its own bu_orderid (`spins.bu_orderid`, the
 * earning order's number + `_S<n>`), the prize's diamonds and a total_cost of 0 in the earning order's currency.
 * The same guarantees as an order's delivery (delivery-job.ts), on the spin's own record (`spin_events`, written by
 * rewards/spins-delivery.ts): queued → charging → delivered | failed, each step one transaction with an event; every
 * call is marked sent before it goes out and answered after (recharge-record.ts), so 7212010 counts as delivered
 * only when an earlier call may have delivered; transient failures back off and the 12th attempt fails the prize,
 * which an operator can send again (`POST /rewards/spins/{id}/resend`). The job may run twice or after a crash: a
 * prize already charging carries on, and BIGO never credits one bu_orderid twice.
 */
export function deliverPrizeHandler(deps: {
  db: Db;
  bigo: BigoGateway;
}): JobHandler<PayloadOf<typeof deliverPrizeJob>> {
  const { db, bigo } = deps;
  return async ({ spin_id: spinId }, { attempt, log }) => {
    // Made before the call so that its 'sent' mark names it.
    const seqid = newSeqid();
    const started = await startPrizeDelivery(db, spinId, (resumed, lastMark) => {
      if (!resumed) return { cause: 'prize delivery started', detail: { attempt, ...callSent(seqid) } };
      const earlierLost = previousCallLost(lastMark);
      return {
        cause: earlierLost
          ? 'prize delivery resumed: the previous call to BIGO got no recorded answer and may have delivered'
          : 'prize delivery resumed',
        detail: { attempt, ...callSent(seqid, earlierLost) },
      };
    });
    if (!started) return undefined;
    const { spin, currency } = started;
    if (!currency || !isCurrency(currency) || !spin.prizeDiamonds) {
      const cause = `The prize cannot be sent to BIGO (currency ${currency ?? 'unknown'})`;
      await settlePrize(db, spinId, 'failed', { cause, detail: { attempt, ...callNotSent() } });
      return undefined;
    }

    let outcome: BigoRechargeOutcome;
    try {
      outcome = await bigo.recharge({
        bigoId: spin.gameId,
        orderNum: spin.buOrderid,
        diamonds: spin.prizeDiamonds,
        amount: 0,
        currency,
        seqid,
      });
    } catch (err) {
      // The client maps every far-end failure to an outcome; a throw is our bug, and retrying is still safe.
      outcome = { kind: 'retry', rescode: null, reason: `the BIGO call failed: ${(err as Error).message}` };
    }
    const step = (cause: string) => ({
      cause,
      detail: { attempt, rescode: outcome.rescode, ...callAnswer(outcome, seqid) },
    });

    switch (outcome.kind) {
      case 'delivered':
        await settlePrize(db, spinId, 'delivered', step('BIGO delivered the prize'));
        return undefined;
      case 'duplicate':
        if (await prizeMaybeDelivered(db, spinId)) {
          const cause = `BIGO had already delivered (rescode ${outcome.rescode}): an earlier call of ours got no answer`;
          await settlePrize(db, spinId, 'delivered', step(cause));
        } else {
          await settlePrize(
            db,
            spinId,
            'failed',
            step(orderNoteText(duplicateWithoutDeliveryReason(outcome.reason))),
          );
        }
        return undefined;
      case 'failed':
        await settlePrize(db, spinId, 'failed', step(`BIGO refused the prize: ${outcome.reason}`));
        log.error({ spinId, reason: outcome.reason }, 'prize delivery failed');
        return undefined;
      case 'retry':
      case 'denied': {
        const denied = outcome.kind === 'denied' ? outcome : null;
        const alert = denied
          ? (tx: DbOrTx) =>
              enqueueJob(
                tx,
                bigoAccessAlert(denied, { call: 'recharge', orderNum: spin.buOrderid }, new Date()),
              )
          : undefined;
        if (attempt >= deliverPrizeJob.maxAttempts) {
          await settlePrize(db, spinId, 'failed', step(`Delivery kept failing: ${outcome.reason}`), alert);
          log.error({ spinId, reason: outcome.reason }, 'prize delivery kept failing');
          return undefined;
        }
        const why = denied ? 'BIGO refused our access, will retry' : 'BIGO not reached, will retry';
        await settlePrize(db, spinId, 'charging', step(`${why}: ${outcome.reason}`), alert);
        throw new Error(`${why}: ${outcome.reason}`);
      }
      default:
        throw new Error(`unhandled BIGO outcome ${JSON.stringify(outcome satisfies never)}`);
    }
  };
}
