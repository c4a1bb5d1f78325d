import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { describeStripeFailure } from '../../gateways/stripe/stripe-http-client';
import { stripeFailure } from './catalogue-sync-service';

describe('stripeFailure', () => {
  it('turns a Stripe error into a 503 with Stripe’s message, secrets masked', () => {
    const err = new Stripe.errors.StripeAuthenticationError({
      message: 'Invalid API Key provided: sk_test_abcdef',
      type: 'invalid_request_error',
    });
    const failure = stripeFailure(err);
    expect(failure?.status).toBe(503);
    expect(failure?.code).toBe('service_unavailable');
    expect(failure?.message).toBe('Stripe did not accept the sync');
    expect(failure?.detail).toBe('Invalid API Key provided: sk_test_***');
    expect(describeStripeFailure(err)).toMatchObject({ message: 'Invalid API Key provided: sk_test_***' });
  });

  it('leaves every other error alone', () => {
    expect(stripeFailure(new Error('database down'))).toBeNull();
    expect(stripeFailure('text')).toBeNull();
  });
});
