import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { BasePathHttpClient, stripeSdkOptions } from './stripe-http-client';
import { sessionStatus } from './stripe-payments';

const session = (over: Partial<Stripe.Checkout.Session>) =>
  ({
    id: 'cs_1',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: 5000,
    currency: 'hkd',
    ...over,
  }) as Stripe.Checkout.Session;

describe('sessionStatus', () => {
  it('is paid only for a complete and paid session, with its amount and upper-case currency', () => {
    expect(sessionStatus(session({ status: 'complete', payment_status: 'paid' }))).toEqual({
      state: 'paid',
      ref: 'cs_1',
      amount: 5000,
      currency: 'HKD',
    });
    expect(sessionStatus(session({ status: 'complete', payment_status: 'unpaid' })).state).toBe('pending');
    expect(sessionStatus(session({ status: 'open' })).state).toBe('pending');
    expect(sessionStatus(session({ status: 'expired' }))).toEqual({
      state: 'failed',
      ref: 'cs_1',
      reason: 'expired',
    });
  });
});

describe('stripeSdkOptions', () => {
  it('talks to api.stripe.com without a base', () => {
    const options = stripeSdkOptions(undefined);
    expect(options.host).toBeUndefined();
    expect(options.httpClient).toBeUndefined();
  });

  it('takes host, port and protocol from a base without a path', () => {
    const options = stripeSdkOptions('http://127.0.0.1:4242/');
    expect(options).toMatchObject({ protocol: 'http', host: '127.0.0.1', port: 4242 });
    expect(options.httpClient).toBeUndefined();
  });

  it('puts the base path in front of every request path', async () => {
    const options = stripeSdkOptions('https://shop.example/sandbox/stripe');
    expect(options).toMatchObject({ protocol: 'https', host: 'shop.example', port: 443 });
    expect(options.httpClient).toBeInstanceOf(BasePathHttpClient);

    const seen: string[] = [];
    const inner = {
      getClientName: () => 'inner',
      makeRequest: async (_h: string, _p: string, path: string) => {
        seen.push(path);
        return {} as never;
      },
    };
    const client = new BasePathHttpClient('/sandbox/stripe', inner as never);
    await client.makeRequest('h', '443', '/v1/checkout/sessions', 'POST', {}, '', 'https', 1000);
    expect(seen).toEqual(['/sandbox/stripe/v1/checkout/sessions']);
  });
});
