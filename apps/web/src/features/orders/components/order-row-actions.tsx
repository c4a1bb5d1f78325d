import {
  CheckCircleOutlined,
  CreditCardOutlined,
  DownOutlined,
  RightOutlined,
  RollbackOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { TExtraPayment, TOrder } from '@ezrecharge/shared/schemas/orders';
import { Button, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TActionIcon, TRowAction } from '../../../components/admin-list';
import {
  ACTION_KINDS,
  actionsFor,
  isDangerousAction,
  type TActionKind,
  type TOrderActionKind,
} from './order-action-modal';
import { refundableExtraPayments } from './order-attention';
import { OrderHistory } from './order-history';
import type { usePayNow } from './use-pay-now';

const ACTION_ICONS: Record<TOrderActionKind, TActionIcon> = {
  retryCharge: SyncOutlined,
  markDelivered: CheckCircleOutlined,
  refund: RollbackOutlined,
  retryRefund: RollbackOutlined,
  approveReview: CheckCircleOutlined,
  refuseReview: RollbackOutlined,
};

/** An operator's action on an order, as its dialog (OrderActionModal) takes it. */
export interface TOrderAction {
  kind: TActionKind;
  order: TOrder;
  extraPayment?: TExtraPayment;
}

/**
 * The actions of an order's row: Pay Now for its buyer; for superusers, the actions on an order that needs an
 * operator (retry the charge or refund at 10, retry the refund at 13) and the refund of each extra payment
 * (issue #26, whatever the order's status), each opening its dialog.
 */
export function useOrderRowActions({
  superuser,
  payNow,
  open,
}: {
  superuser: boolean;
  payNow: ReturnType<typeof usePayNow>;
  open: (action: TOrderAction) => void;
}): TRowAction<TOrder>[] {
  const { t } = useTranslation('orders');
  return [
    {
      key: 'payNow',
      label: t('payNow'),
      name: (order) => t('payNowFor', { orderNum: order.order_num }),
      icon: CreditCardOutlined,
      shownIf: payNow.offeredOn,
      pending: (order) => payNow.isRunning(order.order_num),
      disabled: () => payNow.busy,
      onRun: (order) => payNow.run(order.order_num),
    },
    ...ACTION_KINDS.map(
      (kind): TRowAction<TOrder> => ({
        key: kind,
        label: t(`actions.${kind}.button`),
        name: (order) => t(`actions.${kind}.buttonFor`, { orderNum: order.order_num }),
        icon: ACTION_ICONS[kind],
        danger: isDangerousAction(kind),
        shownIf: (order) => superuser && actionsFor(order).includes(kind),
        onRun: (order) => open({ kind, order }),
      }),
    ),
    {
      key: 'refundExtra',
      each: (order) =>
        (superuser ? refundableExtraPayments(order) : []).map((extraPayment) => ({
          key: `extra-${extraPayment.id}`,
          label: t('actions.refundExtra.button'),
          name: () =>
            t('actions.refundExtra.buttonFor', { orderNum: order.order_num, ref: extraPayment.gateway_ref }),
          icon: RollbackOutlined,
          danger: true,
          onRun: () => open({ kind: 'refundExtra', order, extraPayment }),
        })),
    },
  ];
}

/** Superusers open an order's row for its status history; the toggle says which order's. */
export function useHistoryExpandable(
  names: Readonly<Record<string, string>> | undefined,
): TableProps<TOrder>['expandable'] {
  const { t } = useTranslation('orders');
  return {
    expandedRowRender: (order) => <OrderHistory order={order} names={names} />,
    columnWidth: 48,
    expandIcon: ({ expanded, record, onExpand }) => (
      <Button
        type="text"
        size="small"
        icon={expanded ? <DownOutlined /> : <RightOutlined />}
        aria-expanded={expanded}
        aria-label={t(expanded ? 'history.hideFor' : 'history.showFor', { orderNum: record.order_num })}
        onClick={(event) => onExpand(record, event)}
      />
    ),
  };
}
