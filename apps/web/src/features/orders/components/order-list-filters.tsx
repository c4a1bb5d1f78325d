import { ORDER_STATUSES, orderStatusI18nKey } from '@ezrecharge/shared/order-status';
import { ORDER_ATTENTIONS, type ZOrderListQuery } from '@ezrecharge/shared/schemas/orders';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type TListFilter, textFilter } from '../../../components/admin-list';

/**
 * The order list's filters: order number, BIGO ID and status; for superusers also the operator's queues (issue #26),
 * as the overview's cards link to them.
 */
export function useOrderFilters(superuser: boolean): TListFilter<z.output<typeof ZOrderListQuery>>[] {
  const { t } = useTranslation('orders');
  const select = (placeholder: string, options: { value: string | number; label: string }[]) => (
    <Select className="order-list__status" allowClear placeholder={placeholder} options={options} />
  );
  return [
    textFilter('order_num', t('columns.orderNum')),
    textFilter('game_id', t('columns.gameId')),
    {
      name: 'order_status',
      label: t('columns.status'),
      control: select(
        t('list.allStatuses'),
        ORDER_STATUSES.map((status) => ({ value: status, label: t(orderStatusI18nKey(status)) })),
      ),
    },
    ...(superuser
      ? [
          {
            name: 'attention' as const,
            label: t('list.attention'),
            control: select(
              t('list.allOrders'),
              ORDER_ATTENTIONS.map((queue) => ({ value: queue, label: t(`attention.${queue}`) })),
            ),
          },
        ]
      : []),
  ];
}
