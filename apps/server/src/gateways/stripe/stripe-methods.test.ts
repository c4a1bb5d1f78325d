import { describe, expect, it } from 'vitest';
import { sessionMethodParams, stripeChannelsFor } from './stripe-methods';

describe('Stripe methods chosen on our page (issue #30)', () => {
  it('offers each Stripe currency the methods Stripe presents it in, narrowed by STRIPE_METHODS', () => {
    expect(stripeChannelsFor('HKD').map((c) => c.code)).toEqual(['card', 'alipay', 'wechat_pay']);
    expect(stripeChannelsFor('JPY').map((c) => c.code)).toEqual(['card', 'alipay', 'wechat_pay']);
    // Neither Alipay nor WeChat Pay presents THB, KRW, IDR, PHP or JOD.
    for (const currency of ['THB', 'KRW', 'IDR', 'PHP', 'JOD']) {
      expect(stripeChannelsFor(currency).map((c) => c.code)).toEqual(['card']);
    }
    expect(stripeChannelsFor('HKD', ['card', 'WECHAT_PAY']).map((c) => c.code)).toEqual([
      'card',
      'wechat_pay',
    ]);
    expect(stripeChannelsFor('HKD', [])).toEqual([]);
  });

  it('limits the Checkout Session to the chosen method, with what it needs, and keeps 3-D Secure for cards', () => {
    expect(sessionMethodParams({})).toEqual({});
    expect(sessionMethodParams({ channel: 'alipay' })).toEqual({ allowed_payment_method_types: ['alipay'] });
    expect(sessionMethodParams({ channel: 'wechat_pay', threeDSecure: true })).toEqual({
      allowed_payment_method_types: ['wechat_pay'],
      payment_method_options: { card: { request_three_d_secure: 'any' }, wechat_pay: { client: 'web' } },
    });
    expect(sessionMethodParams({ channel: null, threeDSecure: true })).toEqual({
      payment_method_options: { card: { request_three_d_secure: 'any' } },
    });
    // A code the adapter does not know (a Fiuu one) asks for nothing: the commit refused it before.
    expect(sessionMethodParams({ channel: 'FPX_MB2U' })).toEqual({});
  });
});
