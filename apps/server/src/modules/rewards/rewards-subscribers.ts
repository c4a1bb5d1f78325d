import { ORDER_STATUS } from '@ezrecharge/shared';
import type { OrderSubscriber } from '../order-lifecycle/order-events';
import { rewardsOnDelivered, rewardsOnPaid, rewardsOnRefund } from './rewards-grants';

/**
 * The rewards of an order (issue #16) follow its life (order-lifecycle/order-events.ts), each in the move's own
 * transaction because each changes what the order carries at once: paid (7) earns its spins, checks a revived
 * order's bonuses again and grants the payment channel's bonus before the delivery's one BIGO call can carry it;
 * delivered (9) marks the bonuses delivered and unlocks the spins; refund started (11) withdraws what was not
 * delivered, so the buyer's notices promise none of it.
 */
export const rewardsSubscribers: readonly OrderSubscriber[] = [
  {
    name: 'rewards: paid',
    on: [ORDER_STATUS.PAYMENT_COMPLETED],
    moved: (tx, { order }) => rewardsOnPaid(tx, order),
  },
  {
    name: 'rewards: delivered',
    on: [ORDER_STATUS.CHARGED],
    moved: (tx, { order }) => rewardsOnDelivered(tx, order),
  },
  {
    name: 'rewards: refund started',
    on: [ORDER_STATUS.REFUNDING],
    moved: (tx, { order, actor }) => rewardsOnRefund(tx, order, actor),
  },
];
