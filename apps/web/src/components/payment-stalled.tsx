import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../lib/routes';
import { OrderNumber } from './order-number';
import './payment-stalled.css';

/**
 * Shown when the browser has not left for the payment page some seconds after the hand-off (lib/payment-handoff.ts,
 * issue #13): the order exists and waits for payment, so the buyer is told so, with its number, a retry that hands
 * the SAME order off again (never a new one) and the way to the order's result page.
 */
export function PaymentStalled({
  orderNum,
  onRetry,
  retrying = false,
}: {
  orderNum: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert
      className="payment-stalled"
      type="warning"
      showIcon
      role="alert"
      title={t('paymentStalled.title')}
      description={
        <>
          <p className="payment-stalled__text">{t('paymentStalled.text')}</p>
          <p className="payment-stalled__order">
            {t('paymentStalled.orderNum')} <OrderNumber orderNum={orderNum} />
          </p>
          <div className="payment-stalled__actions">
            {/* Usable inside the form that stays disabled while its order is being handed off. */}
            <Button type="primary" loading={retrying} disabled={false} onClick={onRetry}>
              {t('paymentStalled.retry')}
            </Button>
            <Link to={routePath('home-order', { order_num: orderNum })}>{t('paymentStalled.viewOrder')}</Link>
          </div>
        </>
      }
    />
  );
}
