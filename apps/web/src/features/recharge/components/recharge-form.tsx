import type { TCurrency } from '@ezrecharge/shared/money';
import type { TOrderPageInfo } from '@ezrecharge/shared/schemas/orders';
import type { ChangeEvent, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { PaymentStalled } from '../../../components/payment-stalled';
import { Button } from '../../../components/ui/button';
import { Field, Select, TextInput } from '../../../components/ui/field';
import { LockIcon } from '../../../components/ui/icons';
import { formatDiamonds } from '../../../lib/money-format';
import { readLocal, STORAGE_KEYS } from '../../../lib/storage';
import { errorIdOf, idOf } from '../utils/recharge-values';
import { controlProps, fieldProps } from './field-props';
import { PriceTiles, PriceTilesLoading } from './price-tiles';
import { RewardLines } from './reward-lines';
import { useRechargeForm } from './use-recharge-form';

const PRICE_LABEL_ID = 'recharge-price-label';
const TOTAL_LABEL_ID = 'recharge-total-label';

interface TRechargeFormProps {
  /** Which screen sends the order: 'recharge' asks for the e-mail, 'ezrecharge' uses the profile's. */
  pageInfo: TOrderPageInfo;
  /** Told the chosen currency whenever it changes (the posters follow it). */
  onCurrencyChange?: (currency: TCurrency | undefined) => void;
}

/**
 * The recharge form of /recharge and /ezrecharge (SPEC.md §2, §4, §5, §7): product (the first preselected),
 * currency (the buyer's likely one preselected, else the first; a change clears the package), the packs of that
 * currency, quantity, BIGO ID and, on the public page, the e-mail. Its state and rules are useRechargeForm's. The
 * button spins and the form stays disabled from sending to leaving (and if the page is not left, PaymentStalled
 * offers that order's hand-off again).
 *
 * While the catalogue loads, the form is on screen in its final shape (the selects empty and disabled, placeholder
 * tiles where the packs go), so nothing moves when the products and packs arrive.
 */
export function RechargeForm({ pageInfo, onCurrencyChange }: TRechargeFormProps) {
  const { t } = useTranslation('recharge');
  const form = useRechargeForm(pageInfo, onCurrencyChange);
  const { values, errors, products, prices, handoff, busy, loading } = form;

  if (products.isError) {
    return (
      <Notice
        tone="error"
        title={t('form.loadFailed')}
        action={
          <Button size="small" onClick={() => void products.refetch()}>
            {t('form.retry')}
          </Button>
        }
      />
    );
  }
  if (products.data?.length === 0) {
    return <Notice tone="info" title={t('form.noProducts')} />;
  }

  const textProps = (name: 'quantity' | 'game_id' | 'email') => ({
    ...controlProps(name, form),
    'aria-required': true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.change(name, event.target.value),
    onBlur: () => form.blur(name),
  });
  const userEmail = form.withEmail ? '' : (readLocal(STORAGE_KEYS.userEmail) ?? '');
  const bonus = form.promoBonus;

  let packsShown: ReactNode;
  if (prices.isError) {
    packsShown = (
      <Notice
        tone="error"
        title={t('form.loadFailed')}
        action={
          <Button size="small" onClick={() => void prices.refetch()}>
            {t('form.retry')}
          </Button>
        }
      />
    );
  } else if (prices.isPending) {
    packsShown = <PriceTilesLoading label={t('form.loading')} />;
  } else if (form.currency && form.packs.length === 0 && !prices.isFetching) {
    packsShown = <Notice tone="info" title={t('form.noPrices')} />;
  } else {
    packsShown = (
      <PriceTiles
        id={idOf('price_id')}
        packs={form.packs}
        labelledBy={PRICE_LABEL_ID}
        describedBy={errorIdOf('price_id')}
        invalid={Boolean(errors.price_id)}
        value={values.price_id}
        onChange={(priceId) => form.change('price_id', priceId)}
      />
    );
  }

  return (
    <form
      className="recharge-form"
      aria-label={t('form.label')}
      aria-busy={loading || undefined}
      noValidate
      onSubmit={(e) => void form.onSubmit(e)}
      onFocus={form.engage}
      onPointerDown={form.engage}
    >
      <fieldset className="recharge-form__fields" disabled={busy}>
        <div className="recharge-form__row">
          <Field {...fieldProps('product_id', form)}>
            <Select
              {...controlProps('product_id', form)}
              value={values.product_id}
              disabled={loading}
              placeholder={loading ? t('form.loading') : undefined}
              options={(products.data ?? []).map((product) => ({
                value: String(product.id),
                label: product.name,
              }))}
              onChange={(event) => form.chooseProduct(event.target.value)}
            />
          </Field>
          <Field {...fieldProps('pay_currency', form)}>
            <Select
              {...controlProps('pay_currency', form)}
              aria-required
              value={values.pay_currency}
              disabled={loading}
              aria-busy={prices.isFetching || undefined}
              options={(prices.data?.currencies ?? []).map((option) => ({
                value: option.code,
                label: `${option.code} · ${option.name}`,
              }))}
              onChange={(event) => form.chooseCurrency(event.target.value)}
            />
          </Field>
        </div>
        <div className={errors.price_id ? 'app-field app-field--error' : 'app-field'}>
          <div className="app-field__label-row">
            <span id={PRICE_LABEL_ID} className="app-field__label">
              {form.labels.price_id}
            </span>
          </div>
          {packsShown}
          <div id={errorIdOf('price_id')} className="app-field__error" aria-live="polite">
            {errors.price_id}
          </div>
        </div>
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
              value={values.promo_code}
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
        <div className="recharge-form__total">
          <span id={TOTAL_LABEL_ID} className="recharge-form__total-label">
            {t('form.total')}
          </span>
          <output className="recharge-form__total-value" aria-labelledby={TOTAL_LABEL_ID}>
            {form.total}
          </output>
          <RewardLines quote={form.quote} />
        </div>
      </fieldset>
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
        disabled={busy || loading}
      >
        {t('form.submit')}
      </Button>
      <p className="recharge-form__note">{t('paymentNote')}</p>
    </form>
  );
}
