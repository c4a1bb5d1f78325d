import { formatMinor } from '@ezrecharge/shared/money';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';

export { formatDiamonds, formatPrice };

/** 0.1666… → '16.7%'; null (nothing entered the step) → '—'. */
export const formatShare = (share: number | null): string =>
  share === null ? '—' : `${(Math.round(share * 1000) / 10).toString()}%`;

/** Whole numbers with thousands separators: 12345 → '12,345'. */
export const formatCount = (count: number): string => formatDiamonds(count);

/** `day` plus `n` calendar days (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Minor units as a number of major units for a chart's axis: (123450, 'SGD') → 1234.5. */
export const minorToMajor = (minor: number, currency: string): number => Number(formatMinor(minor, currency));
