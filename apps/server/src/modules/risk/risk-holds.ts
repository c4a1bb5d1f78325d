import { ORDER_STATUS, type TOrderNote } from '@ezrecharge/shared';
import { riskHolds } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { enqueueJob } from '../../infra/jobs';
import { noteOrder } from '../order-lifecycle/order-moves';
import type { OrderRow } from '../order-lifecycle/order-row';
import { riskHoldAlertJob, riskReviewMailJob } from './risk-jobs';

/**
 * Issue #29: a paid order held for review. The hold is written in the transaction of the order's move to 7, before
 * fulfilment's delivery subscriber runs (the composition root's order), which then queues nothing; the delivery job
 * and the delivery sweep leave a held order alone too. Only an operator's approval queues the delivery
 * (risk-service.ts), in the transaction that records it.
 */

/**
 * Holds a paid order (in the move's transaction): the hold row, the event saying which rule and what it saw, the
 * buyer's mail that the order is being checked, and the operators' alert, due when the hold is still undecided after
 * `hours.alert`.
 */
export async function holdOrder(
  tx: DbOrTx,
  order: OrderRow,
  hold: { rule: string; note: TOrderNote },
  hours: { alert: number; review: number },
  now: Date,
): Promise<void> {
  await tx.insert(riskHolds).values({ orderId: order.id, rule: hold.rule, note: hold.note });
  await noteOrder(tx, order.orderNum, [ORDER_STATUS.PAYMENT_COMPLETED], {
    cause: hold.note,
    actor: 'system',
    detail: { risk: 'hold', rule: hold.rule },
  });
  await enqueueJob(
    tx,
    riskHoldAlertJob.of(
      { order_num: order.orderNum, hours: hours.alert },
      { runAt: new Date(now.getTime() + hours.alert * 3_600_000) },
    ),
  );
  await enqueueJob(tx, riskReviewMailJob.of({ order_num: order.orderNum, hours: hours.review }));
}
