import { describe, expect, it } from 'vitest';
import { totalCost } from './bigo-client';

describe('total_cost', () => {
  it('is the paid amount in major units with at most two decimals, exact', () => {
    expect(totalCost(2760)).toBe(27.6);
    expect(totalCost(2000)).toBe(20);
    expect(totalCost(1)).toBe(0.01);
    expect(totalCost(1999)).toBe(19.99);
    expect(JSON.stringify({ total_cost: totalCost(123456789) })).toBe('{"total_cost":1234567.89}');
  });
});
