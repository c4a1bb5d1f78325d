import type { TOrder } from '@ezrecharge/shared/schemas/orders';
import { describe, expect, it } from 'vitest';
import { attentionsOf } from './order-attention';

const PAID = '2026-12-06T03:00:00.000Z';
const minutesAfterPaid = (minutes: number) => Date.parse(PAID) + minutes * 60_000;

function order(overrides: Partial<TOrder>): TOrder {
  return {
    id: 1,
    order_num: 'EZLATE',
    game_type: 1,
    game_id: 'Star88',
    order_status: 8,
    pay_payment_num: 'alice@example.com',
    amount: 500,
    amount_game: 200,
    quantity: 2,
    pay_currency: 'SGD',
    price_id: 11,
    price: 250,
    game_amount: 100,
    product_name: 'BIGO Diamonds',
    page_info: 'recharge',
    created_at: '2026-12-06T02:59:00.000Z',
    created_by: null,
    pay_checkout_session_url: null,
    paid_at: PAID,
    delivered_at: null,
    failure_reason: null,
    failure_note: null,
    payment_channel: null,
    refund_bank_details: 'none',
    bonus_game: 0,
    bonuses: [],
    delivery_uncertain: false,
    refund_overdue_at: null,
    extra_payments: [],
    dispute_status: null,
    ...overrides,
  };
}

describe('attentionsOf: deliveries late (issue #32)', () => {
  it('tags a paid order still not delivered more than 5 minutes after its payment, as the server lists it', () => {
    for (const status of [7, 8] as const) {
      expect(attentionsOf(order({ order_status: status }), minutesAfterPaid(4))).toEqual([]);
      expect(attentionsOf(order({ order_status: status }), minutesAfterPaid(6))).toEqual(['delivery_late']);
    }
  });

  it('never tags a delivered, failed or unpaid order as late', () => {
    for (const status of [3, 9, 10, 12] as const) {
      expect(attentionsOf(order({ order_status: status }), minutesAfterPaid(60))).not.toContain(
        'delivery_late',
      );
    }
    expect(attentionsOf(order({ paid_at: null }), minutesAfterPaid(60))).toEqual([]);
  });
});
