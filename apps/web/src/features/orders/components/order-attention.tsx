import { DELIVERY_LATE_MINUTES } from '@ezrecharge/shared/limits';
import { CLOSED_DISPUTE_STATUSES } from '@ezrecharge/shared/schemas/disputes';
import {
  EXTRA_PAYMENT_REFUNDABLE,
  type TExtraPayment,
  type TOrder,
  type TOrderAttention,
} from '@ezrecharge/shared/schemas/orders';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Extra payments of the order waiting for an operator's refund (issue #26). */
export const refundableExtraPayments = (order: TOrder): TExtraPayment[] =>
  order.extra_payments.filter((p) => (EXTRA_PAYMENT_REFUNDABLE as readonly string[]).includes(p.state));

/**
 * Which of the operator's queues (issue #26) an order is in, as the server's `attention` filter and the overview's
 * cards count them: held payment, late or uncertain delivery, paid twice, refund overdue, and issue #28's open
 * dispute. A late delivery is judged by this browser's clock when the list loaded (the server's list judges by the
 * database's).
 */
export function attentionsOf(order: TOrder, now: number = Date.now()): TOrderAttention[] {
  const queues: TOrderAttention[] = [];
  if (isDeliveryLateForOperator(order, now)) queues.push('delivery_late');
  if (order.delivery_uncertain && order.order_status === 10) queues.push('delivery_uncertain');
  if (refundableExtraPayments(order).length > 0) queues.push('paid_twice');
  const extraOverdue = order.extra_payments.some((p) => p.state === 'refunding' && p.refund_overdue_at);
  if ((order.order_status === 11 && order.refund_overdue_at) || extraOverdue) queues.push('refund_overdue');
  if (
    order.dispute_status !== null &&
    !(CLOSED_DISPUTE_STATUSES as readonly string[]).includes(order.dispute_status)
  ) {
    queues.push('disputed');
  }
  // Issue #29: paid and held for review by the risk rules.
  if (order.review_hours) queues.push('risk_held');
  return queues;
}

/** Issue #32: paid (7, 8) and still not delivered DELIVERY_LATE_MINUTES after its payment. */
function isDeliveryLateForOperator(order: TOrder, now: number): boolean {
  if (order.order_status !== 7 && order.order_status !== 8) return false;
  const paidAt = order.paid_at === null ? Number.NaN : Date.parse(order.paid_at);
  return Number.isFinite(paidAt) && now - paidAt > DELIVERY_LATE_MINUTES * 60_000;
}

/** The order's queues as warning tags beside its status (superusers see them; buyers' orders never carry them). */
export function OrderAttentionTags({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const queues = attentionsOf(order);
  if (queues.length === 0) return null;
  return (
    <span className="order-list__attention">
      {queues.map((queue) => (
        <Tag key={queue} color="warning">
          {t(`attention.${queue}`)}
        </Tag>
      ))}
    </span>
  );
}
