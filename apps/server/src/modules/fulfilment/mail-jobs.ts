import { ORDER_STATUS } from '@ezrecharge/shared';
import type { Db } from '../../infra/db';
import type { JobHandler, PayloadOf } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import { orderMailFacts } from '../order-lifecycle/order-mail';
import { findOrder } from '../order-lifecycle/order-row';
import type { receiptMailJob } from './fulfilment-jobs';
import { orderNoticeMail, receiptMail } from './fulfilment-mails';
import type { orderNoticeMailJob } from './order-notices';

/**
 * The buyer's order e-mails as jobs: queued in the transaction of the move they tell of (the receipt on → 9, the
 * notices on → 10, 11, 12, 13: fulfilment-subscribers.ts), sent by a worker afterwards. A mail that cannot be
 * sent throws, so the queue tries again later; the order itself never waits for mail.
 */

export interface OrderMailDeps {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: every order mail links to the order's result page there. */
  publicUrl: string;
  /** SHOP_TIME_ZONE: the receipt's delivery time is the shop's. */
  timeZone: string;
}

export function receiptMailHandler(deps: OrderMailDeps): JobHandler<PayloadOf<typeof receiptMailJob>> {
  return async ({ order_num: orderNum }) => {
    const order = await findOrder(deps.db, orderNum);
    // Receipts are for delivered orders only; 9 is final, so this only skips a job queued by mistake.
    if (order?.orderStatus !== ORDER_STATUS.CHARGED) return undefined;
    await deps.mailer.send({
      to: order.email,
      ...receiptMail({
        ...orderMailFacts(order, deps.publicUrl),
        deliveredAt: order.deliveredAt ?? order.updatedAt,
        timeZone: deps.timeZone,
      }),
    });
    return undefined;
  };
}

/**
 * Sends the notice of a move that happened, even if the order has moved on since (a refund may complete before
 * the mail of its start goes out): each mail tells of its own event and links to the page that shows the order as
 * it is now.
 */
export function orderNoticeMailHandler(
  deps: OrderMailDeps,
): JobHandler<PayloadOf<typeof orderNoticeMailJob>> {
  return async ({ order_num: orderNum, status }) => {
    const order = await findOrder(deps.db, orderNum);
    if (!order) return undefined;
    await deps.mailer.send({
      to: order.email,
      ...orderNoticeMail(orderMailFacts(order, deps.publicUrl), status),
    });
    return undefined;
  };
}
