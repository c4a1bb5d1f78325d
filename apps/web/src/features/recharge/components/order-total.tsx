import { useTranslation } from 'react-i18next';
import { formPart } from './form-part';
import { RewardLines } from './reward-lines';
import type { TRechargeForm } from './use-recharge-form';

const TOTAL_LABEL_ID = 'recharge-total-label';

type TProps = { form: Pick<TRechargeForm, 'total' | 'quote' | 'channelBonus'> };

/** The order's total (with the quoted bonus diamonds) and the bonuses it would get (issue #16). */
export const OrderTotal = formPart<TProps['form']>(
  function OrderTotal({ form }: TProps) {
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
  },
  (form) => [form.total, form.quote, form.channelBonus],
);
