import {
  CheckCircleOutlined,
  CreditCardOutlined,
  DownOutlined,
  RightOutlined,
  RollbackOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { isPayable, ORDER_STATUSES, orderStatusI18nKey } from '@ezrecharge/shared/order-status';
import {
  ORDER_ATTENTIONS,
  type TExtraPayment,
  type TOrder,
  ZOrderListQuery,
} from '@ezrecharge/shared/schemas/orders';
import { Button, Input, Select, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminList, type TRowActions, useListQuery } from '../../../components/admin-list';
import { OrderNumber } from '../../../components/order-number';
import { PageHeader } from '../../../components/page-header';
import { PaymentStalled } from '../../../components/payment-stalled';
import { isApiError } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { errorText } from '../../../lib/form-rules';
import { formatDiamonds, formatMajor, formatPrice } from '../../../lib/money-format';
import { usePaymentHandoff } from '../../../lib/payment-handoff';
import { useErrorPopup } from '../../../lib/popup';
import { useSuperuser } from '../../../lib/session';
import { readLocal, STORAGE_KEYS, subscribeStorage } from '../../../lib/storage';
import { useGetOrders, useGetUserNames } from '../api/get-orders';
import { usePayOrder } from '../api/pay-order';
import {
  actionsFor,
  isDangerousAction,
  OrderActionModal,
  type TActionKind,
  type TOrderActionKind,
} from './order-action-modal';
import { OrderAttentionTags, refundableExtraPayments } from './order-attention';
import { OrderBonuses, OrderDiamonds } from './order-bonus';
import { OrderHistory } from './order-history';
import { OrderStatusTag } from './order-status-tag';
import './orders.css';

const ACTION_ICONS: Record<TOrderActionKind, ReactNode> = {
  retryCharge: <SyncOutlined aria-hidden="true" />,
  markDelivered: <CheckCircleOutlined aria-hidden="true" />,
  refund: <RollbackOutlined aria-hidden="true" />,
  retryRefund: <RollbackOutlined aria-hidden="true" />,
};

/** The signed-in user's id as stored at sign-in (SPEC.md §3 `userId`), or null. */
function useStoredUserId(): number | null {
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => readLocal(STORAGE_KEYS.userId),
    () => null,
  );
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) ? id : null;
}

/**
 * Order list /order (SPEC.md §2, §6, §7): filters by order number, BIGO ID and status, kept in the address (the
 * operator overview's counts link to `?order_status=10`); the SPEC.md columns; and Pay Now, offered only to the
 * order's creator while it awaits payment (2 or 3), which hands the buyer to the payment page as the recharge form
 * does. The server decides whose orders are listed. Superusers also open a row for its status history and act on
 * orders that need an operator: retry the charge or refund (10), retry the refund (13), refund an extra payment
 * (issue #26); and filter by the operator's queues (`attention`), as the overview's cards link to them.
 */
