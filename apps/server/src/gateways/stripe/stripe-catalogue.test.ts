import { describe, expect, it } from 'vitest';
import { stripeImages } from './stripe-catalogue';
import { redactStripeSecrets } from './stripe-http-client';

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
