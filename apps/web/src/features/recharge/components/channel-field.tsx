import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/field';
import { formatDiamonds } from '../../../lib/money-format';
import { useShownAfterPaint } from '../../../lib/use-shown-after-paint';
import { FPX, optionBonus, optionOf } from '../utils/pay-channel';
import { formPart } from './form-part';
import type { TRechargeForm } from './use-recharge-form';

const NAME = 'pay_channel';
const BANK_ID = 'recharge-fpx-bank';
const ERROR_ID = 'recharge-channel-error';

type TProps = {
  form: Pick<TRechargeForm, 'channelOptions' | 'payChannel' | 'channelError' | 'chooseChannel' | 'quote'>;
};

/**
 * Issue #30: how to pay, after the pack: the currency's channels as a group of native radios (arrow keys move
 * between them), each with its name, a hint of its kind and the payment-method bonus it earns; FPX shows its bank
 * list (in the frame after the tap: lib/use-shown-after-paint.ts). "On the payment page" leaves the choice to the
 * provider's page. Nothing shows for a currency without any.
 */
export const ChannelField = formPart<TProps['form']>(
  function ChannelField({ form }: TProps) {
    const { t } = useTranslation('recharge');
    const options = form.channelOptions;
    const chosen = optionOf(options, form.payChannel);
    // The bank list comes in the frame after the tap on FPX, which shows FPX checked first.
    const bankShown = useShownAfterPaint(chosen?.value === FPX);
    if (options.length === 0) return null;
    const tile = (value: string, name: string, hint: string, bonus = 0) => (
      <label key={value} className={value === (chosen?.value ?? '') ? 'price-tile is-checked' : 'price-tile'}>
        <input
          type="radio"
          className="visually-hidden"
          name={NAME}
          value={value}
          checked={value === (chosen?.value ?? '')}
          onChange={() => form.chooseChannel(value)}
        />
        <span className="price-tile__diamonds">{name}</span>
        <span className="price-tile__unit">{hint}</span>
        {bonus > 0 && (
          <span className="price-tile__price">{t('channel.bonus', { diamonds: formatDiamonds(bonus) })}</span>
        )}
      </label>
    );
    return (
      <fieldset
        className={form.channelError ? 'app-field app-field--error channel-field' : 'app-field channel-field'}
        aria-describedby={ERROR_ID}
      >
        <legend className="app-field__label">{t('channel.legend')}</legend>
        <div className="price-tiles channel-tiles">
          {options.map((o) => tile(o.value, o.name, t(`channel.kind.${o.kind}`), optionBonus(o, form.quote)))}
          {tile('', t('channel.none'), t('channel.noneHint'))}
        </div>
        {chosen && bankShown && (
          <div className="channel-field__bank">
            <label className="app-field__label" htmlFor={BANK_ID}>
              {t('channel.bank')}
            </label>
            <Select
              id={BANK_ID}
              value={form.payChannel === FPX ? '' : form.payChannel}
              placeholder={t('channel.bankPlaceholder')}
              options={chosen.channels.map((c) => ({ value: c.code, label: c.name }))}
              onChange={(event) => form.chooseChannel(event.target.value)}
            />
          </div>
        )}
        <div id={ERROR_ID} className="app-field__error" aria-live="polite">
          {form.channelError}
        </div>
      </fieldset>
    );
  },
  (form) => [form.channelOptions, form.payChannel, form.channelError, form.chooseChannel, form.quote],
);
