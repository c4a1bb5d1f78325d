import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStripeRefundControls } from '../src/stripe-refund-sandbox';
import { webhookSignatureHeader } from '../src/stripe-wire';
import { formsOf, postForm } from './support/html-forms';
import { type SandboxApp, startSandboxApp } from './support/sandbox-app';
import { stripeSdk } from './support/stripe-sdk';

/**
 * Stripe Checkout and refunds of the sandbox through the real `stripe` SDK, and its webhooks checked by the SDK's
 * own verifier (stripe.webhooks.constructEvent), which is how a shop believes them.
 */
describe('Stripe sandbox: Checkout, webhooks and refunds', () => {
  let t: SandboxApp;
  let stripe: Stripe;
  let webhookSecret: string;

  beforeAll(async () => {
    t = await startSandboxApp();
    stripe = stripeSdk(`${t.url}/sandbox/stripe`, t.options.stripe?.secretKey ?? '');
    webhookSecret = t.options.stripe?.webhookSecret ?? '';
  });
  afterAll(async () => t.close());

  it("signs webhooks so that Stripe's own verifier accepts them, and only with the endpoint's secret", () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' });
    const header = webhookSignatureHeader(payload, webhookSecret);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(payload, header, webhookSecret).id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const old = webhookSignatureHeader(payload, webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    expect(() => stripe.webhooks.constructEvent(payload, old, webhookSecret)).toThrow(/timestamp/i);
  });

  async function openSession() {
    return stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'hkd', unit_amount: 3900, product_data: { name: '100 diamonds' } },
        },
      ],
      metadata: { order_num: 'EZRADAR' },
      success_url: `${t.url}/shop/done`,
      cancel_url: `${t.url}/shop/cancelled`,
    });
  }

  /** Presses Pay on the hosted page with `card` typed into its card field. */
  async function payWith(sessionUrl: string, card: string) {
    const pay = formsOf(await (await fetch(sessionUrl)).text()).find((f) => f.fields.action === 'pay');
    if (!pay) throw new Error('no Pay button');
    return postForm(new URL(pay.action, t.url).toString(), { ...pay.fields, card });
  }

  async function paidSession() {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'hkd', unit_amount: 3900, product_data: { name: '100 diamonds' } },
        },
      ],
      customer_email: 'buyer@example.com',
      metadata: { order_num: 'EZ1' },
      success_url: `${t.url}/shop/done?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.url}/shop/cancelled`,
    });
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 3900,
      currency: 'hkd',
    });
    const url = session.url ?? '';
    expect(url).toBe(`${t.url}/sandbox/stripe/pay/${session.id}`);
    const page = await (await fetch(url)).text();
    expect(page).toContain('HKD 39.00');
    const pay = formsOf(page).find((f) => f.fields.action === 'pay');
    if (!pay) throw new Error('no Pay button');
    t.shopPosts.length = 0;
    const res = await postForm(new URL(pay.action, t.url).toString(), pay.fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${t.url}/shop/done?session=${session.id}`);
    return session;
  }

  it('pays a session on the hosted page and delivers checkout.session.completed twice, signed', async () => {
    const session = await paidSession();
    expect(t.shopPosts).toHaveLength(2);
    for (const post of t.shopPosts) {
      expect(post.path).toBe('/shop/stripe/webhook');
      const event = stripe.webhooks.constructEvent(
        post.raw,
        String(post.headers['stripe-signature']),
        webhookSecret,
      );
      expect(event.type).toBe('checkout.session.completed');
      // Rendered in the API version the session was created with (the SDK's).
      expect(event.api_version).toBe(Stripe.API_VERSION);
      expect(event.data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });
    }
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(retrieved.payment_intent).toMatch(/^pi_/);
  });

  it("pays with Radar's test cards: the PaymentIntent's latest charge carries the outcome and the card", async () => {
    const levels: [string, string, number][] = [
      ['4242 4242 4242 4242', 'normal', 18],
      ['4000000000009235', 'elevated', 69],
      ['4000000000004954', 'highest', 88],
    ];
    const fingerprints: string[] = [];
    for (const [card, level, score] of levels) {
      const session = await openSession();
      expect((await payWith(session.url ?? '', card)).status).toBe(303);
      const paid = await stripe.checkout.sessions.retrieve(session.id);
      expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
      const intent = await stripe.paymentIntents.retrieve(String(paid.payment_intent), {
        expand: ['latest_charge'],
      });
      expect(intent).toMatchObject({
        object: 'payment_intent',
        status: 'succeeded',
        amount: 3900,
        currency: 'hkd',
      });
      const charge = intent.latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({
        object: 'charge',
        paid: true,
        status: 'succeeded',
        payment_intent: intent.id,
        outcome: {
          type: 'authorized',
          network_status: 'approved_by_network',
          risk_level: level,
          risk_score: score,
        },
        payment_method_details: {
          type: 'card',
          card: { country: 'US', last4: card.slice(-4), brand: 'visa' },
        },
      });
      fingerprints.push(charge.payment_method_details?.card?.fingerprint ?? '');
      // Not expanded: the id, as Stripe answers it; the charge is retrievable by it.
      const plain = await stripe.paymentIntents.retrieve(intent.id);
      expect(plain.latest_charge).toBe(charge.id);
      expect((await stripe.charges.retrieve(charge.id)).outcome?.risk_level).toBe(level);
    }
    // One fingerprint per card number, the same each time it pays.
    expect(new Set(fingerprints).size).toBe(3);
    const again = await openSession();
    await payWith(again.url ?? '', '4242424242424242');
    const intent = await stripe.paymentIntents.retrieve(
      String((await stripe.checkout.sessions.retrieve(again.id)).payment_intent),
      { expand: ['latest_charge'] },
    );
    expect((intent.latest_charge as Stripe.Charge).payment_method_details?.card?.fingerprint).toBe(
      fingerprints[0],
    );
    expect(await stripe.paymentIntents.retrieve('pi_nope').catch((e: unknown) => e)).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    expect(
      await stripe.paymentIntents.retrieve(intent.id, { expand: ['customer'] }).catch((e: unknown) => e),
    ).toMatchObject({ statusCode: 400 });
  });

  it("declines Radar's always-blocked card and the generic decline card: the session stays open, payment_intent.payment_failed is sent", async () => {
    const session = await openSession();
    t.shopPosts.length = 0;
    const blocked = await payWith(session.url ?? '', '4100000000000019');
    expect(blocked.status).toBe(402);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
    });
    expect(t.shopPosts.length).toBeGreaterThanOrEqual(1);
    const failed = stripe.webhooks.constructEvent(
      t.shopPosts[0]?.raw ?? '',
      String(t.shopPosts[0]?.headers['stripe-signature']),
      webhookSecret,
    );
    expect(failed.type).toBe('payment_intent.payment_failed');
    const pi = failed.data.object as Stripe.PaymentIntent;
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      metadata: { order_num: 'EZRADAR' },
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'fraudulent',
        payment_method: { card: { last4: '0019' } },
      },
    });
    const retrieved = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect(retrieved.latest_charge).toMatchObject({
      paid: false,
      outcome: {
        type: 'blocked',
        reason: 'highest_risk_level',
        risk_level: 'highest',
        network_status: 'not_sent_to_network',
      },
    });
    expect((await payWith(session.url ?? '', '4000000000000002')).status).toBe(402);
    const declined = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect(declined.id).toBe(pi.id);
    expect(declined.latest_charge).toMatchObject({
      outcome: { type: 'issuer_declined', network_status: 'declined_by_network' },
    });
    // Another card then pays the same session, on the same PaymentIntent.
    expect((await payWith(session.url ?? '', '4242424242424242')).status).toBe(303);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBe(pi.id);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
    expect((await payWith((await openSession()).url ?? '', 'not a card')).status).toBe(400);
  });

  it('refunds what was paid, no more, and honours the controls', async () => {
    const session = await stripe.checkout.sessions.retrieve((await paidSession()).id);
    const pi = String(session.payment_intent);
    const first = await stripe.refunds.create(
      { payment_intent: pi, amount: 900 },
      { idempotencyKey: 'refund-a' },
    );
    expect(first).toMatchObject({ object: 'refund', amount: 900, currency: 'hkd', status: 'succeeded' });
    expect(
      (await stripe.refunds.create({ payment_intent: pi, amount: 900 }, { idempotencyKey: 'refund-a' })).id,
    ).toBe(first.id);
    const tooMuch = await stripe.refunds
      .create({ payment_intent: pi, amount: 3001 })
      .catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large' });

    await setStripeRefundControls(t.store, { mode: 'pending' });
    const pending = await stripe.refunds.create({ payment_intent: pi });
    expect(pending).toMatchObject({ amount: 3000, status: 'pending' });
    expect((await stripe.refunds.retrieve(pending.id)).status).toBe('succeeded');
    const none = await stripe.refunds.create({ payment_intent: pi }).catch((e: unknown) => e);
    expect(none).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    await setStripeRefundControls(t.store, {});
  });

  it('counts each currency in Stripe’s unit: shows ¥500 as JPY 500, refuses KWD not ending in 0 and ISK not whole', async () => {
    const create = (currency: string, unit_amount: number) =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency, unit_amount, product_data: { name: 'x' } } }],
        success_url: `${t.url}/shop/done`,
      });
    const yen = await create('jpy', 500);
    expect(await (await fetch(yen.url ?? '')).text()).toContain('JPY 500<');
    const dinar = await create('kwd', 1250);
    expect(await (await fetch(dinar.url ?? '')).text()).toContain('KWD 1.250<');
    expect(await create('kwd', 1255).catch((e: unknown) => e)).toMatchObject({
      statusCode: 400,
      code: 'invalid_charge_amount',
    });
    expect(await create('isk', 550).catch((e: unknown) => e)).toMatchObject({ statusCode: 400 });
    expect((await create('isk', 500)).amount_total).toBe(500);
  });

  it('offers the methods allowed for the currency, as Stripe Checkout filters them, and asks WeChat Pay for its client', async () => {
    const create = (currency: string, extra: Record<string, unknown>) =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency, unit_amount: 3900, product_data: { name: '100 diamonds' } },
          },
        ],
        success_url: `${t.url}/shop/done`,
        ...extra,
      });
    const all = await create('hkd', {});
    // Dynamic methods: WeChat Pay needs its client, so it is left out without one.
    expect(all.payment_method_types).toEqual(['card', 'alipay']);
    const alipay = await create('hkd', { allowed_payment_method_types: ['alipay'] });
    expect(alipay.payment_method_types).toEqual(['alipay']);
    expect(await (await fetch(alipay.url ?? '')).text()).toContain('Alipay / 支付宝');
    const wechat = await create('jpy', {
      allowed_payment_method_types: ['wechat_pay'],
      payment_method_options: { wechat_pay: { client: 'web' } },
    });
    expect(wechat.payment_method_types).toEqual(['wechat_pay']);
    expect(wechat.payment_method_options).toMatchObject({ wechat_pay: { client: 'web' } });

    const refused = async (currency: string, extra: Record<string, unknown>) => {
      const err = await create(currency, extra).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      return (err as Stripe.errors.StripeInvalidRequestError).param;
    };
    expect(await refused('hkd', { allowed_payment_method_types: ['wechat_pay'] })).toBe(
      'payment_method_options[wechat_pay][client]',
    );
    expect(await refused('thb', { allowed_payment_method_types: ['alipay'] })).toBe(
      'allowed_payment_method_types',
    );
    expect(await refused('hkd', { allowed_payment_method_types: ['ideal'] })).toBe(
      'allowed_payment_method_types',
    );
    expect(await refused('hkd', { payment_method_types: ['card'] })).toBe('payment_method_types');
  });

  it('expires an open session and answers resource_missing for an unknown one', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } },
      ],
      success_url: `${t.url}/shop/done`,
    });
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired');
    const missing = await stripe.checkout.sessions.retrieve('cs_test_nosuch').catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});
