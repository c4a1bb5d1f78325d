import { z } from 'zod';
import { defineJob } from '../../infra/jobs';
import { ZOrderJobPayload } from '../order-lifecycle/lifecycle-jobs';
import { MAIL_MAX_ATTEMPTS } from '../order-lifecycle/order-notices';

/**
 * The fulfilment module's own jobs (the delivery job itself is the order lifecycle's promise: lifecycle-jobs.ts).
 * See README.md in this folder.
 */

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