export function OrderListPage() {
  const { t } = useTranslation(['orders', 'common']);
  const list = useListQuery(ZOrderListQuery);
  const orders = useGetOrders(list.query);
  const names = useGetUserNames();
  const pay = usePayOrder();
  const popup = useErrorPopup();
  const superuser = useSuperuser();
  const userId = useStoredUserId();
  const handoff = usePaymentHandoff();
  const [action, setAction] = useState<{
    kind: TActionKind;
    order: TOrder;
    extraPayment?: TExtraPayment;
    open: boolean;
  } | null>(null);
  const dateFormat = t('dateFormat');

  const payNow = async (orderNum: string): Promise<void> => {
    let answer: Awaited<ReturnType<typeof pay.mutateAsync>>;
    try {
      answer = await pay.mutateAsync(orderNum);
    } catch (error) {
      // A refusal (400: paid meanwhile, expired) says why in the popup; other failures were toasted.
      if (!isApiError(error) || !error.toasted) popup(errorText(error));
      return;
    }
    handoff.start(answer.data, answer.message);
  };

  const userName = (order: TOrder): string => {
    if (order.created_by === null) return t('guest');
    return names.data?.[String(order.created_by)] ?? `#${order.created_by}`;
  };

  const payNowButton = (order: TOrder): ReactNode => (
    <Button
      type="link"
      icon={<CreditCardOutlined aria-hidden="true" />}
      aria-label={t('payNowFor', { orderNum: order.order_num })}
      loading={(pay.isPending && pay.variables === order.order_num) || handoff.leaving === order.order_num}
      disabled={pay.isPending || handoff.leaving !== null}
      onClick={() => void payNow(order.order_num)}
    >
      {t('payNow')}
    </Button>
  );

  const actionButtons = (order: TOrder): ReactNode[] => [
    ...actionsFor(order.order_status).map((kind) => (
      <Button
        key={kind}
        type="link"
        danger={isDangerousAction(kind)}
        icon={ACTION_ICONS[kind]}
        aria-label={t(`actions.${kind}.buttonFor`, { orderNum: order.order_num })}
        onClick={() => setAction({ kind, order, open: true })}
      >
        {t(`actions.${kind}.button`)}
      </Button>
    )),
    // Issue #26: a payment captured besides the one that paid the order, whatever the order's status.
    ...refundableExtraPayments(order).map((extraPayment) => (
      <Button
        key={`extra-${extraPayment.id}`}
        type="link"
        danger
        icon={<RollbackOutlined aria-hidden="true" />}
        aria-label={t('actions.refundExtra.buttonFor', {
          orderNum: order.order_num,
          ref: extraPayment.gateway_ref,
        })}
        onClick={() => setAction({ kind: 'refundExtra', order, extraPayment, open: true })}
      >
        {t('actions.refundExtra.button')}
      </Button>
    )),
  ];

  // What an operator or buyer looks for first leads (number, status, time, BIGO ID, money), so that it is in view
  // on a laptop without scrolling sideways (issue #13); the rest of SPEC.md's columns follow.
  const columns: TableColumnsType<TOrder> = [
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

  const actions: TRowActions<TOrder> = {
    title: t('columns.actions'),
    width: superuser ? 150 : 130,
    fixed: true,
    render: (order) => (
      <div className="order-list__actions">
        {/* SPEC.md §2, §6: only the buyer who placed the order, only while it awaits payment. */}
        {order.created_by !== null &&
          order.created_by === userId &&
          isPayable(order.order_status) &&
          payNowButton(order)}
        {superuser && actionButtons(order)}
      </div>
    ),
  };

  return (
    <div className="order-list">
      <PageHeader
        title={t('list.title')}
        description={superuser ? t('list.descriptionAdmin') : t('list.description')}
      />
      <div className="console-panel">
        {handoff.stalled && (
          // Pay Now again for the same order: fresh hand-off data from the server (or why it cannot be paid now).
          <div className="order-list__stalled">
            <PaymentStalled
              orderNum={handoff.stalled.order_num}
              retrying={pay.isPending}
              onRetry={() => handoff.stalled && void payNow(handoff.stalled.order_num)}
            />
          </div>
        )}
        <AdminList
          list={list}
          rows={orders}
          name="order-filters"
          filtersLabel={t('list.filters')}
          filters={[
            {
              name: 'order_num',
              label: t('columns.orderNum'),
              control: <Input allowClear autoComplete="off" />,
            },
            { name: 'game_id', label: t('columns.gameId'), control: <Input allowClear autoComplete="off" /> },
            {
              name: 'order_status',
              label: t('columns.status'),
              control: (
                <Select
                  className="order-list__status"
                  allowClear
                  placeholder={t('list.allStatuses')}
                  options={ORDER_STATUSES.map((status) => ({
                    value: status,
                    label: t(orderStatusI18nKey(status)),
                  }))}
                />
              ),
            },
            // Issue #26: the operator's queues, as the overview's cards link to them.
            ...(superuser
              ? [
                  {
                    name: 'attention' as const,
                    label: t('list.attention'),
                    control: (
                      <Select
                        className="order-list__status"
                        allowClear
                        placeholder={t('list.allOrders')}
                        options={ORDER_ATTENTIONS.map((queue) => ({
                          value: queue,
                          label: t(`attention.${queue}`),
                        }))}
                      />
                    ),
                  },
                ]
              : []),
          ]}
          columns={columns}
          actions={actions}
          totalLabel={(total) => t('list.total', { count: total })}
          scrollX={1800}
          cards={{ lead: ['status', 'order_num'] }}
          expandable={
            superuser
              ? {
                  expandedRowRender: (order) => <OrderHistory order={order} names={names.data} />,
                  columnWidth: 48,
                  expandIcon: ({ expanded, record, onExpand }) => (
                    <Button
                      type="text"
                      size="small"
                      icon={expanded ? <DownOutlined /> : <RightOutlined />}
                      aria-expanded={expanded}
                      aria-label={t(expanded ? 'history.hideFor' : 'history.showFor', {
                        orderNum: record.order_num,
                      })}
                      onClick={(event) => onExpand(record, event)}
                    />
                  ),
                }
              : undefined
          }
        />
      </div>
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
    </div>
  );
}
