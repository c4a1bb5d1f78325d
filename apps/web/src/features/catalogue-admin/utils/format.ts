import { FIRE_ICON_MIN_DIAMONDS } from '@ezrecharge/shared/limits';
import { CURRENCIES, currencyName, formatMinor, type TCurrency } from '@ezrecharge/shared/money';
import type { TLanguage } from '../../../lib/i18n';

/** A positive row id from a query value (`?id=`), or 0 when it is missing or malformed. */
export function parseId(raw: string | null): number {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** '1234567.80' → '1,234,567.80': thousands separators on the whole part only. */
function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Diamonds for display: 42000 → '42,000'. */
export function formatDiamonds(amount: number): string {
  return groupThousands(String(amount));
}

/** Minor units shown as a major amount (SPEC.md §9: divide by 100): 123450 → '1,234.50'. */
export function formatMajor(minor: number): string {
  return groupThousands(formatMinor(minor));
}

/** SPEC.md §9: a fire icon marks packs of 40 000 diamonds or more. */
export const isBigPack = (diamonds: number): boolean => diamonds >= FIRE_ICON_MIN_DIAMONDS;

/** 'SGD · Singapore Dollar' / 'SGD · 新加坡元'. */
export const currencyLabel = (code: TCurrency, lang: TLanguage): string =>
  `${code} · ${currencyName(code, lang)}`;

/** The shop's currencies as select options, in the shop's order, named in the active language. */
export const currencyOptions = (lang: TLanguage) =>
  CURRENCIES.map((currency) => ({ value: currency.code, label: currencyLabel(currency.code, lang) }));
