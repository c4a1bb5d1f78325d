import { z } from 'zod';
import { defineJob } from '../../infra/jobs';

/**
 * The job the order's life itself promises: every order that reaches 7 (paid) has a delivery job, queued in the
 * same transaction as the move (payment-outcomes.ts). Its handler is the fulfilment module's.
 */

/** The payload of every job about one order. */
export const ZOrderJobPayload = z.strictObject({ order_num: z.string().min(1).max(64) });
export type TOrderJobPayload = z.infer<typeof ZOrderJobPayload>;

/**
 * Delivers a paid order through BIGO, one live job per order.
 *
 * Attempts: transient failures back off 2 s, 4 s, 8 s … up to 10 minutes (up to 25 % less at random), so 12
 * attempts span about 28–37 minutes: long enough to ride out a BIGO hiccup, short enough that an order does not sit
 * in "Charging" for hours before an operator hears of it (the last attempt moves it to 10).
 *
 * Lease: the queue's (renewed while the handler runs), so the job of a process that died mid-delivery is taken over
 * within seconds. (Taking over one whose process was merely frozen is harmless: BIGO credits a bu_orderid once, and
 * the second worker records the earlier call as one that may have delivered, so BIGO's 7212010 to its own call
 * counts as delivered.)
 */
export const deliverOrderJob = defineJob({
  kind: 'deliver-order',
  payload: ZOrderJobPayload,
  maxAttempts: 12,
  key: (p) => `deliver:${p.order_num}`,
});

/**
 * Issue #26: a payment captured for an order besides the one that paid it was recorded (extra-payments.ts), in the
 * same transaction. Its handler is the refunds module's: it tells the operator and, with EXTRA_PAYMENT_REFUND=auto,
 * starts the refund. Once per extra payment.
 */
export const extraPaymentJob = defineJob({
  kind: 'extra-payment-recorded',
  payload: z.strictObject({ extra_payment_id: z.number().int().min(1) }),
  maxAttempts: 20,
  key: (p) => `extra-payment-recorded:${p.extra_payment_id}`,
  once: true,
});
