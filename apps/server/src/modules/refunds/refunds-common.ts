import { z } from 'zod';
import { defineJob } from '../../infra/jobs';

/**
 * Refund constants and the references that name one refund attempt (DESIGN.md §6). An attempt is one move of the
 * order into 11: its number is how many such moves the order's events hold. A retry after 13 is a new move and so
 * a new attempt (a NEW refund at the gateway); a job that runs again for the same attempt (after a crash, or to ask
 * about a pending refund) derives the same references and so reaches the SAME refund.
 */

/**
 * The job that refunds an order in 11. One live job per refund attempt: keyed by attempt, not just by order, so
 * that a retry that arrives while the previous attempt's job is still finishing (its order already in 13) gets a
 * job of its own.
 */
export const refundOrderJob = defineJob({
  kind: 'refund-order',
  payload: z.strictObject({ order_num: z.string().min(1).max(64), attempt: z.number().int().min(1) }),
  maxAttempts: 10,
  key: (p) => `refund:${p.order_num}:${p.attempt}`,
});

/** What the buyer's bank details are sealed for (infra/sealed.ts): they open for nothing else. */
export const REFUND_BANK_PURPOSE = 'refund-bank-details';

const MINUTE = 60_000;
/** A refund the gateway accepted but has not settled is asked about again after this long. */
export const REFUND_PENDING_RECHECK_MS = 30 * MINUTE;
/** A gateway that did not answer is asked again sooner: an outage is usually short. */
export const REFUND_UNKNOWN_RECHECK_MS = 5 * MINUTE;
/** After this long in 11 without a decided answer, the order goes to 13 for an operator. */
export const REFUND_GIVE_UP_MS = 24 * 60 * MINUTE;
export const REFUND_GIVE_UP_REASON = 'refund status unknown, check the gateway';
