import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../lib/routes';
import { Notice } from './notice';
import { OrderNumber } from './order-number';
import { Button } from './ui/button';
import './payment-stalled.css';

/**
 * Shown when the browser has not left for the payment page some seconds after the hand-off (lib/payment-handoff.ts,
 * issue #13): the order exists and waits for payment, so the buyer is told so, with its number, a retry that hands
 * the SAME order off again (never a new one) and the way to the order's result page. Place it outside a disabled
 * fieldset: its buttons stay usable while the form that started the order is closed.
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
    <Notice className="payment-stalled" tone="warning" role="alert" title={t('paymentStalled.title')}>
      <p className="payment-stalled__text">{t('paymentStalled.text')}</p>
      <p className="payment-stalled__order">
        {t('paymentStalled.orderNum')} <OrderNumber orderNum={orderNum} />
      </p>
      <div className="payment-stalled__actions">
        <Button variant="primary" loading={retrying} onClick={onRetry}>
          {t('paymentStalled.retry')}
        </Button>
        <Link to={routePath('home-order', { order_num: orderNum })}>{t('paymentStalled.viewOrder')}</Link>
      </div>
    </Notice>
  );
}
