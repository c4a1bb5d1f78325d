import {
  CheckCircleOutlined,
  CreditCardOutlined,
  DownOutlined,
  RightOutlined,
  RollbackOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  isOrderStatus,
  isPayable,
  ORDER_STATUSES,
  orderStatusI18nKey,
  type TOrderStatus,
} from '@ezrecharge/shared/order-status';
import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { Button, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listPagination } from '../../../components/admin-list';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/form-rules';
import { formatDiamonds, formatMajor, formatPrice } from '../../../lib/money-format';
import { startPaymentHandoff } from '../../../lib/payment-handoff';
import { useErrorPopup } from '../../../lib/popup';
import { useSuperuser } from '../../../lib/session';
import { readLocal, STORAGE_KEYS, subscribeStorage } from '../../../lib/storage';
import {
  DEFAULT_ORDER_LIST_PARAMS,
  type TOrderListParams,
  useGetOrders,
  useGetUserNames,
} from '../api/get-orders';
import { usePayOrder } from '../api/pay-order';
import { actionsFor, isDangerousAction, OrderActionModal, type TOrderActionKind } from './order-action-modal';
import { OrderHistory } from './order-history';
import { OrderStatusTag } from './order-status-tag';
import './orders.css';
import { FilterActions } from '../../../components/filter-actions';

interface TFilterValues {
  order_num: string;
  game_id: string;
  order_status: TOrderStatus | undefined;
}

const EMPTY_FILTERS: TFilterValues = { order_num: '', game_id: '', order_status: undefined };

const ACTION_ICONS: Record<TOrderActionKind, ReactNode> = {
  retryCharge: <SyncOutlined aria-hidden="true" />,
  markDelivered: <CheckCircleOutlined aria-hidden="true" />,
  refund: <RollbackOutlined aria-hidden="true" />,
  retryRefund: <RollbackOutlined aria-hidden="true" />,
};

