import { ORDER_STATUS } from '@ezrecharge/shared';
import { and, asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, paymentNotifications, sandboxRecords } from '../src/db/schema';
import { type GatewaySettings, gatewaySettings } from '../src/gateways/gateway-settings';
import type { OrderForPayment } from '../src/gateways/payment-provider';
import { createStripePayments } from '../src/gateways/stripe/stripe-payments';
import type { StripeClient } from '../src/gateways/stripe/stripe-types';
import { insertOrder } from './support/orders';
import { startTestApp, type TestApp } from './support/test-app';

const SECRET = 'payments-stripe-test-secret-0123456789abcdef';

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe('Stripe payments', () => {
  let t: TestApp;
  let url: string;
  let settings: GatewaySettings;
  let stripe: StripeClient;
  let eventCounter = 0;
  const logLines: string[] = [];

  const db = () => t.app.database.db;

  /** An order awaiting Stripe payment of HKD 50.00. */
  const stripeOrder = (extra: { status?: number; gatewayRef?: string } = {}) =>
    insertOrder(t.app, {
      productId: null,
      priceId: null,
      currency: 'HKD',
      unitAmount: 5000,
      status: extra.status ?? ORDER_STATUS.PENDING_PAYMENT,
      gateway: 'stripe',
      gatewayRef: extra.gatewayRef ?? null,
    });

  const forPayment = (orderNum: string, lang: 'en' | 'zh' = 'en'): OrderForPayment => ({
    orderNum,
    amount: 5000,
    currency: 'HKD',
    email: 'buyer@example.com',
    gameId: 'bigo_42',
    amountGame: 1000,
    productName: 'Diamonds',
    lang,
    registered: false,
  });

  const urlsFor = (orderNum: string) => ({
    successUrl: `${url}/home-order?order_num=${orderNum}&success=true`,
    cancelUrl: `${url}/api/v1/payment/stripe/cancel?order_num=${orderNum}`,
  });
  const inAnHour = () => new Date(Date.now() + 3600_000);

  /** An order with an open sandbox Checkout Session stored as its gateway_ref, as the orders module leaves it. */
  const orderWithSession = async () => {
    const order = await stripeOrder();
    const checkout = await stripe.createCheckout(
      forPayment(order.orderNum),
      urlsFor(order.orderNum),
      inAnHour(),
    );
    await db().update(orders).set({ gatewayRef: checkout.id }).where(eq(orders.id, order.id));
    return { ...order, checkout };
  };

  const session = (orderNum: string, over: Record<string, unknown> = {}) => ({
    id: `cs_test_${orderNum}`,
    object: 'checkout.session',
    amount_total: 5000,
    currency: 'hkd',
    client_reference_id: orderNum,
    metadata: { order_num: orderNum },
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    ...over,
  });

  const event = (type: string, object: Record<string, unknown>, id = `evt_test_${++eventCounter}`) =>
    JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });

  const deliver = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== undefined
          ? { 'stripe-signature': signature }
          : {
              'stripe-signature': Stripe.webhooks.generateTestHeaderString({
                payload,
                secret: settings.stripe.webhookSecret,
              }),
            }),
      },
    });

  const rowOf = async (orderNum: string) => {
    const [row] = await db().select().from(orders).where(eq(orders.orderNum, orderNum));
    if (!row) throw new Error(`order ${orderNum} missing`);
    return row;
  };
  const eventsOf = (orderId: number) =>
    db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  const notificationsOf = (orderNum: string) =>
    db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNum, orderNum))
      .orderBy(asc(paymentNotifications.id));
  const cancel = (orderNum: string, ip = freshIp()) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/stripe/cancel?order_num=${encodeURIComponent(orderNum)}`,
      remoteAddress: ip,
    });

  beforeAll(async () => {
    t = await startTestApp(
      { APP_SECRET: SECRET },
      { listen: true, logStream: { write: (line) => logLines.push(line) } },
    );
    url = t.url ?? '';
    settings = gatewaySettings(t.config, SECRET);
    stripe = createStripePayments(settings.stripe, t.app.log);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('webhook', () => {
    it('refuses a bad or missing signature with 400 and keeps the delivery as unverified', async () => {
      const order = await stripeOrder();
      const payload = event('checkout.session.completed', session(order.orderNum));
      const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
      const res = await deliver(payload, forged);
      expect(res.statusCode).toBe(400);
      expect((await deliver(payload, '')).statusCode).toBe(400);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      const stored = await db()
        .select()
        .from(paymentNotifications)
        .where(
          and(eq(paymentNotifications.gateway, 'stripe'), eq(paymentNotifications.channel, 'unverified')),
        );
      expect(stored.length).toBeGreaterThanOrEqual(2);
      expect(stored.every((n) => !n.verified && n.outcome === 'bad_signature')).toBe(true);
      expect(JSON.stringify(stored[0]?.payload)).toContain(order.orderNum);
    });

    it('refuses an event signed too long ago (replay)', async () => {
      const order = await stripeOrder();
      const payload = event('checkout.session.completed', session(order.orderNum));
      const old = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: settings.stripe.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      });
      expect((await deliver(payload, old)).statusCode).toBe(400);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(3);
    });

    it('refuses an event signed too far ahead of our clock, as it refuses a bad signature', async () => {
      const order = await stripeOrder();
      const payload = event('checkout.session.completed', session(order.orderNum));
      const ahead = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: settings.stripe.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) + 600,
      });
      const res = await deliver(payload, ahead);
      expect(res.statusCode).toBe(400);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      const stored = await db()
        .select()
        .from(paymentNotifications)
        .where(
          and(eq(paymentNotifications.gateway, 'stripe'), eq(paymentNotifications.channel, 'unverified')),
        );
      expect(
        stored.some((n) => n.outcome === 'bad_signature' && JSON.stringify(n.payload).includes(ahead)),
      ).toBe(true);
      // Signed now, the same event is believed.
      expect((await deliver(payload)).statusCode).toBe(200);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    });

    it('completes the order on checkout.session.completed, and a repeated event id changes nothing', async () => {
      const order = await stripeOrder();
      const payload = event('checkout.session.completed', session(order.orderNum));
      const first = await deliver(payload);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true });
      expect((await deliver(payload)).statusCode).toBe(200);

      const row = await rowOf(order.orderNum);
      expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(row.gatewayRef).toBe(`cs_test_${order.orderNum}`);
      const moves = (await eventsOf(order.id)).filter((e) => e.toStatus === 7 && e.fromStatus !== 7);
      expect(moves).toHaveLength(1);
      expect(moves[0]).toMatchObject({ fromStatus: 3, cause: 'stripe checkout.session.completed' });
      expect((await notificationsOf(order.orderNum)).map((n) => [n.channel, n.outcome])).toEqual([
        ['checkout.session.completed', 'moved'],
        ['checkout.session.completed', 'duplicate'],
      ]);
    });

    it('handles two simultaneous deliveries of one event once', async () => {
      const order = await stripeOrder({ status: ORDER_STATUS.PAYMENT_TIMEOUT });
      const payload = event('checkout.session.completed', session(order.orderNum));
      const answers = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(7);
      const outcomes = (await notificationsOf(order.orderNum)).map((n) => n.outcome).sort();
      expect(outcomes).toEqual(['duplicate', 'duplicate', 'moved']);
    });

    it('waits for the money of a delayed payment method (completed but unpaid, then async success)', async () => {
      const order = await stripeOrder();
      await deliver(
        event('checkout.session.completed', session(order.orderNum, { payment_status: 'unpaid' })),
      );
      expect((await rowOf(order.orderNum)).orderStatus).toBe(3);
      await deliver(event('checkout.session.async_payment_succeeded', session(order.orderNum)));
      expect((await rowOf(order.orderNum)).orderStatus).toBe(7);
      expect((await notificationsOf(order.orderNum)).map((n) => n.outcome)).toEqual(['pending', 'moved']);
    });

    it('times the order out on checkout.session.expired of its current session', async () => {
      const order = await stripeOrder({ gatewayRef: 'cs_test_current' });
      await deliver(
        event(
          'checkout.session.expired',
          session(order.orderNum, { id: 'cs_test_older', status: 'expired', payment_status: 'unpaid' }),
        ),
      );
      expect((await rowOf(order.orderNum)).orderStatus).toBe(3);
      await deliver(
        event(
          'checkout.session.expired',
          session(order.orderNum, { id: 'cs_test_current', status: 'expired', payment_status: 'unpaid' }),
        ),
      );
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_TIMEOUT);
      expect((await notificationsOf(order.orderNum)).map((n) => n.outcome)).toEqual([
        'stale_session',
        'moved',
      ]);
    });

    it('fails the order on checkout.session.async_payment_failed', async () => {
      const order = await stripeOrder();
      await deliver(
        event('checkout.session.async_payment_failed', session(order.orderNum, { payment_status: 'unpaid' })),
      );
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_FAILED);
    });

    it('holds a payment for another amount', async () => {
      const order = await stripeOrder();
      await deliver(event('checkout.session.completed', session(order.orderNum, { amount_total: 100 })));
      const row = await rowOf(order.orderNum);
      expect(row.orderStatus).toBe(3);
      expect(row.paymentHeld).toBe(true);
    });

    it('compares the amount in ISO minor units: ISK 500 from Stripe is the 5 krónur of the order', async () => {
      const order = await insertOrder(t.app, {
        productId: null,
        priceId: null,
        currency: 'ISK',
        unitAmount: 5,
        status: ORDER_STATUS.PENDING_PAYMENT,
        gateway: 'stripe',
      });
      await deliver(
        event('checkout.session.completed', session(order.orderNum, { amount_total: 500, currency: 'isk' })),
      );
      const row = await rowOf(order.orderNum);
      expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(row.paymentHeld).toBe(false);

      // 5.50 krónur is no amount Stripe charges in ISK, so it matches no order: held.
      const odd = await insertOrder(t.app, {
        productId: null,
        priceId: null,
        currency: 'ISK',
        unitAmount: 5,
        status: ORDER_STATUS.PENDING_PAYMENT,
        gateway: 'stripe',
      });
      await deliver(
        event('checkout.session.completed', session(odd.orderNum, { amount_total: 550, currency: 'isk' })),
      );
      expect(await rowOf(odd.orderNum)).toMatchObject({ orderStatus: 3, paymentHeld: true });
    });

    it('answers a signed event without the shape of its type with 400, never 500, and logs it once', async () => {
      const order = await stripeOrder();
      const evt = (fields: Record<string, unknown>) =>
        JSON.stringify({ id: `evt_bad_${++eventCounter}`, object: 'event', created: 1, ...fields });
      const completed = session(order.orderNum, { amount_total: 5000, currency: 'hkd' });
      const bodies = [
        '[]',
        '{}',
        '"checkout.session.completed"',
        'null',
        evt({ type: 42, data: { object: completed } }),
        evt({ type: ['checkout.session.completed'], data: { object: completed } }),
        evt({ type: 'checkout.session.completed' }),
        evt({ type: 'checkout.session.completed', data: null }),
        evt({ type: 'checkout.session.completed', data: { object: { ...completed, currency: 344 } } }),
        evt({ type: 'checkout.session.completed', data: { object: { ...completed, amount_total: '5000' } } }),
        evt({ type: 'checkout.session.completed', data: { object: { ...completed, id: null } } }),
        evt({ type: 'checkout.session.completed', data: { object: { ...completed, object: 'charge' } } }),
        evt({ type: 'checkout.session.expired', data: { object: 'gone' } }),
        evt({
          type: 'checkout.session.completed',
          data: { object: { ...completed, metadata: { order_num: 7 } } },
        }),
        JSON.stringify({ type: 'checkout.session.completed', data: { object: completed } }),
      ];
      const logged = () => logLines.filter((line) => line.includes('without the shape of its type')).length;
      const before = logged();
      for (const payload of bodies) {
        const res = await deliver(payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.json(), payload).toMatchObject({
          message: 'The event does not have the shape of its type',
        });
      }
      expect(logged() - before).toBe(bodies.length);
      // Stripe delivers them again: answered the same, not logged again.
      for (const payload of bodies.slice(0, 5)) expect((await deliver(payload)).statusCode).toBe(400);
      expect(logged() - before).toBe(bodies.length);
      expect(await rowOf(order.orderNum)).toMatchObject({ orderStatus: 3, paymentHeld: false });
      const stored = await db()
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.outcome, 'malformed'));
      expect(stored.length).toBeGreaterThanOrEqual(bodies.length);
      expect(stored.every((n) => n.verified)).toBe(true);
      // An unknown type with an unusual shape is still acknowledged and ignored.
      const unknown = await deliver(evt({ type: 'radar.early_fraud_warning.created', data: { object: 3 } }));
      expect(unknown.statusCode).toBe(200);
    });

    it('answers 200 to event types it does not handle', async () => {
      const res = await deliver(event('payment_intent.created', { id: 'pi_1', object: 'payment_intent' }));
      expect(res.statusCode).toBe(200);
      const [stored] = await db()
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.channel, 'payment_intent.created'));
      expect(stored).toMatchObject({ verified: true, outcome: 'ignored' });
    });
  });

  describe('built-in Stripe through the SDK', () => {
    it('creates, retrieves and expires Checkout Sessions as Stripe does', async () => {
      const order = await stripeOrder();
      const urls = urlsFor(order.orderNum);
      const expiresAt = inAnHour();
      const checkout = await stripe.createCheckout(forPayment(order.orderNum, 'zh'), urls, expiresAt);
      expect(checkout.id).toMatch(/^cs_test_/);
      expect(checkout.url).toBe(`${url}/sandbox/stripe/pay/${checkout.id}`);
      // The same attempt (same order, same deadline) is the same session.
      expect((await stripe.createCheckout(forPayment(order.orderNum, 'zh'), urls, expiresAt)).id).toBe(
        checkout.id,
      );

      const [record] = await db()
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, 'stripe_session'), eq(sandboxRecords.key, checkout.id)));
      expect(record?.data).toMatchObject({
        productName: '1000 BIGO LIVE diamonds',
        session: {
          amount_total: 5000,
          currency: 'hkd',
          customer_email: 'buyer@example.com',
          client_reference_id: order.orderNum,
          metadata: { order_num: order.orderNum },
          locale: 'zh',
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
        },
      });

      expect(await stripe.retrieveCheckout(checkout.id)).toEqual({ state: 'pending', ref: checkout.id });
      expect(await stripe.expireCheckout(checkout.id)).toBe(true);
      expect(await stripe.retrieveCheckout(checkout.id)).toMatchObject({
        state: 'failed',
        reason: 'expired',
      });
      expect(await stripe.expireCheckout(checkout.id)).toBe(false);
      expect(await stripe.retrieveCheckout('cs_test_nope')).toMatchObject({ state: 'unknown' });
    });

    it('reports an open session past its expires_at as expired', async () => {
      const { checkout } = await orderWithSession();
      const [record] = await db()
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, 'stripe_session'), eq(sandboxRecords.key, checkout.id)));
      const data = record?.data as { session: Record<string, unknown> };
      await db()
        .update(sandboxRecords)
        .set({
          data: { ...data, session: { ...data.session, expires_at: Math.floor(Date.now() / 1000) - 5 } },
        })
        .where(eq(sandboxRecords.id, record?.id ?? 0));
      expect(await stripe.retrieveCheckout(checkout.id)).toMatchObject({
        state: 'failed',
        reason: 'expired',
      });
    });

    it('refuses API calls without the sandbox secret key', async () => {
      const res = await fetch(`${url}/sandbox/stripe/v1/checkout/sessions/cs_test_x`, {
        headers: { authorization: 'Bearer sk_test_wrong' },
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
      const wrongKey = createStripePayments({ ...settings.stripe, secretKey: 'sk_test_other' }, t.app.log);
      const order = await stripeOrder();
      await expect(
        wrongKey.createCheckout(forPayment(order.orderNum), urlsFor(order.orderNum), inAnHour()),
      ).rejects.toMatchObject({ code: 'service_unavailable' });
    });

    it('pays on the hosted page: signed webhook twice, order completed once, buyer sent to success_url', async () => {
      const order = await orderWithSession();
      const pageRes = await fetch(order.checkout.url);
      expect(pageRes.status).toBe(200);
      const page = await pageRes.text();
      expect(page).toContain('HKD 50.00');
      expect(page).toContain('1000 BIGO LIVE diamonds');
      expect(page).not.toMatch(/<script/);
      const action = /<form method="post" action="([^"]+)">(.*?)<\/form>/.exec(page);
      const fields = Object.fromEntries(
        [...(action?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      expect(fields.action).toBe('pay');

      const res = await fetch(new URL(action?.[1] ?? '', url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(urlsFor(order.orderNum).successUrl);

      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect((await eventsOf(order.id)).filter((e) => e.toStatus === 7 && e.fromStatus !== 7)).toHaveLength(
        1,
      );
      expect((await notificationsOf(order.orderNum)).map((n) => [n.channel, n.verified, n.outcome])).toEqual([
        ['checkout.session.completed', true, 'moved'],
        ['checkout.session.completed', true, 'duplicate'],
      ]);
      expect(await stripe.retrieveCheckout(order.checkout.id)).toMatchObject({
        state: 'paid',
        amount: 5000,
        currency: 'HKD',
      });

      // A forged action (signature of another session) is refused.
      const forged = await fetch(new URL(action?.[1] ?? '', url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'pay', sig: 'a'.repeat(64) }).toString(),
        redirect: 'manual',
      });
      expect(forged.status).toBe(400);
    });

    it('the page’s Cancel sends the buyer to cancel_url', async () => {
      const order = await orderWithSession();
      const page = await (await fetch(order.checkout.url)).text();
      const forms = [...page.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/g)];
      const cancelForm = forms.find((f) => (f[2] ?? '').includes('value="cancel"'));
      const fields = Object.fromEntries(
        [...(cancelForm?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      const res = await fetch(new URL(cancelForm?.[1] ?? '', url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(urlsFor(order.orderNum).cancelUrl);
    });
  });

  describe('cancel return', () => {
    it('expires the open session and cancels the order (4)', async () => {
      const order = await orderWithSession();
      const res = await cancel(order.orderNum);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/home-order?order_num=${order.orderNum}&success=false`);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_CANCELLED);
      expect((await eventsOf(order.id)).at(-1)).toMatchObject({ fromStatus: 3, toStatus: 4, actor: 'buyer' });
      expect(await stripe.retrieveCheckout(order.checkout.id)).toMatchObject({
        state: 'failed',
        reason: 'expired',
      });
      // The page can no longer be paid.
      expect((await fetch(order.checkout.url)).status).toBe(409);
      // Coming back again changes nothing.
      expect((await cancel(order.orderNum)).headers.location).toBe(
        `/home-order?order_num=${order.orderNum}&success=false`,
      );
      expect((await eventsOf(order.id)).filter((e) => e.toStatus === 4)).toHaveLength(1);
    });

    it('counts a session that was paid meanwhile as paid', async () => {
      const order = await orderWithSession();
      // Paid at Stripe, webhook not here yet.
      const [record] = await db()
        .select()
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, 'stripe_session'), eq(sandboxRecords.key, order.checkout.id)));
      const data = record?.data as { session: Record<string, unknown> };
      await db()
        .update(sandboxRecords)
        .set({ data: { ...data, session: { ...data.session, status: 'complete', payment_status: 'paid' } } })
        .where(eq(sandboxRecords.id, record?.id ?? 0));

      const res = await cancel(order.orderNum);
      expect(res.headers.location).toBe(`/home-order?order_num=${order.orderNum}&success=true`);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    });

    it('never reflects something that is not an order number, and is rate-limited per address', async () => {
      expect((await cancel('<x>')).headers.location).toBe('/home-order');
      const ip = freshIp();
      for (let i = 0; i < 20; i++) expect((await cancel('nope', ip)).statusCode).toBe(303);
      const limited = await cancel('nope', ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('leaves an order of the other gateway alone', async () => {
      const order = await insertOrder(t.app, { productId: null, priceId: null, status: 3, gateway: 'fiuu' });
      const res = await cancel(order.orderNum);
      expect(res.headers.location).toBe(`/home-order?order_num=${order.orderNum}&success=false`);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(3);
    });
  });
});
