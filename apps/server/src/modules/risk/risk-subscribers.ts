import { ORDER_STATUS, orderNote } from '@ezrecharge/shared';
import { riskHolds } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import type { OrderSubscriber } from '../order-lifecycle/order-events';
import type { OrderMove, OrderMoveResult } from '../order-lifecycle/order-moves';
import { noteOrder } from '../order-lifecycle/order-moves';
import { holdOrder } from './risk-holds';
import { decideAtPayment, paymentRiskOf } from './risk-rules';
import { readRiskSettings } from './risk-settings';

/**
 * Issue #29: the risk rules at the arrival of a payment (7), in the move's transaction. Registered before
 * fulfilment's subscribers (composition.ts): a hold written here keeps the delivery subscriber from queuing the
 * delivery. An order arrives in 7 once, so it is judged once.
 *
 * Stripe Radar's `highest` is refused at once: a `risk_holds` row already decided (`refused`, by nobody: the rule),
 * which bars delivery for good (order-holds.ts deliveryBarred), and the move 7 → 11 in the same transaction, whose
 * subscribers queue the refund job (the normal refund path). `move` is the lifecycle's own (given lazily by the
 * composition root, which builds the lifecycle from these subscribers).
 */
export function riskSubscribers(deps: {
  holdAlertHours: number;
  reviewHours: number;
  now: () => Date;
  move: (tx: DbOrTx, move: OrderMove) => Promise<OrderMoveResult>;
}): OrderSubscriber[] {
  return [
    {
      name: 'risk: payment rules',
      on: [ORDER_STATUS.PAYMENT_COMPLETED],
      async moved(tx, { order, detail }) {
        const settings = await readRiskSettings(tx);
        const now = deps.now();
        const risk = paymentRiskOf(detail);
        if (risk && !risk.read) {
          await noteOrder(tx, order.orderNum, [ORDER_STATUS.PAYMENT_COMPLETED], {
            cause: orderNote('risk_radar_unread', { reason: risk.reason }),
            actor: 'system',
            detail: { risk: 'radar_unread', reason: risk.reason },
          });
        }
        const decision = await decideAtPayment(tx, settings, order, now, risk);
        if (decision.decision === 'hold')
          await holdOrder(tx, order, decision, { alert: deps.holdAlertHours, review: deps.reviewHours }, now);
        if (decision.decision === 'refuse') {
          await tx.insert(riskHolds).values({
            orderId: order.id,
            rule: decision.rule,
            note: decision.note,
            state: 'refused',
            decidedAt: now,
            decisionReason: 'refused by the rule',
          });
          const moved = await deps.move(tx, {
            orderNum: order.orderNum,
            to: ORDER_STATUS.REFUNDING,
            from: [ORDER_STATUS.PAYMENT_COMPLETED],
            cause: decision.note,
            actor: 'system',
            detail: { risk: 'refuse', rule: decision.rule, ...decision.figures },
          });
          if (!moved.moved)
            throw new Error(`risk: order ${order.orderNum} could not be refused (${moved.reason})`);
        }
      },
    },
  ];
}
