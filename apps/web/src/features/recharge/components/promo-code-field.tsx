import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, TextInput } from '../../../components/ui/field';
import { formatDiamonds } from '../../../lib/money-format';
import { controlProps, fieldProps } from './field-props';
import { formPart } from './form-part';
import type { TRechargeForm } from './use-recharge-form';

type TProps = {
  form: Pick<
    TRechargeForm,
    'labels' | 'errors' | 'values' | 'promoBonus' | 'applying' | 'changePromo' | 'applyPromo' | 'blur'
  >;
};

/** Issue #16: the optional promo code and its Apply button; the hint says the bonus an applied code adds. */
export const PromoCodeField = formPart<TProps['form']>(
  function PromoCodeField({ form }: TProps) {
    const { t } = useTranslation('recharge');
    const bonus = form.promoBonus;
    return (
      <Field
        {...fieldProps('promo_code', form)}
        hint={
          bonus
            ? t('form.promoApplied', { code: bonus.code, diamonds: formatDiamonds(bonus.diamonds) })
            : undefined
        }
      >
        <div className="recharge-form__promo">
          <TextInput
            {...controlProps('promo_code', form)}
            value={form.values.promo_code}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            onChange={(event) => form.changePromo(event.target.value)}
            onBlur={() => form.blur('promo_code')}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
              // Enter applies the code rather than paying.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              form.applyPromo();
            }}
          />
          <Button onClick={form.applyPromo} loading={form.applying}>
            {t('form.promoApply')}
          </Button>
        </div>
      </Field>
    );
  },
  (form) => [
    form.labels.promo_code,
    form.errors.promo_code,
    form.values.promo_code,
    form.promoBonus,
    form.applying,
    form.changePromo,
    form.applyPromo,
    form.blur,
  ],
);
