import type { TPriceSelect, TProductSelectItem } from '@ezrecharge/shared/schemas/catalogue';
import type { TPack } from '../components/price-tiles';
import { likelyCurrency } from './likely-currency';
import type { TRechargeValues } from './recharge-values';

/** Entries the form sets for the buyer (use-recharge-form's `choose`): no message, the cleared package included. */
export type TChoice = Partial<TRechargeValues>;

/**
 * SPEC.md §4: the first product is chosen automatically (a product kept from before a reload, if still sold); a
 * product has its own currencies and packages, so both are chosen anew. Undefined while the list loads or when the
 * chosen product is on it.
 */
export function productChoice(
  list: readonly TProductSelectItem[] | undefined,
  productId: string,
): TChoice | undefined {
  const chosen = Number(productId);
  if (!list || list.some((product) => product.id === chosen)) return undefined;
  const first = list[0];
  return { product_id: first ? String(first.id) : '', pay_currency: '', price_id: undefined };
}

/**
 * SPEC.md §4: after the prices load a currency is chosen: the buyer's likely one if it is sold, else the first; a
 * package belongs to one currency, so it is cleared. Undefined while the prices load or when the chosen one is sold.
 */
export function currencyChoice(select: TPriceSelect | undefined, payCurrency: string): TChoice | undefined {
  if (!select || select.currencies.some((option) => option.code === payCurrency)) return undefined;
  const codes = select.currencies.map((option) => option.code);
  return { pay_currency: likelyCurrency(codes) ?? '', price_id: undefined };
}

/** A pack kept from before a reload that is no longer on sale in this currency is no choice. */
export function packChoice(
  sold: readonly TPack[] | undefined,
  priceId: number | undefined,
): TChoice | undefined {
  return sold && priceId !== undefined && !sold.some((candidate) => candidate.id === priceId)
    ? { price_id: undefined }
    : undefined;
}
