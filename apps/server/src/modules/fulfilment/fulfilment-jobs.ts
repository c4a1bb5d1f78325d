import { z } from 'zod';
import { BIGO_CALL_ATTEMPTS } from '../../gateways/ports';
import { defineJob } from '../../infra/jobs';
import { MAIL_MAX_ATTEMPTS } from '../../infra/mail';
import { ZOrderJobPayload } from '../order-lifecycle/order-job-payload';

/**
 * The fulfilment module's own jobs, queued by its subscribers to the order's moves (fulfilment-subscribers.ts) and
 * by its operators' actions; the buyer's notices are in order-notices.ts. See README.md in this folder.
 */

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
  maxAttempts: BIGO_CALL_ATTEMPTS,
  key: (p) => `deliver:${p.order_num}`,
});

/** E-mails the buyer the receipt of a delivered order, once ever per order (even if queued again later). */
export const receiptMailJob = defineJob({
  kind: 'receipt-mail',
  payload: ZOrderJobPayload,
  maxAttempts: MAIL_MAX_ATTEMPTS,
  key: (p) => `receipt:${p.order_num}`,
  once: true,
});

/**
 * Re-queues the delivery of any order in 7 or 8 that has no live delivery job (delivery-job.ts); one live job for
 * all processes, queued at start.
 */
export const deliverySweepJob = defineJob({
  kind: 'delivery-sweep',
  payload: z.strictObject({}),
  maxAttempts: 10,
  key: () => 'delivery-sweep',
});
