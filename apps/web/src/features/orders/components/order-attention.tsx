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
 * cards count them: held payment, uncertain delivery, paid twice, refund overdue, and issue #28's open dispute.
 */
export function attentionsOf(order: TOrder): TOrderAttention[] {
  const queues: TOrderAttention[] = [];
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
  return queues;
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
