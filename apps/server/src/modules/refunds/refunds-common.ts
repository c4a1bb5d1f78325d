/**
 * Refund constants and the references that name one refund attempt (DESIGN.md §6). An attempt is one move of the
 * order into 11: its number is how many such moves the order's events hold. A retry after 13 is a new move and so
 * a new attempt (a NEW refund at the gateway); a job that runs again for the same attempt (after a crash, or to ask
 * about a pending refund) derives the same references and so reaches the SAME refund.
 */

/** The job that refunds an order in 11 (payload `{ order_num }`). */
export const REFUND_JOB = 'refund-order';

/**
 * One live job per refund attempt. Keyed by attempt, not just by order, so that a retry that arrives while the
 * previous attempt's job is still finishing (its order already in 13) gets a job of its own.
 */
export const refundJobKey = (orderNum: string, attempt: number): string => `refund:${orderNum}:${attempt}`;

/** Fiuu's RefID for an attempt: letters and digits only (order numbers are), well under 64 characters. */
export const fiuuRefundId = (orderNum: string, attempt: number): string => `${orderNum}R${attempt}`;

/** Stripe idempotency key for an attempt (Stripe keeps keys for at least 24 hours, our give-up time). */
export const stripeRefundKey = (orderNum: string, attempt: number): string => `refund-${orderNum}-${attempt}`;

const MINUTE = 60_000;
/** A refund the gateway accepted but has not settled is asked about again after this long. */
export const REFUND_PENDING_RECHECK_MS = 30 * MINUTE;
/** A gateway that did not answer is asked again sooner: an outage is usually short. */
export const REFUND_UNKNOWN_RECHECK_MS = 5 * MINUTE;
/** After this long in 11 without a decided answer, the order goes to 13 for an operator. */
export const REFUND_GIVE_UP_MS = 24 * 60 * MINUTE;
export const REFUND_GIVE_UP_REASON = 'refund status unknown, check the gateway';