/** `?order_status=10`: the status filter a link opens the list with (the operator overview's counts). */
function statusOf(value: string | null): TOrderStatus | undefined {
  const status = Number(value);
  return value && isOrderStatus(status) ? status : undefined;
}

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
 * Order list /order (SPEC.md §2, §6, §7). A new `?order_status=` starts the list afresh with that filter, also
 * when the page is already open (the console's Order entry clears it again).
 */
export function OrderListPage() {
  const [search] = useSearchParams();
  const initialStatus = statusOf(search.get('order_status'));
  return <OrderList key={initialStatus ?? 'all'} initialStatus={initialStatus} />;
}

/**
 * Filters by order number, BIGO ID and status; the SPEC.md columns; and Pay Now, offered only to the order's
 * creator while it awaits payment (2 or 3), which hands the buyer to the payment page as the recharge form does.
 * The server decides whose orders are listed. Superusers also open a row for its status history and act on
 * orders that need an operator: retry the charge or refund (10), retry the refund (13).
 */
function OrderList({ initialStatus }: { initialStatus: TOrderStatus | undefined }) {
  const { t } = useTranslation(['orders', 'common']);
  const [params, setParams] = useState<TOrderListParams>({
    ...DEFAULT_ORDER_LIST_PARAMS,
    status: initialStatus,
  });
  const [filters] = Form.useForm<TFilterValues>();
  const orders = useGetOrders(params);
  const names = useGetUserNames();
  const pay = usePayOrder();
  const popup = useErrorPopup();
  const superuser = useSuperuser();
  const userId = useStoredUserId();
  const [leaving, setLeaving] = useState('');
  const [action, setAction] = useState<{ kind: TOrderActionKind; order: TOrder; open: boolean } | null>(null);
  const dateFormat = t('dateFormat');

  const search = (values: TFilterValues): void =>
    setParams((current) => ({
      ...current,
      page: 1,
      orderNum: values.order_num.trim(),
      gameId: values.game_id.trim(),
      status: values.order_status,
    }));

  const reset = (): void => {
    // Not resetFields: that would bring back the status the page was opened with.
    filters.setFieldsValue(EMPTY_FILTERS);
    setParams((current) => ({ ...DEFAULT_ORDER_LIST_PARAMS, pageSize: current.pageSize }));
  };

  const payNow = async (order: TOrder): Promise<void> => {
    let answer: Awaited<ReturnType<typeof pay.mutateAsync>>;
    try {
      answer = await pay.mutateAsync(order.order_num);
    } catch (error) {
      // A refusal (400: paid meanwhile, expired) says why in the popup; other failures were toasted.
      if (!isApiError(error) || !error.toasted) popup(errorText(error));
      return;
    }
    setLeaving(order.order_num);
    startPaymentHandoff(answer.data, answer.message);
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
      loading={(pay.isPending && pay.variables === order.order_num) || leaving === order.order_num}
      disabled={pay.isPending || leaving !== ''}
      onClick={() => void payNow(order)}
    >
      {t('payNow')}
    </Button>
  );

  const actionButtons = (order: TOrder): ReactNode[] =>
    actionsFor(order.order_status).map((kind) => (
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
    ));

  const columns: TableColumnsType<TOrder> = [
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
    {
      key: 'order_num',
      title: t('columns.orderNum'),
      width: 200,
      render: (_value, order) => <span className="order-list__mono">{order.order_num}</span>,
    },
    {
      key: 'created_at',
      title: t('columns.time'),
      width: 150,
      render: (_value, order) => (
        <time dateTime={order.created_at}>{dayjs(order.created_at).format(dateFormat)}</time>
      ),
    },
    { key: 'user', title: t('columns.user'), width: 120, render: (_value, order) => userName(order) },
    {
      key: 'email',
      title: t('columns.email'),
      width: 200,
      render: (_value, order) => <span className="order-list__wrap">{order.pay_payment_num}</span>,
    },
    {
      key: 'game_id',
      title: t('columns.gameId'),
      width: 130,
      render: (_value, order) => <span className="order-list__wrap">{order.game_id}</span>,
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
      key: 'money',
      title: t('columns.money'),
      width: 130,
      align: 'end',
      render: (_value, order) => formatPrice(order.pay_currency, order.amount),
    },
    {
      key: 'diamonds',
      title: t('columns.diamonds'),
      width: 110,
      align: 'end',
      render: (_value, order) => formatDiamonds(order.amount_game),
    },
    {
      key: 'status',
      title: t('columns.status'),
      width: 160,
      render: (_value, order) => <OrderStatusTag status={order.order_status} />,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: superuser ? 150 : 130,
      fixed: 'end',
      render: (_value, order) => (
        <div className="order-list__actions">
          {/* SPEC.md §2, §6: only the buyer who placed the order, only while it awaits payment. */}
          {order.created_by !== null &&
            order.created_by === userId &&
            isPayable(order.order_status) &&
            payNowButton(order)}
          {superuser && actionButtons(order)}
        </div>
      ),
    },
  ];

  return (
    <div className="order-list">
      <PageHeader
        title={t('list.title')}
        description={superuser ? t('list.descriptionAdmin') : t('list.description')}
      />
      <div className="console-panel">
        <Form<TFilterValues>
          form={filters}
          name="order-filters"
          layout="inline"
          className="order-list__filters"
          initialValues={{ ...EMPTY_FILTERS, order_status: initialStatus }}
          onFinish={search}
          role="search"
          aria-label={t('list.filters')}
        >
          <Form.Item name="order_num" label={t('columns.orderNum')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item name="game_id" label={t('columns.gameId')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item name="order_status" label={t('columns.status')}>
            <Select
              className="order-list__status"
              allowClear
              placeholder={t('list.allStatuses')}
              options={ORDER_STATUSES.map((status) => ({
                value: status,
                label: t(orderStatusI18nKey(status)),
              }))}
            />
          </Form.Item>
          <FilterActions onReset={reset} />
        </Form>
        <Table<TOrder>
          rowKey="id"
          columns={columns}
          dataSource={orders.data?.page_data ?? []}
          loading={orders.isFetching}
          scroll={{ x: 1700 }}
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
          locale={orders.isError ? { emptyText: t('common:oops') } : undefined}
          pagination={listPagination(params, setParams, orders.data?.total ?? 0, (total) =>
            t('list.total', { count: total }),
          )}
        />
      </div>
      {action && (
        <OrderActionModal
          kind={action.kind}
          order={action.order}
          open={action.open}
          onClose={() => setAction((current) => current && { ...current, open: false })}
          afterClose={() => setAction(null)}
        />
      )}
    </div>
  );
}
