import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { BasePathHttpClient, stripeSdkOptions } from './stripe-http-client';
import { createStripePayments, sessionStatus, signedTimestamp } from './stripe-payments';

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

  it('reports the paid amount in ISO minor units, and none when Stripe’s is not exact', () => {
    const paid = { status: 'complete', payment_status: 'paid' } as const;
    expect(sessionStatus(session({ ...paid, amount_total: 500, currency: 'jpy' }))).toMatchObject({
      amount: 500,
      currency: 'JPY',
    });
    // Stripe counts ISK in hundredths: 500 is 5 krónur.
    expect(sessionStatus(session({ ...paid, amount_total: 500, currency: 'isk' }))).toMatchObject({
      amount: 5,
      currency: 'ISK',
    });
    const odd = sessionStatus(session({ ...paid, amount_total: 550, currency: 'isk' }));
    expect(odd).toMatchObject({ state: 'paid', currency: 'ISK' });
    expect(odd.amount).toBeUndefined();
  });
});

describe('webhook signature time', () => {
  const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
  const secret = 'whsec_unit_test_secret';
  const gatewayAt = (nowMs: number) =>
    createStripePayments(
      { sandbox: false, secretKey: 'sk_test_unit', webhookSecret: secret, apiBase: undefined },
      silent,
      { now: () => nowMs },
    );
  const payload = JSON.stringify({ id: 'evt_unit', object: 'event', type: 'ping', data: { object: {} } });
  const NOW_SEC = 1_800_000_000;
  const signedAt = (offsetSec: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: NOW_SEC + offsetSec });

  it.each([-299, -1, 0, 1, 299])('accepts an event signed %i s from our clock', (offset) => {
    expect(gatewayAt(NOW_SEC * 1000).constructEvent(payload, signedAt(offset)).id).toBe('evt_unit');
  });

  it.each([-301, 301, 600])('refuses an event signed %i s from our clock', (offset) => {
    expect(() => gatewayAt(NOW_SEC * 1000).constructEvent(payload, signedAt(offset))).toThrow();
  });

  it('refuses a future time even when the signature over it is right', () => {
    const header = signedAt(301);
    expect(signedTimestamp(header)).toBe(NOW_SEC + 301);
    // The same header is fine once our clock has caught up.
    expect(gatewayAt((NOW_SEC + 2) * 1000).constructEvent(payload, header).id).toBe('evt_unit');
  });

  it('reads the signed time as the SDK does: the last t item', () => {
    expect(signedTimestamp('t=100,v1=abc')).toBe(100);
    expect(signedTimestamp('t=100,v1=abc,t=200')).toBe(200);
    expect(signedTimestamp('v1=abc')).toBeNaN();
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
