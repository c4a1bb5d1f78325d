import { ORDER_STATUS } from '@ezrecharge/shared';
import { enqueueJob } from '../../infra/jobs';
import type { OrderSubscriber } from '../order-lifecycle/order-events';
import { extraPaymentRecordedJob, refundOrderJob } from './refunds-common';
import { clearRefundRef, countRefundAttempts } from './refunds-repository';

/**
 * What the refunds module does when an order arrives somewhere or gets an extra payment
 * (order-lifecycle/order-events.ts), in the same transaction: an order moved into 11 (an operator's refund or its
 * retry) gets the refund-order job of its new attempt, numbered by the order's moves into 11 and starting without
 * the previous attempt's refund id; a recorded extra payment gets the job that tells the operator and, by the
 * setting, refunds it.
 */
export const refundsSubscribers: readonly OrderSubscriber[] = [
  {
    name: 'refunds: refund job',
    on: [ORDER_STATUS.REFUNDING],
    async moved(tx, { order }) {
      await clearRefundRef(tx, order.id);
      const attempt = await countRefundAttempts(tx, order.id);
      await enqueueJob(tx, refundOrderJob.of({ order_num: order.orderNum, attempt }));
    },
  },
  {
    name: 'refunds: extra payment',
    extraPayment: (tx, { payment }) =>
      enqueueJob(tx, extraPaymentRecordedJob.of({ extra_payment_id: payment.id })),
  },
];
