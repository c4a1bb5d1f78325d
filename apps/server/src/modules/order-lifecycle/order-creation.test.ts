import { ORDER_STATUS as S, type TOrderStatus } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import { creationStatus, newOrderNum, type OrderStep } from './order-creation';

const path = (...statuses: TOrderStatus[]): OrderStep[] =>
  statuses.map((to) => ({ to, cause: 'test', actor: 'system' }));

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
  it('are EZ, the UTC+8 date and 20 random base-62 characters', () => {
    const num = newOrderNum(new Date('2026-11-23T17:00:00Z'));
    expect(num).toMatch(/^EZ20261124[0-9A-Za-z]{20}$/);
    expect(newOrderNum()).not.toBe(newOrderNum());
  });
});
