import { FIRE_ICON_MIN_DIAMONDS } from '@ezrecharge/shared/limits';
import { CURRENCIES, currencyName, type TCurrency } from '@ezrecharge/shared/money';
import type { TLanguage } from '../../../lib/i18n';

/** A positive row id from a query value (`?id=`), or 0 when it is missing or malformed. */
export function parseId(raw: string | null): number {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** SPEC.md §9: a fire icon marks packs of 40 000 diamonds or more. */
export const isBigPack = (diamonds: number): boolean => diamonds >= FIRE_ICON_MIN_DIAMONDS;

/** 'SGD · Singapore Dollar' / 'SGD · 新加坡元'. */
export const currencyLabel = (code: TCurrency, lang: TLanguage): string =>
  `${code} · ${currencyName(code, lang)}`;

/** The shop's currencies as select options, in the shop's order, named in the active language. */
export const currencyOptions = (lang: TLanguage) =>
  CURRENCIES.map((currency) => ({ value: currency.code, label: currencyLabel(currency.code, lang) }));
