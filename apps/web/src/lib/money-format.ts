import { formatMinor } from '@ezrecharge/shared/money';

/** Amounts and diamonds as every screen shows them (SPEC.md §9: amounts are minor units, divide by 100). */

/** '1234567.80' → '1,234,567.80': thousands separators on the whole part only. */
function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Diamonds for display: 42000 → '42,000'. */
export const formatDiamonds = (diamonds: number): string => groupThousands(String(diamonds));

/** Minor units as a major amount without currency: 123450 → '1,234.50'. */
export const formatMajor = (minor: number): string => groupThousands(formatMinor(minor));

/** A price in minor units with its currency: ('SGD', 123450) → 'SGD 1,234.50'. */
export const formatPrice = (currency: string, minor: number): string => `${currency} ${formatMajor(minor)}`;
