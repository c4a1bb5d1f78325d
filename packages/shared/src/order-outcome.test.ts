import { describe, expect, it } from 'vitest';
import { DELIVERY_PROMISE_MINUTES } from './limits';
import {
  isDeliveryLate,
  ORDER_OUTCOME_KEYS,
  ORDER_OUTCOME_TEXTS,
  ORDER_OUTCOMES,
  ORDER_TODOS,
  ORDER_TONES,
  orderOutcome,
  orderOutcomeText,
  orderResultPath,
} from './order-outcome';
import { ORDER_STATUS, ORDER_STATUSES } from './order-status';
import { LANGUAGES } from './support-contact';

const PARTS = ['headline', 'next', 'todo'] as const;

describe('order outcomes', () => {
  it('gives every status 1–13 a tone, a to-do and non-empty texts in English and Chinese', () => {
    expect(Object.keys(ORDER_OUTCOMES).map(Number)).toEqual([...ORDER_STATUSES]);
    for (const status of ORDER_STATUSES) {
      const outcome = orderOutcome(status);
      expect(ORDER_TONES).toContain(outcome.tone);
      expect(ORDER_TODOS).toContain(outcome.todo);
      for (const lang of LANGUAGES) {
        const text = orderOutcomeText(status, lang);
        for (const part of PARTS) expect(text[part].trim(), `${status} ${lang} ${part}`).not.toBe('');
      }
    }
  });

  it('has texts for exactly the keys the statuses use, in both languages', () => {
    const used = new Set(Object.values(ORDER_OUTCOMES).map((o) => o.key));
    expect([...used].sort()).toEqual([...ORDER_OUTCOME_KEYS].sort());
    for (const lang of LANGUAGES)
      expect(Object.keys(ORDER_OUTCOME_TEXTS[lang]).sort()).toEqual([...used].sort());
  });

  it('shows success only for delivered diamonds', () => {
    const successes = ORDER_STATUSES.filter((s) => orderOutcome(s).tone === 'success');
    expect(successes).toEqual([ORDER_STATUS.CHARGED]);
  });

  it('tells the buyer apart the statuses that need different action', () => {
    const headline = (status: (typeof ORDER_STATUSES)[number]) => orderOutcomeText(status, 'en').headline;
    // A failed payment is not a cancelled one, nor one that timed out.
    const payments = [
      ORDER_STATUS.PAYMENT_CANCELLED,
      ORDER_STATUS.PAYMENT_FAILED,
      ORDER_STATUS.PAYMENT_TIMEOUT,
    ];
    expect(new Set(payments.map(headline)).size).toBe(3);
    expect(headline(ORDER_STATUS.PAYMENT_FAILED)).toBe('Payment failed');
    expect(headline(ORDER_STATUS.PAYMENT_CANCELLED)).toBe('Payment cancelled');
    // Paid-and-delivering, delivered, failed, refunding, refunded and refund failed all read differently.
    const after = [7, 9, 10, 11, 12, 13] as const;
    for (const lang of LANGUAGES) {
      expect(new Set(after.map((s) => orderOutcomeText(s, lang).headline)).size).toBe(after.length);
    }
    // Where the buyer's money waits on staff, they are pointed to support with the order number.
    expect(orderOutcome(ORDER_STATUS.CHARGE_FAILED).todo).toBe('contact_support');
    expect(orderOutcome(ORDER_STATUS.REFUND_FAILED).todo).toBe('contact_support');
    expect(orderOutcome(ORDER_STATUS.PAYMENT_FAILED).todo).toBe('order_again');
  });

  it('promises the refund policy’s times when a delivery fails', () => {
    expect(orderOutcomeText(ORDER_STATUS.CHARGE_FAILED, 'en').next).toMatch(
      /Within 1 business day.*3 to 7 business days/,
    );
    expect(orderOutcomeText(ORDER_STATUS.CHARGE_FAILED, 'zh').next).toMatch(/1 个工作日内.*3 至 7 个工作日/);
  });

  it('writes Chinese texts with full-width punctuation', () => {
    for (const key of ORDER_OUTCOME_KEYS) {
      for (const part of PARTS) {
        const text = ORDER_OUTCOME_TEXTS.zh[key][part];
        // "ID:" is the literal prefix buyers must leave out, not punctuation of the sentence.
        expect(text.replace('ID:', ''), `${key} ${part}`).not.toMatch(/[,.;:!?()]/);
        if (part !== 'headline') expect(text, `${key} ${part}`).toMatch(/。$/u);
      }
    }
  });

  describe('a delivery past the promised time (issue #32)', () => {
    const PAID = '2026-12-06T03:00:00.000Z';
    const paidMs = Date.parse(PAID);
    const promise = DELIVERY_PROMISE_MINUTES * 60_000;

    it('promises two minutes, the time the delivering text names', () => {
      expect(DELIVERY_PROMISE_MINUTES).toBe(2);
      expect(orderOutcomeText(ORDER_STATUS.CHARGING, 'en').next).toContain('within two minutes');
      expect(orderOutcomeText(ORDER_STATUS.CHARGING, 'zh').next).toContain('两分钟内');
    });

    it('is late once the promise has passed since the payment, not before', () => {
      for (const status of [ORDER_STATUS.PAYMENT_COMPLETED, ORDER_STATUS.CHARGING]) {
        const order = { order_status: status, paid_at: PAID };
        expect(isDeliveryLate(order, paidMs)).toBe(false);
        expect(isDeliveryLate(order, paidMs + promise - 1)).toBe(false);
        expect(isDeliveryLate(order, paidMs + promise)).toBe(true);
        expect(isDeliveryLate(order, paidMs + 3 * 60_000)).toBe(true);
      }
    });

    it('never calls late an order that is not waiting for delivery, or whose paid time is unknown', () => {
      const muchLater = paidMs + 24 * 60 * 60_000;
      for (const status of ORDER_STATUSES.filter((s) => s !== 7 && s !== 8)) {
        expect(isDeliveryLate({ order_status: status, paid_at: PAID }, muchLater), String(status)).toBe(
          false,
        );
      }
      for (const paid_at of [null, '', 'not a time']) {
        expect(isDeliveryLate({ order_status: ORDER_STATUS.CHARGING, paid_at }, muchLater)).toBe(false);
      }
    });
  });

  it('links to the result page of one order', () => {
    expect(orderResultPath('EZ20260101ABCD')).toBe('/home-order?order_num=EZ20260101ABCD');
  });
});
