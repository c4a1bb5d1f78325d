import { ORDER_STATUS } from '@ezrecharge/shared';
import type { Db } from '../../infra/db';
import type { JobHandler, PayloadOf } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import { findExtraPayment } from '../order-lifecycle/extra-payments';
import type { extraPaymentMailJob, orderNoticeMailJob } from '../order-lifecycle/order-notices';
import { findOrder, findOrderById, type OrderRow } from '../order-lifecycle/order-row';
import type { receiptMailJob } from './fulfilment-jobs';
import { extraPaymentMail, type OrderMailFacts, orderNoticeMail, receiptMail } from './fulfilment-mails';

/**
 * The buyer's order e-mails as jobs: queued in the transaction of the move they tell of (the receipt on → 9, the
 * notices on → 10, 11, 12, 13: order-lifecycle/order-notices.ts), sent by a worker afterwards. A mail that cannot be
 * sent throws, so the queue tries again later; the order itself never waits for mail.
 */

export interface OrderMailDeps {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: every order mail links to the order's result page there. */
  publicUrl: string;
}

function factsOf(order: OrderRow, publicUrl: string): OrderMailFacts {
  return {
    orderNum: order.orderNum,
    bigoId: order.gameId,
    diamonds: order.amountGame,
    bonus: order.bonusGame,
    amount: order.amount,
    currency: order.currency,
    lang: order.lang === 'zh' ? 'zh' : 'en',
    publicUrl,
  };
}

export function receiptMailHandler(deps: OrderMailDeps): JobHandler<PayloadOf<typeof receiptMailJob>> {
  return async ({ order_num: orderNum }) => {
    const order = await findOrder(deps.db, orderNum);
    // Receipts are for delivered orders only; 9 is final, so this only skips a job queued by mistake.
    if (order?.orderStatus !== ORDER_STATUS.CHARGED) return undefined;
    await deps.mailer.send({
      to: order.email,
      ...receiptMail({
        ...factsOf(order, deps.publicUrl),
        deliveredAt: order.deliveredAt ?? order.updatedAt,
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
    await deps.mailer.send({ to: order.email, ...orderNoticeMail(factsOf(order, deps.publicUrl), status) });
    return undefined;
  };
}

/** Issue #26: the buyer's e-mail that the extra payment of their order is being refunded, or was. */
export function extraPaymentMailHandler(
  deps: OrderMailDeps,
): JobHandler<PayloadOf<typeof extraPaymentMailJob>> {
  return async ({ extra_payment_id: id, event }) => {
    const extra = await findExtraPayment(deps.db, id);
    const order = extra ? await findOrderById(deps.db, extra.orderId) : undefined;
    if (!extra || !order) return undefined;
    await deps.mailer.send({
      to: order.email,
      ...extraPaymentMail(factsOf(order, deps.publicUrl), extra, event),
    });
    return undefined;
  };
}
