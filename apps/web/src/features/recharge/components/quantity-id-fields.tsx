import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, TextInput } from '../../../components/ui/field';
import { readLocal, STORAGE_KEYS } from '../../../lib/storage';
import { controlProps, fieldProps } from './field-props';
import { formPart } from './form-part';
import type { TRechargeForm } from './use-recharge-form';

type TProps = {
  form: Pick<TRechargeForm, 'labels' | 'errors' | 'values' | 'withEmail' | 'change' | 'blur' | 'leaveGameId'>;
};

/**
 * The quantity and the BIGO ID side by side, then the e-mail for the receipt on the public page, or the line saying
 * where it goes on the signed-in one (the profile's address).
 */
export const QuantityIdFields = formPart<TProps['form']>(
  function QuantityIdFields({ form }: TProps) {
    const { t } = useTranslation('recharge');
    const textProps = (name: 'quantity' | 'game_id' | 'email') => ({
      ...controlProps(name, form),
      'aria-required': true,
      value: form.values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => form.change(name, event.target.value),
      onBlur: () => form.blur(name),
    });
    const userEmail = form.withEmail ? '' : (readLocal(STORAGE_KEYS.userEmail) ?? '');
    return (
      <>
        <div className="recharge-form__row recharge-form__row--split">
          <Field {...fieldProps('quantity', form)}>
            <TextInput {...textProps('quantity')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field {...fieldProps('game_id', form)} hint={t('form.gameIdHelp')}>
            <TextInput
              {...textProps('game_id')}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              onBlur={(event) => form.leaveGameId(event.target.value)}
            />
          </Field>
        </div>
        {form.withEmail ? (
          <Field {...fieldProps('email', form)} hint={t('form.emailHelp')}>
            {/* inputMode, not type="email": Chromium's own check would stop the submit with an English bubble. */}
            <TextInput {...textProps('email')} inputMode="email" autoComplete="email" spellCheck={false} />
          </Field>
        ) : (
          userEmail && <p className="recharge-form__receipt">{t('form.receiptTo', { email: userEmail })}</p>
        )}
      </>
    );
  },
  (form) => [
    form.labels,
    form.errors.quantity,
    form.errors.game_id,
    form.errors.email,
    form.values.quantity,
    form.values.game_id,
    form.values.email,
    form.withEmail,
    form.change,
    form.blur,
    form.leaveGameId,
  ],
);
