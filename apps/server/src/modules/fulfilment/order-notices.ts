import { ORDER_STATUS } from '@ezrecharge/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../infra/db';
import { defineJob, enqueueJob } from '../../infra/jobs';
import { MAIL_MAX_ATTEMPTS } from '../../infra/mail';
import { ZOrderJobPayload } from '../order-lifecycle/order-job-payload';
import { countMovesInto } from '../order-lifecycle/order-moves';
import type { OrderRow } from '../order-lifecycle/order-row';

/**
 * The buyer hears of every turn their money takes after payment (issue #13): the receipt when the diamonds arrive
 * (9, the fulfilment module's `receipt-mail`) and an order notice when the delivery failed for good (10: no
 * automatic retry leaves 10), a refund started (11), completed (12) or failed (13). Fulfilment's subscriber to
 * those arrivals (fulfilment-subscribers.ts) queues the notice in the move's own transaction through
 * `queueOrderNotice`, whichever module made the move; mail-jobs.ts sends it in the order's purchase language.
 */

export const ORDER_NOTICE_STATUSES = [
  ORDER_STATUS.CHARGE_FAILED,
  ORDER_STATUS.REFUNDING,
  ORDER_STATUS.REFUNDED,
  ORDER_STATUS.REFUND_FAILED,
] as const;
export type TOrderNoticeStatus = (typeof ORDER_NOTICE_STATUSES)[number];

export const isOrderNoticeStatus = (status: number): status is TOrderNoticeStatus =>
  (ORDER_NOTICE_STATUSES as readonly number[]).includes(status);

/**
 * One e-mail per move into a notice status: `move` counts the order's moves into `status`, this one included, so
 * a second failed delivery after an operator's retry, or a second refund attempt, is a new event with a mail of its
 * own, while a move or a job that runs again never queues a second mail for the same event (`once`). The key rests
 * on the order's events, which are never pruned, not on the job row.
 */
export const orderNoticeMailJob = defineJob({
  kind: 'order-notice-mail',
  payload: ZOrderJobPayload.extend({
    status: z.literal(ORDER_NOTICE_STATUSES),
    move: z.number().int().min(1),
  }),
  maxAttempts: MAIL_MAX_ATTEMPTS,
  key: (p) => `notice:${p.order_num}:${p.status}:${p.move}`,
  once: true,
});

/**
 * Queues the buyer's notice of the move that just brought `order` into its status, in the move's transaction (an
 * OrderMove's `after`). Statuses without a notice queue nothing.
 */
export async function queueOrderNotice(tx: DbOrTx, order: OrderRow): Promise<void> {
  const status = order.orderStatus;
  if (!isOrderNoticeStatus(status)) return;
  const move = await countMovesInto(tx, order.id, status);
  await enqueueJob(tx, orderNoticeMailJob.of({ order_num: order.orderNum, status, move }));
}
