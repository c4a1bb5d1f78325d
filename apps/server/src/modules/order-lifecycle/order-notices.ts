import { ORDER_STATUS } from '@ezrecharge/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { orderEvents } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { defineJob, enqueueJob } from '../../infra/jobs';
import { ZOrderJobPayload } from './lifecycle-jobs';
import type { OrderRow } from './order-row';

/**
 * The buyer hears of every turn their money takes after payment (issue #13): the receipt when the diamonds arrive
 * (9, the fulfilment module's `receipt-mail`) and an order notice when the delivery failed for good (10: no
 * automatic retry leaves 10), a refund started (11), completed (12) or failed (13). The modules that make those
 * moves (fulfilment, refunds) queue the notice in the move's own transaction through `queueOrderNotice`; the
 * fulfilment module sends it (mail-jobs.ts) in the order's purchase language.
 */

/** Mail retries back off to 10 minutes apart: about two hours of an unreachable SMTP server. */
export const MAIL_MAX_ATTEMPTS = 20;

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

/**
 * How many times the order moved into `status` (at least 1: called right after such a move): numbers the mails and
 * alerts that tell of one arrival each, so a second arrival is a new one and a repeat of the same is not.
 */
export async function countMovesInto(tx: DbOrTx, orderId: number, status: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderEvents)
    // Moves only: a note an order got while in this status (from = to) is not an arrival.
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.toStatus, status),
        ne(orderEvents.fromStatus, status),
      ),
    );
  return Math.max(1, Number(row?.n ?? 0));
}

/**
 * Issue #26: the buyer's e-mail about a payment captured for their order besides the one that paid it: its refund
 * started (`refunding`) or completed (`refunded`). One per event and refund attempt; sent by the fulfilment module
 * with the order's other mails.
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
