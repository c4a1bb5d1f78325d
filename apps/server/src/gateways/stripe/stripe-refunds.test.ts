import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isStripeRefusal, refundState } from './stripe-refunds';

const refund = (status: string | null, failure_reason?: string) => ({
  id: 're_1',
  status,
  ...(failure_reason ? { failure_reason } : {}),
});

describe('refundState', () => {
  it('maps Stripe refund statuses to settled, pending and failed', () => {
    expect(refundState(refund('succeeded'))).toEqual({ state: 'succeeded', ref: 're_1' });
    expect(refundState(refund('pending')).state).toBe('pending');
    expect(refundState(refund('requires_action')).state).toBe('pending');
    expect(refundState(refund('failed', 'lost_or_stolen_card'))).toEqual({
      state: 'failed',
      ref: 're_1',
      reason: 'Stripe: refund failed (lost_or_stolen_card)',
    });
    expect(refundState(refund('canceled')).state).toBe('failed');
    expect(refundState(refund(null)).state).toBe('unknown');
  });
});

describe('isStripeRefusal', () => {
  const error = (statusCode: number) =>
    Stripe.errors.StripeError.generate({ type: 'invalid_request_error', message: 'x', statusCode } as never);

  it('is a refusal for 4xx answers that no retry changes, not for 409, 429, 5xx or network errors', () => {
    expect(isStripeRefusal(error(400))).toBe(true);
    expect(isStripeRefusal(error(404))).toBe(true);
    expect(isStripeRefusal(error(409))).toBe(false);
    expect(isStripeRefusal(error(429))).toBe(false);
    expect(isStripeRefusal(error(500))).toBe(false);
    expect(isStripeRefusal(new Error('ECONNRESET'))).toBe(false);
  });
});
