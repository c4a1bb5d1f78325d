import { describe, expect, it } from 'vitest';
import {
  canMove,
  INITIAL_STATUSES,
  isOrderStatus,
  isPayable,
  isTerminal,
  ORDER_MOVES,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderStatusI18nKey,
  PAYABLE_STATUSES,
  TERMINAL_STATUSES,
  type TOrderStatus,
} from './order-status';
import { ZOrderStatus } from './schemas/codes';

describe('order status codes', () => {
  it('keeps SPEC.md §4 numbering', () => {
    expect(ORDER_STATUS).toEqual({
      PRECHECK_FAILED: 1,
      PRECHECK_OK: 2,
      PENDING_PAYMENT: 3,
      PAYMENT_CANCELLED: 4,
      PAYMENT_FAILED: 5,
      PAYMENT_TIMEOUT: 6,
      PAYMENT_COMPLETED: 7,
      CHARGING: 8,
      CHARGED: 9,
      CHARGE_FAILED: 10,
      REFUNDING: 11,
      REFUNDED: 12,
      REFUND_FAILED: 13,
    });
    expect([...ORDER_STATUSES]).toEqual(Object.values(ORDER_STATUS));
  });

  it('labels every status with SPEC.md §4 wording', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      1: 'Precheck failed',
      2: 'Precheck successful',
      3: 'Pending payment',
      4: 'Payment cancelled',
      5: 'Payment failed',
      6: 'Payment timeout',
      7: 'Payment completed',
      8: 'Charging in progress',
      9: 'Charged successfully',
      10: 'Charge failed',
      11: 'Refund in progress',
      12: 'Refund successful',
      13: 'Refund failed',
    });
  });

  it('gives every status its own i18n key', () => {
    const keys = ORDER_STATUSES.map(orderStatusI18nKey);
    expect(keys[0]).toBe('orderStatus.1');
    expect(keys[12]).toBe('orderStatus.13');
    expect(new Set(keys).size).toBe(13);
  });

  it('validates codes with ZOrderStatus and isOrderStatus', () => {
    for (const s of ORDER_STATUSES) {
      expect(ZOrderStatus.parse(s)).toBe(s);
      expect(isOrderStatus(s)).toBe(true);
    }
    for (const bad of [0, 14, 2.5, '3', null]) {
      expect(ZOrderStatus.safeParse(bad).success).toBe(false);
      expect(isOrderStatus(bad)).toBe(false);
    }
  });
});

describe('allowed moves (DESIGN.md §6)', () => {
  const allowed: Array<[TOrderStatus, TOrderStatus]> = [
    [2, 3],
    [2, 4],
    [2, 5],
    [2, 6],
    [2, 7],
    [3, 4],
    [3, 5],
    [3, 6],
    [3, 7],
    [4, 7],
    [5, 7],
    [6, 7],
    [7, 8],
    [7, 11],
    [8, 9],
    [8, 10],
    [10, 8],
    // An operator marks a failed charge delivered after checking BIGO's console (issue #11).
    [10, 9],
    [10, 11],
    [11, 12],
    [11, 13],
    [13, 11],
  ];

  it.each(allowed)('%i → %i is allowed', (from, to) => {
    expect(canMove(from, to)).toBe(true);
  });

  it('allows nothing else', () => {
    const all = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
    const granted = all.filter(([from, to]) => canMove(from, to));
    expect(granted).toEqual(allowed);
    const fromData = ORDER_STATUSES.flatMap((from) => ORDER_MOVES[from].map((to) => [from, to]));
    expect(fromData).toEqual(allowed);
  });

  it.each([
    [9, 7, 'a delivered order cannot go back to paid'],
    [1, 3, 'a failed precheck cannot be paid'],
    [12, 11, 'a refunded order cannot be refunded again'],
    [7, 6, 'a paid order cannot time out'],
    [8, 8, 'no move to the same status'],
    [3, 2, 'no way back to precheck'],
  ])('%i → %i is refused: %s', (from, to) => {
    expect(canMove(from, to)).toBe(false);
  });

  it('refuses unknown codes', () => {
    expect(canMove(0, 1)).toBe(false);
    expect(canMove(13, 14)).toBe(false);
  });

  it('creates orders only in the precheck results', () => {
    expect([...INITIAL_STATUSES]).toEqual([1, 2]);
  });

  it('ends exactly in the statuses with no move out', () => {
    expect([...TERMINAL_STATUSES]).toEqual([1, 9, 12]);
    expect(ORDER_STATUSES.filter((s) => ORDER_MOVES[s].length === 0)).toEqual([...TERMINAL_STATUSES]);
    expect(ORDER_STATUSES.filter(isTerminal)).toEqual([1, 9, 12]);
  });

  it('offers payment only in statuses 2 and 3', () => {
    expect([...PAYABLE_STATUSES]).toEqual([2, 3]);
    expect(ORDER_STATUSES.filter(isPayable)).toEqual([2, 3]);
    expect(isPayable(99)).toBe(false);
  });
});
