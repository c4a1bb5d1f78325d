import { useTranslation } from 'react-i18next';
import { RewardLines } from './reward-lines';
import type { TRechargeForm } from './use-recharge-form';

const TOTAL_LABEL_ID = 'recharge-total-label';

/** The order's total (with the quoted bonus diamonds) and the bonuses it would get (issue #16). */
export function OrderTotal({ form }: { form: Pick<TRechargeForm, 'total' | 'quote' | 'channelBonus'> }) {
  const { t } = useTranslation('recharge');
  return (
    <div className="recharge-form__total">
      <span id={TOTAL_LABEL_ID} className="recharge-form__total-label">
        {t('form.total')}
      </span>
      <output className="recharge-form__total-value" aria-labelledby={TOTAL_LABEL_ID}>
        {form.total}
        {form.channelBonus && <span className="recharge-form__total-bonus"> {form.channelBonus}</span>}
      </output>
      <RewardLines quote={form.quote} />
    </div>
  );
}
