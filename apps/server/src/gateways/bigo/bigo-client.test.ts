import { describe, expect, it } from 'vitest';
import { totalCost } from './bigo-client';

describe('total_cost', () => {
  it('is the paid amount in major units with at most two decimals, exact', () => {
    expect(totalCost(2760, 'SGD')).toBe(27.6);
    expect(totalCost(2000, 'MYR')).toBe(20);
    expect(totalCost(1, 'USD')).toBe(0.01);
    expect(totalCost(1999, 'HKD')).toBe(19.99);
    expect(JSON.stringify({ total_cost: totalCost(123456789, 'SGD') })).toBe('{"total_cost":1234567.89}');
  });

  it('sends whole units of a zero-decimal currency, never a hundredth of them', () => {
    expect(totalCost(500, 'JPY')).toBe(500);
    expect(totalCost(15000, 'KRW')).toBe(15000);
  });

  it('rounds a three-decimal amount half up to the two decimals BIGO takes', () => {
    expect(totalCost(1250, 'JOD')).toBe(1.25);
    expect(totalCost(1255, 'JOD')).toBe(1.26);
    expect(totalCost(1254, 'KWD')).toBe(1.25);
    expect(totalCost(5, 'BHD')).toBe(0.01);
    expect(totalCost(4, 'BHD')).toBe(0);
    expect(JSON.stringify({ total_cost: totalCost(9999995, 'JOD') })).toBe('{"total_cost":10000}');
  });
});
