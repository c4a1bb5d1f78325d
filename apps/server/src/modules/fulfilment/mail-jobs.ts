import { ORDER_STATUS } from '@ezrecharge/shared';
import type { Db } from '../../infra/db';
import type { JobHandler, PayloadOf } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import { findOrder } from '../order-lifecycle/order-row';
import type { receiptMailJob } from './fulfilment-jobs';
import { receiptMail } from './fulfilment-mails';

/**
 * The buyer's receipt as a job: queued in the transaction of the move to 9, sent by a worker afterwards. A mail
 * that cannot be sent throws, so the queue tries again later; the order itself never waits for mail.
 */
export function receiptMailHandler(deps: {
  db: Db;
  mailer: Mailer;
}): JobHandler<PayloadOf<typeof receiptMailJob>> {
  return async ({ order_num: orderNum }) => {
    const order = await findOrder(deps.db, orderNum);
    // Receipts are for delivered orders only; 9 is final, so this only skips a job queued by mistake.
    if (order?.orderStatus !== ORDER_STATUS.CHARGED) return undefined;
    await deps.mailer.send({
      to: order.email,
      ...receiptMail({
        orderNum: order.orderNum,
        bigoId: order.gameId,
        diamonds: order.amountGame,
        amount: order.amount,
        currency: order.currency,
        deliveredAt: order.deliveredAt ?? order.updatedAt,
        lang: order.lang === 'zh' ? 'zh' : 'en',
      }),
    });
    return undefined;
  };
}
