import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { PaymentStalled } from '../../../components/payment-stalled';
import { Button } from '../../../components/ui/button';
import { LockIcon } from '../../../components/ui/icons';
import type { TRechargeForm } from './use-recharge-form';

type TProps = { form: Pick<TRechargeForm, 'handoff' | 'busy' | 'loading'> };

/**
 * The pay button (spinning from sending to leaving, disabled while the products load) and what the hand-off says:
 * leaving for the payment page, or, if the page was not left, PaymentStalled with that order's hand-off again.
 */
export function OrderSubmit({ form }: TProps) {
  const { t } = useTranslation('recharge');
  const { handoff, busy } = form;
  return (
    <>
      {handoff.stalled ? (
        // The order exists: the retry hands the same one off again (its number, its amount), never a new order.
        <PaymentStalled
          orderNum={handoff.stalled.order_num}
          onRetry={() => handoff.stalled && handoff.start(handoff.stalled, '')}
        />
      ) : (
        handoff.leaving && (
          <Notice className="recharge-form__notice" tone="info" role="status" title={t('form.leaving')} />
        )
      )}
      <Button
        type="submit"
        variant="primary"
        size="large"
        block
        icon={<LockIcon />}
        loading={busy}
        disabled={busy || form.loading}
      >
        {t('form.submit')}
      </Button>
      <p className="recharge-form__note">{t('paymentNote')}</p>
    </>
  );
}
