import { describe, expect, it } from 'vitest';
import { emptyParts, mergeParts, percentileCont } from './sales-parts';

describe('sales parts', () => {
  it('takes percentiles as PostgreSQL’s percentile_cont does, over counted values', () => {
    // percentile_cont(0.5) over 10, 20, 30, 40 is 25; over 1…100, percentile_cont(0.95) is 95.05.
    expect(
      percentileCont(
        [
          [10, 1],
          [20, 1],
          [30, 1],
          [40, 1],
        ],
        0.5,
      ),
    ).toBe(25);
    const hundred = Array.from({ length: 100 }, (_, i) => [i + 1, 1] as [number, number]);
    expect(percentileCont(hundred, 0.95)).toBeCloseTo(95.05, 10);
    // Counted: 5 ×3, 9 ×1 is 5, 5, 5, 9.
    expect(
      percentileCont(
        [
          [5, 3],
          [9, 1],
        ],
        0.5,
      ),
    ).toBe(5);
    expect(
      percentileCont(
        [
          [5, 3],
          [9, 1],
        ],
        0.95,
      ),
    ).toBeCloseTo(8.4, 10);
    expect(percentileCont([], 0.5)).toBeNull();
  });

  it('adds up the days: sums by grouping, counts of seconds, the funnel; keeps each day of the daily series', () => {
    const paidRow = (day: string | null, amount: number) => ({
      grouping: day ? 'day' : 'total',
      currency: 'SGD',
      day,
      product_name: null,
      game_amount: null,
      gateway: null,
      payment_channel: null,
      lang: null,
      orders: 1,
      quantity: 1,
      amount,
    });
    const a = {
      ...emptyParts(),
      paid: [paidRow(null, 100), paidRow('2026-03-01', 100)],
      deliverySeconds: [
        [30, 2],
        [60, 1],
      ] as [number, number][],
      funnel: { ...emptyParts().funnel, committed: 2, paid: 1 },
    };
    const b = {
      ...emptyParts(),
      paid: [paidRow(null, 50), paidRow('2026-03-02', 50)],
      deliverySeconds: [[30, 1]] as [number, number][],
      funnel: { ...emptyParts().funnel, committed: 1, paid: 1 },
    };
    const merged = mergeParts([a, b]);
    expect(merged.paid.filter((r) => r.grouping === 'total')).toMatchObject([{ orders: 2, amount: 150 }]);
    expect(merged.paid.filter((r) => r.grouping === 'day').map((r) => [r.day, r.amount])).toEqual([
      ['2026-03-01', 100],
      ['2026-03-02', 50],
    ]);
    expect(merged.deliverySeconds).toEqual([
      [30, 3],
      [60, 1],
    ]);
    expect(merged.funnel).toMatchObject({ committed: 3, paid: 2 });
  });
});
