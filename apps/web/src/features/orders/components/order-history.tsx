import { ArrowRightOutlined } from '@ant-design/icons';
import { ORDER_STATUS, orderStatusI18nKey } from '@ezrecharge/shared/order-status';
import type { TOrder, TOrderEvent } from '@ezrecharge/shared/schemas/orders';
import { Alert, Button, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatPrice } from '../../../lib/money-format';
import { useGetOrderEvents } from '../api/get-order-events';
import { OrderDisputes } from './order-disputes';
import { useOrderWords } from './order-notes';
import { OrderStatusTag } from './order-status-tag';

/** When the move happened; for identical moves in a row (issue #32), the first and the last time. */
function EventTime({ event, format }: { event: TOrderEvent; format: string }) {
  if (event.count === 1) {
    return (
      <time className="order-history__time" dateTime={event.created_at}>
        {dayjs(event.created_at).format(format)}
      </time>
    );
  }
  return (
    <span className="order-history__time">
      <time dateTime={event.created_at}>{dayjs(event.created_at).format(format)}</time> –{' '}
      <time dateTime={event.last_at}>{dayjs(event.last_at).format(format)}</time>
    </span>
  );
}

/** How many identical moves in a row the row stands for ("×14"), said in words to screen readers. */
function RepeatCount({ count }: { count: number }) {
  const { t } = useTranslation('orders');
  if (count === 1) return null;
  return (
    <Tag className="order-history__count">
      <span aria-hidden="true">×{count}</span>
      <span className="visually-hidden">{t('history.repeated', { count })}</span>
    </Tag>
  );
}

interface TOrderHistoryProps {
  order: TOrder;
  names: Readonly<Record<string, string>> | undefined;
}

/**
 * An order's status history for superusers (DESIGN.md §6 `order_events`), shown when its row in /order is
 * expanded: why it failed, if it did, then every move oldest first with its time, statuses, cause and actor.
 * Loaded only once the row opens; an operator action reloads it with the list.
 */
export function OrderHistory({ order, names }: TOrderHistoryProps) {
  const { t } = useTranslation('orders');
  const events = useGetOrderEvents(order.order_num);
  // Notes, actors and the channel in the reader's language (issue #32); an account's name added when known.
  const words = useOrderWords();
  const channel = order.payment_channel ? words.channel(order.payment_channel) : undefined;
  const dateFormat = t('history.dateFormat');

  let body: ReactNode;
  if (events.isPending) {
    body = (
      <div className="order-history__state" role="status">
        <Spin size="small" /> {t('history.loading')}
      </div>
    );
  } else if (events.isError) {
    body = (
      <div className="order-history__state" role="alert">
        {t('history.loadFailed')}
        <Button size="small" onClick={() => void events.refetch()}>
          {t('result.retry')}
        </Button>
      </div>
    );
  } else if (events.data.length === 0) {
    body = <p className="order-history__state">{t('history.empty')}</p>;
  } else {
    body = (
      <ol className="order-history__list" aria-label={t('history.label', { orderNum: order.order_num })}>
        {events.data.map((event) => (
          <li
            key={`${event.created_at} ${event.from_status} ${event.to_status} ${event.cause}`}
            className="order-history__event"
          >
            <EventTime event={event} format={dateFormat} />
            <span className="order-history__move">
              {event.from_status === null ? (
                <span className="order-history__new">{t('history.created')}</span>
              ) : (
                <OrderStatusTag status={event.from_status} />
              )}
              <ArrowRightOutlined aria-label={t('history.to')} />
              <OrderStatusTag status={event.to_status} />
              <RepeatCount count={event.count} />
            </span>
            <span className="order-history__cause">{words.note(event.note, event.cause)}</span>
            <span className="order-history__actor">
              <span className="order-history__actor-label">{t('history.by')}</span>{' '}
              {words.actor(event.actor, names)}
            </span>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section className="order-history" aria-label={t('history.title', { orderNum: order.order_num })}>
      {order.failure_reason && (
        <FailureReason order={order} reason={words.note(order.failure_note, order.failure_reason)} />
      )}
      {order.payment_channel && (
        <p className="order-history__channel">
          {t('history.paymentChannel')} {channel && `${channel} `}
          <code>{order.payment_channel}</code>
        </p>
      )}
      {order.payment_channel_choice && (
        <p className="order-history__channel">
          {t('history.paymentChannelChoice')} <code>{order.payment_channel_choice}</code>
        </p>
      )}
      {order.order_status === 11 && order.refund_overdue_at && (
        <Alert
          className="order-history__failure"
          type="warning"
          showIcon
          title={t('history.refundOverdue')}
        />
      )}
      {order.extra_payments.length > 0 && (
        <section className="order-history__extra" aria-labelledby={`extra-${order.id}`}>
          <h3 id={`extra-${order.id}`} className="order-history__title">
            {t('history.extraPayments')}
          </h3>
          <ul className="order-history__extra-list">
            {order.extra_payments.map((payment) => (
              <li key={payment.id}>
                {t('history.extraPayment', {
                  amount: formatPrice(payment.currency, payment.amount),
                  ref: payment.gateway_ref,
                  date: dayjs(payment.created_at).format(dateFormat),
                })}{' '}
                <Tag color={payment.state === 'refunded' ? 'success' : 'warning'}>
                  {t(`history.extraState.${payment.state}`)}
                </Tag>
                {payment.failure_reason && (
                  <span className="order-history__cause">{payment.failure_reason}</span>
                )}
                {payment.state === 'refunding' && payment.refund_overdue_at && (
                  <span className="order-history__cause">{t('history.refundOverdue')}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {order.dispute_status !== null && <OrderDisputes order={order} />}
      <h3 className="order-history__title">{t('history.heading')}</h3>
      {body}
    </section>
  );
}

/** Where a failed order ended once it was put right: delivered after all (marked or retried), or refunded. */
const RESOLVED_BY: ReadonlySet<number> = new Set([ORDER_STATUS.CHARGED, ORDER_STATUS.REFUNDED]);

/**
 * Why the order failed: red while it waits for someone, and marked resolved (grey, with where it ended) once the
 * order was delivered or refunded — a refunded order no longer reads as an open failure (issue #32).
 */
function FailureReason({ order, reason }: { order: TOrder; reason: string }) {
  const { t } = useTranslation('orders');
  const resolved = RESOLVED_BY.has(order.order_status);
  return (
    <Alert
      className="order-history__failure"
      type={resolved ? 'info' : 'error'}
      showIcon
      title={
        resolved
          ? t('history.failureResolved', { status: t(orderStatusI18nKey(order.order_status)) })
          : t('history.failureReason')
      }
      description={reason}
    />
  );
}
