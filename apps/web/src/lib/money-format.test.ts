import { describe, expect, it } from 'vitest';
import { formatDiamonds, formatMajor, formatPrice } from './money-format';

describe('money formatting', () => {
  it('shows each currency with its own decimals, never a fixed two', () => {
    expect(formatPrice('JPY', 500)).toBe('JPY 500');
    expect(formatPrice('KRW', 1234567)).toBe('KRW 1,234,567');
    expect(formatPrice('SGD', 2760)).toBe('SGD 27.60');
    expect(formatPrice('IDR', 150000000)).toBe('IDR 1,500,000.00');
    expect(formatPrice('JOD', 1250)).toBe('JOD 1.250');
    expect(formatPrice('JOD', 1234567890)).toBe('JOD 1,234,567.890');
  });

  it('groups thousands on the whole part only', () => {
    expect(formatMajor(123450, 'SGD')).toBe('1,234.50');
    expect(formatMajor(99, 'MYR')).toBe('0.99');
    expect(formatMajor(12000, 'JPY')).toBe('12,000');
    expect(formatMajor(999, 'JPY')).toBe('999');
    expect(formatDiamonds(42000)).toBe('42,000');
  });
});
