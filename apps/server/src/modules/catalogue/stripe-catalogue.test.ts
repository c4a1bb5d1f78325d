import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { redactStripeSecrets } from '../../gateways/stripe/stripe-http-client';
import { describeStripeError, stripeClientOptions, stripeFailure, stripeImages } from './stripe-catalogue';

describe('stripeClientOptions', () => {
  it('talks to api.stripe.com with two retries and a timeout when no API base is set', () => {
    const options = stripeClientOptions({ secretKey: 'sk_test_x', apiBase: undefined });
    expect(options).toEqual({ maxNetworkRetries: 2, timeout: 20_000, telemetry: false });
  });

  it('splits STRIPE_API_BASE into the host, port and protocol the SDK takes', () => {
    expect(stripeClientOptions({ secretKey: 'k', apiBase: 'http://127.0.0.1:4242' })).toMatchObject({
      protocol: 'http',
      host: '127.0.0.1',
      port: 4242,
    });
    expect(stripeClientOptions({ secretKey: 'k', apiBase: 'https://stripe-mock.internal/' })).toMatchObject({
      protocol: 'https',
      host: 'stripe-mock.internal',
      port: 443,
    });
    expect(stripeClientOptions({ secretKey: 'k', apiBase: 'http://localhost' })).toMatchObject({ port: 80 });
    expect(stripeClientOptions({ secretKey: 'k', apiBase: 'http://[::1]:12111' })).toMatchObject({
      host: '::1',
      port: 12111,
    });
  });

  it('keeps a path in STRIPE_API_BASE (a proxy under a prefix) with a client that puts it before /v1', () => {
    expect(
      stripeClientOptions({ secretKey: 'k', apiBase: 'http://127.0.0.1:4242' }).httpClient,
    ).toBeUndefined();
    expect(
      stripeClientOptions({ secretKey: 'k', apiBase: 'https://proxy.internal/stripe/' }).httpClient,
    ).toBeDefined();
  });
});

describe('redactStripeSecrets', () => {
  it('masks secret, restricted and publishable keys and webhook secrets', () => {
    expect(redactStripeSecrets('Invalid API Key provided: sk_test_abc123XYZ')).toBe(
      'Invalid API Key provided: sk_test_***',
    );
    expect(redactStripeSecrets('rk_live_9f8e and pk_test_1 and whsec_zzz9')).toBe(
      'rk_live_*** and pk_test_*** and whsec_***',
    );
    expect(redactStripeSecrets('key sk_live_****1234 was masked already')).toBe(
      'key sk_live_*** was masked already',
    );
    expect(redactStripeSecrets('No such price: price_123')).toBe('No such price: price_123');
  });
});

describe('stripeImages', () => {
  it('passes only absolute https URLs (our uploads are relative)', () => {
    expect(stripeImages('/api/v1/attachment/download?file_path=product/a.png')).toBeUndefined();
    expect(stripeImages('')).toBeUndefined();
    expect(stripeImages('http://cdn.example/x.png')).toBeUndefined();
    expect(stripeImages('https://cdn.example/x.png')).toEqual(['https://cdn.example/x.png']);
  });
});

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
    expect(describeStripeError(err)).toMatchObject({ message: 'Invalid API Key provided: sk_test_***' });
  });

  it('leaves every other error alone', () => {
    expect(stripeFailure(new Error('database down'))).toBeNull();
    expect(stripeFailure('text')).toBeNull();
    expect(describeStripeError(new Error('x'))).toBeNull();
  });
});
