import { orderNote, type TOrderNote, type TOrderNoteValue } from '@ezrecharge/shared';
import type { BigoRechargeOutcome } from '../../gateways/ports';

/**
 * Our own record of an order's rs_recharge calls, kept in the `detail` of its order events. BIGO's reseller API
 * has no order query (only rs_recharge, recharge_pre_check and disable), so when BIGO answers 7212010 ("order id
 * duplicated") this record is the only way to tell a delivery from a refusal: BIGO may keep the order number of a
 * call it refused, so 7212010 proves a delivery only if an earlier call of ours may have delivered without our
 * hearing of it.
 *
 * - `recharge: 'sent'` — the event right before a call (the move 7 → 8, or the note an order already in 8 gets
 *   before each further call). Every call has one.
 * - `recharge: 'answered'` — the call got a definite answer (any rescode, or a denial of our access).
 * - `recharge: 'unanswered'` — no definite answer (timeout, network error, HTTP error other than a denial,
 *   unreadable answer).
 * - `recharge: 'not_sent'` — the call was given up before it was made.
 * - `maybe_delivered: true` — an earlier call may have reached BIGO and delivered: on an 'unanswered' event, and on
 *   the 'sent' note of a job that finds the last call still 'sent' (its worker died mid-call, or another worker's
 *   call is still in flight).
 * - `seqid` — the call's seqid, on its 'sent' mark and on its answer (issue #26): what an operator looks for in
 *   BIGO's reseller console when the record cannot tell whether a call delivered.
 *
 * The flags are read structurally (jsonb keys), never from the event's text.
 */

export const RECHARGE_MARKS = ['sent', 'answered', 'unanswered', 'not_sent'] as const;
export type TRechargeMark = (typeof RECHARGE_MARKS)[number];

export interface RechargeDetail {
  recharge: TRechargeMark;
  maybe_delivered?: true;
  seqid?: string;
}

/**
 * Detail of the event written right before a call with `seqid`; `earlierLost` when the previous call was never
 * answered.
 */
export function callSent(seqid: string, earlierLost = false): RechargeDetail {
  return earlierLost ? { recharge: 'sent', maybe_delivered: true, seqid } : { recharge: 'sent', seqid };
}

export const callNotSent = (): RechargeDetail => ({ recharge: 'not_sent' });

/** Detail of the event that records what became of the call with `seqid`. */
export function callAnswer(outcome: BigoRechargeOutcome, seqid: string): RechargeDetail {
  return outcome.kind === 'retry' && outcome.rescode === null
    ? { recharge: 'unanswered', maybe_delivered: true, seqid }
    : { recharge: 'answered', seqid };
}

/** Whether the newest mark says a call went out and nothing ever recorded its answer. */
export const previousCallLost = (lastMark: string | null): boolean => lastMark === 'sent';

/**
 * What the order shows (failure_reason) when its delivery failed for good after an earlier call that got no answer
 * (issue #26): BIGO may have credited the diamonds, so nobody refunds it before BIGO's console has been checked.
 */
export function uncertainDeliveryReason(lastReason: TOrderNoteValue): TOrderNote {
  return orderNote('delivery_uncertain_reason', { reason: lastReason });
}

/**
 * What the order shows (failure_reason) when BIGO answers 7212010 although no earlier call of ours may have
 * delivered: BIGO may keep the number of an order it refused, so only BIGO's console can tell.
 */
export function duplicateWithoutDeliveryReason(bigoReason: TOrderNoteValue): TOrderNote {
  return orderNote('duplicate_without_delivery', { reason: bigoReason });
}
