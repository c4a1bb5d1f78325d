import { z } from 'zod';
import { defineJob } from '../../infra/jobs';
import { ZOrderJobPayload } from '../order-lifecycle/order-job-payload';

/** DESIGN.md §6: an order not paid within this time after its hand-off times out (status 6). */
export const PAYMENT_TIMEOUT_MS = 30 * 60_000;

/**
 * Times an unpaid order out at its deadline, after asking its provider (payment-timeout.ts); one per order, queued
 * with the order's creation or hand-off and queued again (moved) by Pay Now.
 *
 * Attempts: "no answer" and "not yet" are reschedules, not failures, so attempts count only what throws (the
 * database away): 30 of them, backing off to 10 minutes apart, span about three hours, past the two hours after the
 * deadline by which the job decides.
 */
export const paymentTimeoutJob = defineJob({
  kind: 'payment-timeout',
  payload: ZOrderJobPayload,
  maxAttempts: 30,
  key: (p) => `payment-timeout:${p.order_num}`,
});

/**
 * Payment notifications are kept 180 days (Fiuu accepts refunds that long after a payment, and a dispute may need
 * the raw report), then pruned hourly. No once-only guarantee rests on them: a repeat of a pruned notification
 * changes nothing, because the order's state machine only lets "paid" move an order still awaiting payment (or one
 * that failed or timed out) and failures only end orders still awaiting payment; Stripe's signed timestamp refuses
 * any event replayed more than 5 minutes after it was signed.
 */
export const NOTIFICATION_RETENTION_MS = 180 * 24 * 60 * 60_000;
export const NOTIFICATION_PRUNE_EVERY_MS = 60 * 60_000;

export const notificationRetentionJob = defineJob({
  kind: 'notification-retention',
  payload: z.strictObject({}),
  maxAttempts: 10,
  key: () => 'notification-retention',
});
