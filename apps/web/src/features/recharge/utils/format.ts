import { formatMinor } from '@ezrecharge/shared/money';

/** '1234567.80' → '1,234,567.80': thousands separators on the whole part only. */
function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Diamonds for display: 42000 → '42,000'. */
export const formatDiamonds = (diamonds: number): string => groupThousands(String(diamonds));

/** A price in minor units with its currency (SPEC.md §9: divide by 100): ('SGD', 123450) → 'SGD 1,234.50'. */
export const formatPrice = (currency: string, minor: number): string =>
  `${currency} ${groupThousands(formatMinor(minor))}`;
