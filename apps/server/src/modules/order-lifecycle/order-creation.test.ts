import { ORDER_NUM_PATTERN, orderNote, ORDER_STATUS as S, type TOrderStatus } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import { creationStatus, newOrderNum, ORDER_NUM_ALPHABET, type OrderStep } from './order-creation';

const path = (...statuses: TOrderStatus[]): OrderStep[] =>
  statuses.map((to) => ({ to, cause: orderNote('text', { text: 'test' }), actor: 'system' }));

describe('the path an order is created along', () => {
  it('starts in the precheck result and may take allowed moves at once', () => {
    expect(creationStatus(path(S.PRECHECK_OK))).toBe(S.PRECHECK_OK);
    expect(creationStatus(path(S.PRECHECK_FAILED))).toBe(S.PRECHECK_FAILED);
    expect(creationStatus(path(S.PRECHECK_OK, S.PENDING_PAYMENT))).toBe(S.PENDING_PAYMENT);
  });

  it('refuses any other start, and any move the table does not allow', () => {
    expect(() => creationStatus([])).toThrow(/at least one status/);
    expect(() => creationStatus(path(S.PENDING_PAYMENT))).toThrow(/cannot be created in status 3/);
    expect(() => creationStatus(path(S.PAYMENT_COMPLETED))).toThrow(/cannot be created in status 7/);
    expect(() => creationStatus(path(S.PRECHECK_FAILED, S.PENDING_PAYMENT))).toThrow(/1 → 3/);
    expect(() => creationStatus(path(S.PRECHECK_OK, S.CHARGED))).toThrow(/2 → 9/);
    expect(() => creationStatus(path(S.PRECHECK_OK, S.PENDING_PAYMENT, S.PENDING_PAYMENT))).toThrow(/3 → 3/);
  });
});

describe('order numbers', () => {
  const draws = Array.from({ length: 20_000 }, () => newOrderNum());

  it('are EZ and 22 characters of an alphabet without look-alikes (no 0, O, 1, I or lower case)', () => {
    expect(ORDER_NUM_ALPHABET).toHaveLength(32);
    expect(new Set(ORDER_NUM_ALPHABET).size).toBe(32);
    expect(ORDER_NUM_ALPHABET).not.toMatch(/[01IOa-z]/);
    for (const num of draws) {
      expect(num).toMatch(/^EZ[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{22}$/);
      // Within Fiuu's orderid and BIGO's bu_orderid (≤ 40 alphanumerics), as every order number must be.
      expect(num).toMatch(ORDER_NUM_PATTERN);
    }
  });

  it('never repeat, and use every symbol about equally often (no symbol likelier: 110 random bits)', () => {
    expect(new Set(draws).size).toBe(draws.length);
    const counts = new Map<string, number>();
    for (const num of draws) for (const c of num.slice(2)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe(ORDER_NUM_ALPHABET);
    // 440 000 symbols over 32: 13 750 each expected, σ ≈ 115; a skewed draw (e.g. modulo bias) would be far off.
    const expected = (draws.length * 22) / 32;
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.05);
  });
});
