import type { TCurrency } from '@ezrecharge/shared/money';
import type { TOrderPageInfo } from '@ezrecharge/shared/schemas/orders';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { CatalogueLoadFailed } from './catalogue-load-failed';
import { ChannelField } from './channel-field';
import { OrderSubmit } from './order-submit';
import { OrderTotal } from './order-total';
import { PackField } from './pack-field';
import { ProductCurrencyFields } from './product-currency-fields';
import { PromoCodeField } from './promo-code-field';
import { QuantityIdFields } from './quantity-id-fields';
import { useRechargeForm } from './use-recharge-form';

interface TRechargeFormProps {
  /** Which screen sends the order: 'recharge' asks for the e-mail, 'ezrecharge' uses the profile's. */
  pageInfo: TOrderPageInfo;
  /** Told the chosen currency whenever it changes (the posters follow it). */
  onCurrencyChange?: (currency: TCurrency | undefined) => void;
}

/**
 * The recharge form of /recharge and /ezrecharge (SPEC.md §2, §4, §5, §7): product (the first preselected),
 * currency (the buyer's likely one preselected, else the first; a change clears the package), the packs of that
 * currency, quantity, BIGO ID and, on the public page, the e-mail, an optional promo code, the total and the pay
 * button. Its state and rules are useRechargeForm's; the parts here only show them. The button spins and the form
 * stays disabled from sending to leaving for the payment page.
 *
 * While the catalogue loads, the form is on screen in its final shape (the selects empty and disabled, placeholder
 * tiles where the packs go), so nothing moves when the products and packs arrive.
 *
 * Issue #30 (a phone's main thread): memo, so that the posters following the currency (RechargeLayout's state) do
 * not draw the whole form again. The form hydrates in the recharge card's turn (components/hydrate-in-turn.tsx),
 * fields and all: a field waiting for a turn of its own lost its markup whenever the form drew again meanwhile (the
 * catalogue arriving), and the page jumped (CLS 0.2–0.6 in Lighthouse).
 */
export const RechargeForm = memo(function RechargeForm({ pageInfo, onCurrencyChange }: TRechargeFormProps) {
  const { t } = useTranslation('recharge');
  const form = useRechargeForm(pageInfo, onCurrencyChange);
  const { products } = form;

  if (products.isError) return <CatalogueLoadFailed onRetry={() => void products.refetch()} />;
  if (products.data?.length === 0) return <Notice tone="info" title={t('form.noProducts')} />;

  return (
    <form
      className="recharge-form"
      aria-label={t('form.label')}
      aria-busy={form.loading || undefined}
      noValidate
      onSubmit={(e) => void form.onSubmit(e)}
      onFocus={form.engage}
      onPointerDown={form.engage}
    >
      <fieldset className="recharge-form__fields" disabled={form.busy}>
        <ProductCurrencyFields form={form} />
        <PackField form={form} />
        <ChannelField form={form} />
        <QuantityIdFields form={form} />
        <PromoCodeField form={form} />
        <OrderTotal form={form} />
      </fieldset>
      <OrderSubmit form={form} />
    </form>
  );
});
