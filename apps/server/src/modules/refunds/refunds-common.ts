import { z } from 'zod';
import { defineJob } from '../../infra/jobs';
import { MAIL_MAX_ATTEMPTS } from '../../infra/mail';

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

/**
 * Issue #26: the job that refunds an extra payment (a capture besides the one that paid the order) in `refunding`,
 * one live job per refund attempt, as refund-order does for the order's own payment.
 */
export const extraRefundJob = defineJob({
  kind: 'refund-extra-payment',
  payload: z.strictObject({ extra_payment_id: z.number().int().min(1), attempt: z.number().int().min(1) }),
  maxAttempts: 10,
  key: (p) => `refund-extra:${p.extra_payment_id}:${p.attempt}`,
});

/** What the buyer's bank details are sealed for (infra/sealed.ts): they open for nothing else. */
export const REFUND_BANK_PURPOSE = 'refund-bank-details';

/**
 * Issue #26: a payment captured for an order besides the one that paid it was recorded; queued in that transaction
 * by the refunds module's subscriber (refunds-subscribers.ts). Its handler tells the operator and, with
 * EXTRA_PAYMENT_REFUND=auto, starts the refund. Once per extra payment.
 */
export const extraPaymentRecordedJob = defineJob({
  kind: 'extra-payment-recorded',
  payload: z.strictObject({ extra_payment_id: z.number().int().min(1) }),
  maxAttempts: 20,
  key: (p) => `extra-payment-recorded:${p.extra_payment_id}`,
  once: true,
});

/**
 * Issue #26: the buyer's e-mail about a payment captured for their order besides the one that paid it: its refund
 * started (`refunding`) or completed (`refunded`). One per event and refund attempt.
 */
export const extraPaymentMailJob = defineJob({
  kind: 'extra-payment-mail',
  payload: z.strictObject({
    extra_payment_id: z.number().int().min(1),
    event: z.enum(['refunding', 'refunded']),
    attempt: z.number().int().min(1),
  }),
  maxAttempts: MAIL_MAX_ATTEMPTS,
  key: (p) => `extra-payment-mail:${p.extra_payment_id}:${p.event}:${p.attempt}`,
  once: true,
});
