import { formatMinor } from '@ezrecharge/shared/money';

/**
 * Amounts and diamonds as every screen shows them. Amounts are ISO minor units of their currency (SPEC.md §9's
 * "divide by 100" holds for two-decimal currencies only), so the currency always travels with the amount:
 * SGD 2760 → '27.60', JPY 500 → '500', JOD 1250 → '1.250'.
 */

/** '1234567.80' → '1,234,567.80': thousands separators on the whole part only. */
function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Diamonds for display: 42000 → '42,000'. */
export const formatDiamonds = (diamonds: number): string => groupThousands(String(diamonds));

/** Minor units as a major amount without currency: (123450, 'SGD') → '1,234.50', (12000, 'JPY') → '12,000'. */
export const formatMajor = (minor: number, currency: string): string =>
  groupThousands(formatMinor(minor, currency));

/** A price in minor units with its currency: ('SGD', 123450) → 'SGD 1,234.50', ('JPY', 500) → 'JPY 500'. */
export const formatPrice = (currency: string, minor: number): string =>
  `${currency} ${formatMajor(minor, currency)}`;
