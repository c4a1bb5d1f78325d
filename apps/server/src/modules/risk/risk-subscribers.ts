import { ORDER_STATUS } from '@ezrecharge/shared';
import type { OrderSubscriber } from '../order-lifecycle/order-events';
import { holdOrder } from './risk-holds';
import { decideAtPayment } from './risk-rules';
import { readRiskSettings } from './risk-settings';

/**
 * Issue #29: the risk rules at the arrival of a payment (7), in the move's transaction. Registered before
 * fulfilment's subscribers (composition.ts): a hold written here keeps the delivery subscriber from queuing the
 * delivery. An order arrives in 7 once, so it is judged once.
 */
export function riskSubscribers(deps: {
  holdAlertHours: number;
  reviewHours: number;
  now: () => Date;
}): OrderSubscriber[] {
  return [
    {
      name: 'risk: payment rules',
      on: [ORDER_STATUS.PAYMENT_COMPLETED],
      async moved(tx, { order }) {
        const settings = await readRiskSettings(tx);
        const now = deps.now();
        const decision = await decideAtPayment(tx, settings, order, now);
        if (decision.decision === 'hold')
          await holdOrder(tx, order, decision, { alert: deps.holdAlertHours, review: deps.reviewHours }, now);
      },
    },
  ];
}
