import { ORDER_STATUS } from '@ezrecharge/shared';
import type { Db } from '../../infra/db';
import type { JobHandler } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import { balanceWarningMail, receiptMail } from './fulfilment-mails';
import { findOrder } from './fulfilment-repository';

/**
 * The fulfilment e-mails as jobs: queued in the transaction that decides them (the move to 9, the commit that saw
 * a low balance), sent by a worker afterwards. A mail that cannot be sent throws, so the queue tries again later;
 * the order itself never waits for mail.
 */

export function receiptMailHandler(deps: { db: Db; mailer: Mailer }): JobHandler {
  return async (payload) => {
    const orderNum = typeof payload.order_num === 'string' ? payload.order_num : '';
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

export function balanceWarningHandler(deps: { mailer: Mailer; adminEmail: string }): JobHandler {
  return async (payload) => {
    const balance = Number(payload.balance);
    const threshold = Number(payload.threshold);
    const checkedAt = new Date(typeof payload.checked_at === 'string' ? payload.checked_at : Date.now());
    if (!Number.isFinite(balance) || !Number.isFinite(threshold)) return undefined;
    await deps.mailer.send({ to: deps.adminEmail, ...balanceWarningMail(balance, threshold, checkedAt) });
    return undefined;
  };
}
