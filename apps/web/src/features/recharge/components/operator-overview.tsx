import { ArrowRightOutlined, WarningOutlined } from '@ant-design/icons';
import { DELIVERY_LATE_MINUTES } from '@ezrecharge/shared/limits';
import { ORDER_STATUS } from '@ezrecharge/shared/order-status';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from '../../../lib/dayjs';
import { formatDiamonds } from '../../../lib/money-format';
import { routePath } from '../../../lib/routes';
import { useSuperuser } from '../../../lib/session';
import { useGetOrderOverview } from '../api/get-order-overview';

interface TCountProps {
  label: string;
  hint: string;
  count: number;
  to: string;
}

/**
 * One count of orders waiting for an operator, linking to the order list filtered to them. The link is named by
 * what it shows (label, count, hint), so speech input users can say what they see.
 */
function CountCard({ label, hint, count, to }: TCountProps) {
  return (
    <li>
      <Link className={`operator-overview__card${count > 0 ? ' is-attention' : ''}`} to={to}>
        <span className="operator-overview__label">
          {label} <ArrowRightOutlined aria-hidden="true" />
        </span>
        <span className="operator-overview__value">{count}</span>
        <span className="operator-overview__note">{hint}</span>
      </Link>
    </li>
  );
}

/**
 * What an operator checks first on the landing page (superusers only; DESIGN.md §6, §8): the reseller balance BIGO
 * reported at the latest precheck, marked when it is below the warning level, and the orders that need an
 * operator (charge failed, refund failed, payment held, and issue #26's delivery uncertain, paid twice and refunds
 * overdue), each linking to the order list filtered to them.
 */
export function OperatorOverview() {
  const superuser = useSuperuser();
  const overview = useGetOrderOverview(superuser);
  const { t } = useTranslation('recharge');
  if (!superuser) return null;

  let body: ReactNode;
  if (overview.isPending) {
    body = (
      <div className="operator-overview__state" role="status">
        <Spin size="small" /> {t('overview.loading')}
      </div>
    );
  } else if (overview.isError) {
    body = (
      <div className="operator-overview__state" role="alert">
        {t('overview.loadFailed')}
        <Button size="small" onClick={() => void overview.refetch()}>
          {t('form.retry')}
        </Button>
      </div>
    );
  } else {
    const data = overview.data;
    const balance = data.reseller_balance;
    const low = balance !== null && balance < data.balance_alert_below;
    body = (
      <ul className="operator-overview__items">
        <li>
          <div className={`operator-overview__card operator-overview__balance${low ? ' is-warning' : ''}`}>
            <span className="operator-overview__label">{t('overview.balance')}</span>
            <span className="operator-overview__value">
              {balance === null
                ? t('overview.balanceUnknown')
                : t('overview.diamonds', { value: formatDiamonds(balance) })}
            </span>
            <span className="operator-overview__note">
              {data.balance_checked_at ? (
                <>
                  {t('overview.checkedAt')}{' '}
                  <time dateTime={data.balance_checked_at}>
                    {dayjs(data.balance_checked_at).format(t('overview.dateFormat'))}
                  </time>
                </>
              ) : (
                t('overview.notChecked')
              )}
            </span>
            {low && (
              <span className="operator-overview__warning" role="alert">
                <WarningOutlined aria-hidden="true" />{' '}
                {t('overview.lowBalance', { threshold: formatDiamonds(data.balance_alert_below) })}
              </span>
            )}
          </div>
        </li>
        <CountCard
          label={t('overview.chargeFailed')}
          hint={t('overview.chargeFailedHint')}
          count={data.charge_failed}
          to={routePath('order', { order_status: ORDER_STATUS.CHARGE_FAILED })}
        />
        <CountCard
          label={t('overview.refundFailed')}
          hint={t('overview.refundFailedHint')}
          count={data.refund_failed}
          to={routePath('order', { order_status: ORDER_STATUS.REFUND_FAILED })}
        />
        <CountCard
          label={t('overview.paymentHeld')}
          hint={t('overview.paymentHeldHint')}
          count={data.payment_held}
          to={routePath('order', { attention: 'payment_held' })}
        />
        <CountCard
          label={t('overview.deliveryLate')}
          hint={t('overview.deliveryLateHint', { minutes: DELIVERY_LATE_MINUTES })}
          count={data.delivery_late}
          to={routePath('order', { attention: 'delivery_late' })}
        />
        <CountCard
          label={t('overview.deliveryUncertain')}
          hint={t('overview.deliveryUncertainHint')}
          count={data.delivery_uncertain}
          to={routePath('order', { attention: 'delivery_uncertain' })}
        />
        <CountCard
          label={t('overview.paidTwice')}
          hint={t('overview.paidTwiceHint')}
          count={data.paid_twice}
          to={routePath('order', { attention: 'paid_twice' })}
        />
        <CountCard
          label={t('overview.refundOverdue')}
          hint={t('overview.refundOverdueHint')}
          count={data.refund_overdue}
          to={routePath('order', { attention: 'refund_overdue' })}
        />
        <CountCard
          label={t('overview.disputesOpen')}
          hint={t('overview.disputesOpenHint')}
          count={data.disputes_open}
          to={routePath('order', { attention: 'disputed' })}
        />
        <CountCard
          label={t('overview.riskHeld')}
          hint={t('overview.riskHeldHint')}
          count={data.risk_held}
          to={routePath('order', { attention: 'risk_held' })}
        />
      </ul>
    );
  }

  return (
    <section className="operator-overview" aria-labelledby="operator-overview-title">
      <h2 id="operator-overview-title" className="operator-overview__title">
        {t('overview.title')}
      </h2>
      {body}
    </section>
  );
}
