import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderNumber } from '../../../components/order-number';
import { formatPrice } from '../../../lib/money-format';
import { OrderBonuses, OrderDiamonds } from './order-bonus';
import { OrderStatusBadge } from './order-status-badge';

function Row({ label, children, full }: { label: string; children: ReactNode; full?: boolean }) {
  return (
    <div className={full ? 'order-details__row order-details__row--full' : 'order-details__row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * SPEC.md §2 "Order result page": order number, status, e-mail, BIGO ID, product (always BIGO LIVE), diamonds,
 * unit price, quantity and total (each labelled for what it is, issue #32; currency and amount in its own decimals),
 * as a description list; with issue #16's bonus beside the diamonds and each bonus by name.
 */
export function OrderDetails({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <dl className="order-details" aria-label={t('result.details')}>
      <Row label={t('fields.orderNum')} full>
        <OrderNumber orderNum={order.order_num} />
      </Row>
      <Row label={t('fields.status')}>
        <OrderStatusBadge status={order.order_status} />
      </Row>
      <Row label={t('fields.email')}>{order.pay_payment_num}</Row>
      <Row label={t('fields.gameId')}>{order.game_id}</Row>
      <Row label={t('fields.product')}>{t('productLabel')}</Row>
      <Row label={t('fields.diamonds')}>
        <OrderDiamonds order={order} />
      </Row>
      {order.bonuses.length > 0 && (
        <Row label={t('fields.bonuses')}>
          <OrderBonuses bonuses={order.bonuses} />
        </Row>
      )}
      <Row label={t('fields.unitPrice')}>{formatPrice(order.pay_currency, order.price)}</Row>
      <Row label={t('fields.quantity')}>{order.quantity}</Row>
      <Row label={t('fields.total')}>{formatPrice(order.pay_currency, order.amount)}</Row>
    </dl>
  );
}
