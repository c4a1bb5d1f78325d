import { ORDER_STATUS as S } from '@ezrecharge/shared';
import { enqueueJob } from '../../infra/jobs';
import { deliveryUncertainAlertJob } from '../alerts/alert-jobs';
import type { OrderSubscriber } from '../order-lifecycle/order-events';
import { deliveryBarred } from '../order-lifecycle/order-holds';
import { countMovesInto } from '../order-lifecycle/order-moves';
import { deliverOrderJob, receiptMailJob } from './fulfilment-jobs';
import { rechargeCalls } from './fulfilment-repository';
import { ORDER_NOTICE_STATUSES, queueOrderNotice } from './order-notices';

/**
 * What fulfilment does when an order arrives somewhere (order-lifecycle/order-events.ts), each in the move's
 * transaction: deliver it when it is paid (7) and not held for review (issue #29) or sent back to charging (8: an operator's retry; the delivery job
 * moving 7 → 8 finds its own job live and queues nothing more), send the receipt when it is delivered (9), tell the
 * buyer of a failed delivery and of a refund started, completed or failed (10–13), and tell the operator of a
 * delivery BIGO may have made after all (10, delivery uncertain: issue #26).
 */
export const fulfilmentSubscribers: readonly OrderSubscriber[] = [
  {
    name: 'fulfilment: delivery',
    on: [S.PAYMENT_COMPLETED, S.CHARGING],
    async moved(tx, { order }) {
      // Issue #29: held for review by the risk rules (their subscriber ran first): delivery waits for an operator;
      // refused by them (moved on to 11 in this transaction): never delivered.
      if (await deliveryBarred(tx, order.id)) return;
      await enqueueJob(tx, deliverOrderJob.of({ order_num: order.orderNum }));
    },
  },
  {
    name: 'fulfilment: receipt',
    on: [S.CHARGED],
    moved: (tx, { order }) => enqueueJob(tx, receiptMailJob.of({ order_num: order.orderNum })),
  },
  {
    name: 'fulfilment: buyer notices',
    on: ORDER_NOTICE_STATUSES,
    moved: (tx, { order }) => queueOrderNotice(tx, order),
  },
  {
    name: 'fulfilment: delivery uncertain',
    on: [S.CHARGE_FAILED],
    async moved(tx, { order }) {
      if (!order.deliveryUncertain) return;
      const calls = await rechargeCalls(tx, order.id);
      await enqueueJob(
        tx,
        deliveryUncertainAlertJob.of({
          order_num: order.orderNum,
          move: await countMovesInto(tx, order.id, S.CHARGE_FAILED),
          bigo_id: order.gameId,
          diamonds: order.amountGame + order.bonusGame,
          reason: (order.failureReason ?? '').slice(0, 500),
          calls: calls.slice(-100).map((c) => ({
            at: c.at.toISOString(),
            mark: c.mark,
            seqid: c.seqid,
            rescode: c.rescode,
            cause: c.cause.slice(0, 300),
          })),
        }),
      );
    },
  },
];
