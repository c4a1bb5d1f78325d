import { ORDER_STATUS as S } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import type { GatewayRecord, GatewayRecords } from '../../gateways';
import { compareDay, type OurOrder } from './reconciliation-compare';

const window = { from: new Date('2026-12-04T16:00:00Z'), to: new Date('2026-12-05T16:00:00Z') };
const now = new Date('2026-12-06T01:00:00Z');
const at = new Date('2026-12-05T02:00:00Z');

const order = (over: Partial<OurOrder> = {}): OurOrder => ({
  orderNum: 'EZ1',
  gateway: 'fiuu',
  status: S.CHARGED,
  amount: 2760,
  currency: 'SGD',
  gatewayRef: '1',
  paymentHeld: false,
  createdAt: at,
  paidAt: at,
  deliveredAt: at,
  deliveries: 1,
  extraRefunds: [],
  ...over,
});
const paid = (over: Partial<GatewayRecord> = {}): GatewayRecord => ({
  kind: 'payment',
  state: 'paid',
  orderNum: 'EZ1',
  ref: '1',
  amount: '27.60',
  currency: null,
  at: at.toISOString(),
  detail: {},
  ...over,
});
const fiuu = (...records: GatewayRecord[]) =>
  new Map<string, GatewayRecords>([['fiuu', { ok: true, records }]]);

describe('compareDay', () => {
  it('reconciles a day whose records agree, with both totals', () => {
    const day = compareDay({ window, now, sources: fiuu(paid()), orders: [order()] });
    expect(day.state).toBe('reconciled');
    expect(day.totals).toEqual([
      expect.objectContaining({ gateway: 'fiuu', currency: 'SGD', gateway_paid: 2760, our_paid: 2760 }),
    ]);
  });

  it('names each kind of mismatch', () => {
    const kinds = (orders: OurOrder[], ...records: GatewayRecord[]) =>
      compareDay({ window, now, sources: fiuu(...records), orders }).mismatches.map((m) => [
        m.kind,
        m.action,
      ]);
    expect(
      kinds([order({ status: S.PENDING_PAYMENT, paidAt: null, deliveredAt: null, deliveries: 0 })], paid()),
    ).toEqual([['paid_at_gateway_not_here', 'apply']]);
    expect(kinds([], paid())).toEqual([['paid_at_gateway_not_here', null]]);
    expect(kinds([order()])).toEqual([['paid_here_unknown_to_gateway', null]]);
    expect(kinds([order()], paid({ amount: '1.00' }))).toEqual([['amount_differs', null]]);
    expect(
      kinds([order({ paymentHeld: true, paidAt: null, status: S.PENDING_PAYMENT })], paid()),
    ).toContainEqual(['amount_differs', null]);
    expect(kinds([order()], paid(), paid({ kind: 'refund', state: 'refunded', ref: 're_1' }))).toEqual([
      ['refunded_at_gateway_not_here', null],
    ]);
    expect(
      kinds(
        [order({ status: S.REFUNDED })],
        paid(),
        paid({ kind: 'refund', state: 'refunded', ref: 're_1' }),
      ),
    ).toEqual([]);
    // The refund of a second payment of a delivered order (issue #26) is ours when we refund that payment.
    const extraRefund = paid({ kind: 'refund', state: 'refunded', ref: '77', paymentRef: '2' });
    expect(kinds([order({ extraRefunds: ['2'] })], paid(), extraRefund)).toEqual([]);
    expect(kinds([order({ extraRefunds: ['3'] })], paid(), extraRefund)).toEqual([
      ['refunded_at_gateway_not_here', null],
    ]);
    expect(kinds([order({ paidAt: null, status: S.CHARGED })])).toContainEqual(['delivered_not_paid', null]);
    expect(kinds([order({ status: S.CHARGING, deliveredAt: null, deliveries: 0 })], paid())).toEqual([
      ['paid_not_delivered', null],
    ]);
    expect(kinds([order({ deliveries: 2 })], paid())).toEqual([['multiple_deliveries', null]]);
  });

  it('leaves a payment just delivered alone for 10 minutes, and a day with an unread gateway incomplete', () => {
    const fresh = order({ status: S.PAYMENT_COMPLETED, paidAt: new Date(now.getTime() - 5 * 60_000) });
    const w = { from: window.from, to: new Date(now.getTime() + 1) };
    expect(
      compareDay({
        window: w,
        now,
        sources: fiuu(paid({ at: fresh.paidAt?.toISOString() ?? null })),
        orders: [fresh],
      }).mismatches,
    ).toEqual([]);
    const unread = new Map<string, GatewayRecords>([['stripe', { ok: false, reason: 'down' }]]);
    expect(compareDay({ window, now, sources: unread, orders: [] })).toMatchObject({
      state: 'incomplete',
      sources: [{ gateway: 'stripe', ok: false, error: 'down' }],
    });
  });
});
