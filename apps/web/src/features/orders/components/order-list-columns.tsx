import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderNumber } from '../../../components/order-number';
import dayjs from '../../../lib/dayjs';
import { formatDiamonds, formatMajor, formatPrice } from '../../../lib/money-format';
import { OrderAttentionTags } from './order-attention';
import { OrderBonuses, OrderDiamonds } from './order-bonus';
import { OrderStatusTag } from './order-status-tag';

/**
 * The order list's columns. What an operator or buyer looks for first leads (number, status, time, BIGO ID, money),
 * so that it is in view on a laptop without scrolling sideways (issue #13); the rest of SPEC.md's columns follow.
 * `names`: the usernames of the orders' creators, by id.
 */
export function useOrderColumns(
  names: Readonly<Record<string, string>> | undefined,
): TableColumnsType<TOrder> {
  const { t } = useTranslation('orders');
  const dateFormat = t('dateFormat');
  const userName = (order: TOrder): string => {
    if (order.created_by === null) return t('guest');
    return names?.[String(order.created_by)] ?? `#${order.created_by}`;
  };

  return [
    {
      key: 'order_num',
      title: t('columns.orderNum'),
      // Today's 24 characters in six groups and the copy button on one line.
      width: 290,
      render: (_value, order) => <OrderNumber orderNum={order.order_num} />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      width: 150,
      render: (_value, order) => (
        <>
          <OrderStatusTag status={order.order_status} />
          <OrderAttentionTags order={order} />
        </>
      ),
    },
    {
      key: 'created_at',
      title: t('columns.time'),
      width: 150,
      render: (_value, order) => (
        <time dateTime={order.created_at}>{dayjs(order.created_at).format(dateFormat)}</time>
      ),
    },
    {
      key: 'game_id',
      title: t('columns.gameId'),
      width: 120,
      render: (_value, order) => <span className="order-list__wrap">{order.game_id}</span>,
    },
    {
      key: 'money',
      title: t('columns.money'),
      width: 130,
      align: 'end',
      render: (_value, order) => formatPrice(order.pay_currency, order.amount),
    },
    {
      key: 'diamonds',
      title: t('columns.diamonds'),
      width: 150,
      align: 'end',
      render: (_value, order) =>
        order.bonuses.length > 0 ? (
          <div className="order-list__diamonds">
            <OrderDiamonds order={order} />
            <OrderBonuses bonuses={order.bonuses} />
          </div>
        ) : (
          formatDiamonds(order.amount_game)
        ),
    },
    { key: 'quantity', dataIndex: 'quantity', title: t('columns.quantity'), width: 90, align: 'end' },
    {
      key: 'price',
      title: t('columns.price'),
      width: 100,
      align: 'end',
      render: (_value, order) => formatMajor(order.price, order.pay_currency),
    },
    {
      key: 'email',
      title: t('columns.email'),
      width: 200,
      render: (_value, order) => <span className="order-list__wrap">{order.pay_payment_num}</span>,
    },
    { key: 'user', title: t('columns.user'), width: 120, render: (_value, order) => userName(order) },
    {
      key: 'type',
      title: t('columns.type'),
      width: 130,
      render: (_value, order) => (
        <div className="order-list__type">
          <Tag color="purple">{t('productLabel')}</Tag>
          <span className="order-list__muted">
            {t(`pageInfo.${order.page_info === 'ezrecharge' ? 'ezrecharge' : 'recharge'}`)}
          </span>
        </div>
      ),
    },
  ];
}
