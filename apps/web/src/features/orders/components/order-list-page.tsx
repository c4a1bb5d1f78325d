import { CreditCardOutlined, SearchOutlined } from '@ant-design/icons';
import {
  isPayable,
  ORDER_STATUSES,
  orderStatusI18nKey,
  type TOrderStatus,
} from '@ezrecharge/shared/order-status';
import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { Button, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { listPagination } from '../../../components/admin-list';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/form-rules';
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
import { formatDiamonds, formatMajor, formatPrice } from '../utils/format';
import { OrderStatusTag } from './order-status-tag';
import './orders.css';

interface TFilterValues {
  order_num: string;
  game_id: string;
  order_status: TOrderStatus | undefined;
}

const EMPTY_FILTERS: TFilterValues = { order_num: '', game_id: '', order_status: undefined };

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
 * Order list /order (SPEC.md §2, §6, §7): filters by order number, BIGO ID and status; the SPEC.md columns; and
 * Pay Now, offered only to the order's creator while it awaits payment (2 or 3), which hands the buyer to the
 * payment page as the recharge form does. The server decides whose orders are listed.
 */
export function OrderListPage() {
  const { t } = useTranslation(['orders', 'common']);
  const [params, setParams] = useState<TOrderListParams>(DEFAULT_ORDER_LIST_PARAMS);
  const [filters] = Form.useForm<TFilterValues>();
  const orders = useGetOrders(params);
  const names = useGetUserNames();
  const pay = usePayOrder();
  const popup = useErrorPopup();
  const superuser = useSuperuser();
  const userId = useStoredUserId();
  const [leaving, setLeaving] = useState('');
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
    filters.resetFields();
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
      render: (_value, order) => formatMajor(order.price),
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
      width: 130,
      fixed: 'end',
      // SPEC.md §2, §6: only the buyer who placed the order, only while it awaits payment.
      render: (_value, order) =>
        order.created_by !== null && order.created_by === userId && isPayable(order.order_status) ? (
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
        ) : null,
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
          initialValues={EMPTY_FILTERS}
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
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden="true" />}>
                {t('list.search')}
              </Button>
              <Button onClick={reset}>{t('list.reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
        <Table<TOrder>
          rowKey="id"
          columns={columns}
          dataSource={orders.data?.page_data ?? []}
          loading={orders.isFetching}
          scroll={{ x: 1650 }}
          locale={orders.isError ? { emptyText: t('common:oops') } : undefined}
          pagination={listPagination(params, setParams, orders.data?.total ?? 0, (total) =>
            t('list.total', { count: total }),
          )}
        />
      </div>
    </div>
  );
}
