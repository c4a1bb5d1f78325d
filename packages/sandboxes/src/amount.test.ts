import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from './amount';

describe('sandbox amounts', () => {
  it('reads two-decimal amounts into minor units', () => {
    expect(parseAmount('27.60')).toBe(2760);
    expect(parseAmount('27.6')).toBe(2760);
    expect(parseAmount('27')).toBe(2700);
    expect(parseAmount('0.01')).toBe(1);
  });

  it('refuses anything else', () => {
    for (const text of ['', '-1', '1.005', '1e3', ' 1', '1,000', '.5', '1.'])
      expect(parseAmount(text)).toBeNull();
  });

  it('writes minor units with two decimals', () => {
    expect(formatAmount(2760)).toBe('27.60');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(100000)).toBe('1000.00');
    expect(() => formatAmount(-1)).toThrow(RangeError);
  });
});
