import { type TOrder, ZOrderListQuery } from '@ezrecharge/shared/schemas/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage, type TRowActions, useListQuery } from '../../../components/admin-list';
import { PaymentStalled } from '../../../components/payment-stalled';
import { useSuperuser } from '../../../lib/session';
import { useGetOrders, useGetUserNames } from '../api/get-orders';
import { OrderActionModal } from './order-action-modal';
import { OrderExportButton } from './order-export-button';
import { useOrderColumns } from './order-list-columns';
import { useOrderFilters } from './order-list-filters';
import { type TOrderAction, useHistoryExpandable, useOrderRowActions } from './order-row-actions';
import { usePayNow } from './use-pay-now';
import './orders.css';

/**
 * Order list /order (SPEC.md §2, §6, §7): filters by order number, BIGO ID and status, kept in the address (the
 * operator overview's counts link to `?order_status=10`); the SPEC.md columns; and Pay Now, offered only to the
 * order's creator while it awaits payment (2 or 3), which hands the buyer to the payment page as the recharge form
 * does. The server decides whose orders are listed. Superusers also open a row for its status history and act on
 * orders that need an operator: retry the charge or refund (10), retry the refund (13), refund an extra payment
 * (issue #26); filter by the operator's queues (`attention`), as the overview's cards link to them; and export the
 * filtered list as CSV (issue #28).
 */
export function OrderListPage() {
  const { t } = useTranslation(['orders', 'common']);
  const { t: texts } = useTranslation('orders', { keyPrefix: 'list' });
  const list = useListQuery(ZOrderListQuery);
  const orders = useGetOrders(list.query);
  const names = useGetUserNames();
  const superuser = useSuperuser();
  const payNow = usePayNow();
  const [action, setAction] = useState<(TOrderAction & { open: boolean }) | null>(null);
  const columns = useOrderColumns(names.data);
  const filters = useOrderFilters(superuser);
  const history = useHistoryExpandable(names.data);
  const rowActions = useOrderRowActions({
    superuser,
    payNow,
    open: (opened) => setAction({ ...opened, open: true }),
  });

  const actions: TRowActions<TOrder> = {
    title: t('columns.actions'),
    width: superuser ? 150 : 130,
    fixed: true,
    className: 'order-list__actions',
    items: rowActions,
  };

  const { stalled } = payNow;
  return (
    <AdminListPage
      className="order-list"
      texts={texts}
      description={superuser ? t('list.descriptionAdmin') : t('list.description')}
      extra={superuser && <OrderExportButton filters={list.query.filters} />}
      notice={
        stalled && (
          // Pay Now again for the same order: fresh hand-off data from the server (or why it cannot be paid now).
          <div className="order-list__stalled">
            <PaymentStalled
              orderNum={stalled.order_num}
              retrying={payNow.isPending}
              onRetry={() => void payNow.run(stalled.order_num)}
            />
          </div>
        )
      }
      list={list}
      rows={orders}
      name="order-filters"
      filters={filters}
      columns={columns}
      actions={actions}
      scrollX={1800}
      cards={{ lead: ['status', 'order_num'] }}
      expandable={superuser ? history : undefined}
    >
      {action && (
        <OrderActionModal
          kind={action.kind}
          order={action.order}
          extraPayment={action.extraPayment}
          open={action.open}
          onClose={() => setAction((current) => current && { ...current, open: false })}
          afterClose={() => setAction(null)}
        />
      )}
    </AdminListPage>
  );
}
