import { formatMinor } from '@ezrecharge/shared/money';
import { formatDiamonds, formatPrice } from '../../../lib/money-format';

export { formatDiamonds, formatPrice };

/** 0.1666… → '16.7%'; null (nothing entered the step) → '—'. */
export const formatShare = (share: number | null): string =>
  share === null ? '—' : `${(Math.round(share * 1000) / 10).toString()}%`;

/** Whole numbers with thousands separators: 12345 → '12,345'. */
export const formatCount = (count: number): string => formatDiamonds(count);

/** Minor units as a number of major units for a chart's axis: (123450, 'SGD') → 1234.5. */
export const minorToMajor = (minor: number, currency: string): number => Number(formatMinor(minor, currency));
