import { isCurrency, orderNote, type TOrderNote } from '@ezrecharge/shared';
import type { PaymentProvider, RefundBank, RefundReference, RefundResult } from '../../gateways';
import type { JobReschedule } from '../../infra/jobs';
import { unseal } from '../../infra/sealed';
import { REFUND_BANK_PURPOSE } from './refunds-common';

/**
 * One look at one refund attempt, whichever payment it refunds (the order's own, or an extra payment of it: issue
 * #26), and the timing rules both refund jobs follow. The state is only ever what the gateway said: a refund with
 * the gateway's id is followed by its status; one without is started, which first asks the gateway about the
 * payment's earlier refunds and about this attempt's own (a run after a crash), so nothing is ever sent twice.
 */

export interface RefundTarget {
  provider: PaymentProvider;
  orderNum: string;
  /** The gateway's reference of the payment being refunded; null only for a row edited by hand. */
  paymentRef: string | null;
  amount: number;
  currency: string;
  reference: RefundReference;
  /** The gateway's id of this attempt's refund, once it gave one. */
  refundRef: string | null;
  /** The buyer's bank details, sealed (the refund action sealed them). */
  sealedBank: string | null;
  /** APP_SECRET: opens them. */
  secret: string;
}

/** The buyer's bank details sealed for a refund, or undefined (none given, or not readable with this secret). */
export function openBank(secret: string, sealed: string | null): RefundBank | undefined {
  if (!sealed) return undefined;
  const opened = unseal(secret, REFUND_BANK_PURPOSE, sealed);
  if (!opened) return undefined;
  try {
    return JSON.parse(opened) as RefundBank;
  } catch {
    return undefined;
  }
}

export async function lookAtRefund(target: RefundTarget): Promise<RefundResult> {
  const { provider, orderNum, reference } = target;
  // Payments are refunded only once reported, with their reference; this guards a row edited by hand.
  if (!target.paymentRef)
    return { state: 'failed', reason: 'the payment has no gateway reference to refund' };
  if (!isCurrency(target.currency)) return { state: 'failed', reason: `unknown currency ${target.currency}` };
  if (target.refundRef) return provider.refundStatus({ orderNum, reference, refundRef: target.refundRef });
  return provider.refund({
    orderNum,
    paymentRef: target.paymentRef,
    amount: target.amount,
    currency: target.currency,
    reference,
    bank: openBank(target.secret, target.sealedBank),
  });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * How long to wait before asking again, growing with the refund's age: a quarter of its age while the gateway says
 * pending (30 minutes at first, at most 12 hours), an eighth while there is no answer (5 minutes at first, an outage
 * is usually short; at most 6 hours). A refund of days is asked about a few times a day, never given up on.
 */
export function refundRecheckDelay(state: 'pending' | 'unknown', ageMs: number): number {
  const age = Math.max(0, ageMs);
  if (state === 'pending') return Math.min(12 * HOUR, Math.max(30 * MINUTE, Math.round(age / 4)));
  return Math.min(6 * HOUR, Math.max(5 * MINUTE, Math.round(age / 8)));
}

/** Besides the gateway's documented time, before an undecided refund goes to the operator's queue. */
export const REFUND_OVERDUE_MARGIN_MS = 2 * 24 * HOUR;

/**
 * When an undecided refund started at `startedAt` becomes the operator's to chase: past the time its gateway
 * documents (plus a margin); never for a gateway that documents none (it decides every refund itself).
 */
export function refundOverdueAt(provider: PaymentProvider, startedAt: Date): Date | null {
  if (provider.refundSettlesWithinMs === null) return null;
  return new Date(startedAt.getTime() + provider.refundSettlesWithinMs + REFUND_OVERDUE_MARGIN_MS);
}

/** "fiuu refund succeeded" or, for an earlier refund found instead, "… (the earlier refund RefID …R1)". */
export function refundCause(
  provider: PaymentProvider,
  result: RefundResult,
  extra?: { ref: string },
): TOrderNote {
  const gateway = provider.id;
  const reference = result.earlier?.reference;
  if (extra) {
    return reference === undefined
      ? orderNote('extra_refund_succeeded', { gateway, ref: extra.ref })
      : orderNote('extra_refund_succeeded_earlier', { gateway, ref: extra.ref, reference });
  }
  return reference === undefined
    ? orderNote('refund_succeeded', { gateway })
    : orderNote('refund_succeeded_earlier', { gateway, reference });
}

/** What an order event records of one look at a refund: the gateway, the attempt, the refund and the gateway's words. */
export function refundDetail(
  provider: PaymentProvider,
  attempt: number,
  knownRef: string | null,
  result: RefundResult,
): Record<string, unknown> {
  return {
    gateway: provider.id,
    attempt,
    refund_ref: knownRef ?? result.ref ?? null,
    ...(result.earlier ? { earlier_refund: result.earlier.reference } : {}),
    ...(result.reason ? { gateway_reason: result.reason } : {}),
  };
}

/**
 * The job's next look at an undecided refund (pending, or no answer): later by refundRecheckDelay, with what the
 * gateway last said as the job's reason.
 */
export function recheckLater(
  provider: PaymentProvider,
  result: RefundResult & { state: 'pending' | 'unknown' },
  startedAt: Date,
  now: Date,
): JobReschedule {
  const wait = refundRecheckDelay(result.state, now.getTime() - startedAt.getTime());
  const about = result.earlier ? ` (the earlier refund ${result.earlier.reference})` : '';
  return {
    retryAt: new Date(now.getTime() + wait),
    reason:
      result.state === 'pending'
        ? `refund pending at ${provider.id}${about}`
        : `no answer from ${provider.id}: ${result.reason ?? 'unknown'}`,
  };
}

/** Whole days since `startedAt`, for the operator's words about an overdue refund. */
export const daysSince = (startedAt: Date, now: Date): number =>
  Math.floor((now.getTime() - startedAt.getTime()) / (24 * 60 * 60_000));
