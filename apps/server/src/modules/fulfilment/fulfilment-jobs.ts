import { formatEventTime } from '@ezrecharge/shared';
import type { DbOrTx } from '../../infra/db';
import { enqueueJob, type JobSpec } from '../../infra/jobs';

/**
 * The fulfilment module's jobs and how they are queued. Other modules queue them through these functions, inside
 * their own transactions: applyPaymentOutcome queues the delivery of every order it moves to 7, the order commit
 * queues the low-balance warning. See README.md in this folder.
 */

/** Delivers a paid order through BIGO (payload `{ order_num }`), one live job per order. */
export const DELIVER_ORDER_JOB = 'deliver-order';
/** E-mails the buyer the receipt of a delivered order (payload `{ order_num }`). */
export const RECEIPT_MAIL_JOB = 'receipt-mail';
/** E-mails ADMIN_EMAIL that the reseller balance is low (payload `{ balance, threshold, checked_at }`). */
export const BALANCE_WARNING_JOB = 'balance-warning';
/** Re-queues the delivery of any order in 7 or 8 that has no live delivery job (see delivery-job.ts). */
export const DELIVERY_SWEEP_JOB = 'delivery-sweep';

export const deliveryKey = (orderNum: string): string => `deliver:${orderNum}`;
export const receiptKey = (orderNum: string): string => `receipt:${orderNum}`;
/** One warning per UTC+8 hour: `balance-warning:2026112118`. */
export const balanceWarningKey = (at: Date): string => `balance-warning:${formatEventTime(at).slice(0, 10)}`;
export const DELIVERY_SWEEP_KEY = DELIVERY_SWEEP_JOB;

/**
 * Attempts of a delivery. Transient failures back off 2 s, 4 s, 8 s … up to 10 minutes (up to 25 % less at
 * random), so 12 attempts span about 28–37 minutes: long enough to ride out a BIGO hiccup, short enough that an
 * order does not sit in "Charging" for hours before an operator hears of it (the last attempt moves it to 10).
 */
export const DELIVERY_MAX_ATTEMPTS = 12;
/**
 * Lease of a delivery job: the handler is two short transactions around one rs_recharge call with a 15-second
 * timeout, so a job still running after 30 seconds belongs to a process that died, and another process takes it.
 * (Taking one that is merely slow is harmless: bu_orderid makes a second call answer 7212010.)
 */
export const DELIVERY_LEASE_MS = 30_000;
/** Mail retries back off to 10 minutes apart: about two hours of an unreachable SMTP server. */
export const MAIL_MAX_ATTEMPTS = 20;

export async function enqueueDelivery(tx: DbOrTx, orderNum: string): Promise<void> {
  await enqueueJob(tx, {
    kind: DELIVER_ORDER_JOB,
    payload: { order_num: orderNum },
    dedupeKey: deliveryKey(orderNum),
    maxAttempts: DELIVERY_MAX_ATTEMPTS,
  });
}

export async function enqueueReceipt(tx: DbOrTx, orderNum: string): Promise<void> {
  await enqueueJob(tx, {
    kind: RECEIPT_MAIL_JOB,
    payload: { order_num: orderNum },
    dedupeKey: receiptKey(orderNum),
    maxAttempts: MAIL_MAX_ATTEMPTS,
    // A receipt is sent once, even if something queues it again later.
    once: true,
  });
}

/**
 * Queues the operator's low-balance warning when `balance` (BIGO's recharge_balance at a precheck) is below
 * `threshold` (BIGO_BALANCE_ALERT_BELOW; 0 = off). At most one per UTC+8 hour, however many orders see it.
 */
/** The hourly low-balance warning job, or null when the balance is unknown, fine, or the alert is off. */
export function balanceWarningJob(balance: number | null, threshold: number, now: Date): JobSpec | null {
  if (balance === null || threshold <= 0 || balance >= threshold) return null;
  return {
    kind: BALANCE_WARNING_JOB,
    payload: { balance, threshold, checked_at: now.toISOString() },
    dedupeKey: balanceWarningKey(now),
    maxAttempts: MAIL_MAX_ATTEMPTS,
    once: true,
  };
}
