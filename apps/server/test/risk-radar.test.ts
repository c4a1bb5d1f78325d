import { ORDER_STATUS } from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, riskHolds } from '../src/db/schema';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { createStripeProvider } from '../src/gateways/stripe/stripe-provider';
import { bearer } from './support/auth';
import {
  commitOrder,
  eventsOf,
  handoffOf,
  orderRow,
  payloadFor,
  publicPack,
  publicPacks,
} from './support/order-commit';
import { formsOf } from './support/sandbox-pages';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Issue #29: Stripe Radar at the arrival of a Stripe payment, through the real HTTP stack and the built-in Stripe:
 * the buyer pays on the hosted page with one of Stripe's Radar test cards, the sandbox's webhook reaches the shop,
 * the shop retrieves the PaymentIntent with its latest charge, and the risk rules decide: `elevated` → held for
 * review, `highest` → refunded at once and never delivered, `normal` → delivered; a PaymentIntent that cannot be
 * read never loses the payment (paid and decided without Radar, the history says so).
 */

const SECRET = 'risk-radar-test-secret-0123456789abcdef';

type Json = Record<string, unknown>;

describe('risk controls: Stripe Radar', () => {
  let t: TestApp;
  let url: string;
  let n = 0;
  const db = () => t.app.database.db;
  const unique = (prefix: string) => `${prefix}${++n}${Date.now().toString(36)}`;

  /** An HKD order (Stripe) handed off to the sandbox's Checkout; its number and the session's page. */
  const stripeOrder = async (bigoId: string, cookie?: string) => {
    const handoff = handoffOf(await stripeCommit(bigoId, cookie));
    if (handoff.method !== 'redirect') throw new Error('expected a Stripe redirect');
    return { orderNum: handoff.order_num, page: handoff.payment_url };
  };
  const stripeCommit = async (bigoId: string, cookie?: string) => {
    const pack = await publicPack(t.app, 'HKD', 1000);
    return commitOrder(t.app, payloadFor(pack, 1, { game_id: bigoId }), {
      email: `${bigoId}@example.com`,
      ...(cookie ? { cookie } : {}),
    });
  };
  /** Presses Pay on the sandbox's Checkout page with `card`. */
  const payWith = async (page: string, card: string) => {
    const pay = formsOf(await (await fetch(page)).text()).find((f) => f.fields.action === 'pay');
    if (!pay) throw new Error('no Pay form on the sandbox page');
    return fetch(new URL(pay.action, url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...pay.fields, card }).toString(),
      redirect: 'manual',
    });
  };
  /**
   * Stripe's signed payment_intent.payment_failed for the order: a card of `fingerprint` declined. `repeat` sends
   * the event of an earlier call again (same event id and charge).
   */
  const sentDeclines = new Map<string, string>();
  const declineReported = async (orderNum: string, fingerprint: string, repeat?: 'again') => {
    const key = `${orderNum}:${fingerprint}`;
    const payload =
      (repeat ? sentDeclines.get(key) : undefined) ??
      JSON.stringify({
        id: `evt_${unique('pf')}`,
        object: 'event',
        type: 'payment_intent.payment_failed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `pi_${unique('pf')}`,
            object: 'payment_intent',
            status: 'requires_payment_method',
            metadata: { order_num: orderNum },
            last_payment_error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              charge: `ch_${unique('pf')}`,
              payment_method: { id: 'pm_x', object: 'payment_method', card: { fingerprint, country: 'US' } },
            },
          },
        },
      });
    sentDeclines.set(key, payload);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: gatewaySettings(t.config, SECRET).stripe.webhookSecret,
        }),
      },
    });
  };
  const notesOf = async (orderNum: string) =>
    (await eventsOf(t.app, orderNum)).map((e) => (e.note as { key: string } | null)?.key);
  const paidEvent = async (orderNum: string) =>
    (await eventsOf(t.app, orderNum)).find(
      (e) => e.toStatus === ORDER_STATUS.PAYMENT_COMPLETED && e.fromStatus !== ORDER_STATUS.PAYMENT_COMPLETED,
    );
  const deliveryJobs = async (orderNum: string) =>
    (
      await db()
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, 'deliver-order'), eq(jobs.dedupeKey, `deliver:${orderNum}`)))
    ).length;
  const ledger = async (orderNum: string) =>
    Number(
      ((await (await fetch(`${url}/sandbox/bigo/ledger?bu_orderid=${orderNum}`)).json()) as Json).deliveries,
    );
  const holdOf = async (orderNum: string) => {
    const [hold] = await db()
      .select()
      .from(riskHolds)
      .where(eq(riskHolds.orderId, (await orderRow(t.app, orderNum)).id));
    return hold;
  };
  const runJobs = async () => {
    for (let i = 0; i < 4; i++) await t.app.jobs.runDue();
  };

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true });
    url = t.url ?? '';
    const admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { productId } = await publicPacks(t.app);
    // HKD 148 (SGD 25 equivalent): below every amount rule, so only Radar decides.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/price/create',
      headers: { authorization: admin },
      payload: { product_id: productId, game_amount: 1000, currency: 'HKD', unit_amount: 14_800 },
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('delivers a payment Radar rates normal, with the card fingerprint and country on the paid event', async () => {
    const { orderNum, page } = await stripeOrder(unique('radar_normal'));
    expect((await payWith(page, '4242424242424242')).status).toBe(303);
    expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect((await paidEvent(orderNum))?.detail).toMatchObject({
      payment_risk: { read: true, level: 'normal', score: 18, card_country: 'US' },
    });
    const detail = (await paidEvent(orderNum))?.detail as { payment_risk?: Json } | null | undefined;
    expect(detail?.payment_risk?.card_fingerprint).toMatch(/^[\w-]{16}$/);
    expect(await holdOf(orderNum)).toBeUndefined();
    expect(await deliveryJobs(orderNum)).toBe(1);
  });

  it('holds a payment Radar rates elevated (radar_elevated), with the score in its note, and delivers nothing', async () => {
    const { orderNum, page } = await stripeOrder(unique('radar_elevated'));
    expect((await payWith(page, '4000000000009235')).status).toBe(303);
    const row = await orderRow(t.app, orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect(await holdOf(orderNum)).toMatchObject({
      rule: 'radar_elevated',
      state: 'held',
      note: { key: 'risk_hold_radar_elevated', values: { score: 69 } },
    });
    expect(await notesOf(orderNum)).toContain('risk_hold_radar_elevated');
    expect((await paidEvent(orderNum))?.detail).toMatchObject({
      payment_risk: { read: true, level: 'elevated', score: 69 },
    });
    await runJobs();
    expect(await deliveryJobs(orderNum)).toBe(0);
    expect(await ledger(orderNum)).toBe(0);
    expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
  });

  it('refunds at once a payment Radar rates highest (radar_highest): 7 → 11 → refunded, never delivered', async () => {
    const { orderNum, page } = await stripeOrder(unique('radar_highest'));
    expect((await payWith(page, '4000000000004954')).status).toBe(303);
    expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDING);
    const refused = (await eventsOf(t.app, orderNum)).find(
      (e) => e.fromStatus === ORDER_STATUS.PAYMENT_COMPLETED && e.toStatus === ORDER_STATUS.REFUNDING,
    );
    expect(refused).toMatchObject({
      actor: 'system',
      note: { key: 'risk_radar_refused', values: { score: 88 } },
      detail: { risk: 'refuse', rule: 'radar_highest', level: 'highest', score: 88, card_country: 'US' },
    });
    expect(await holdOf(orderNum)).toMatchObject({ rule: 'radar_highest', state: 'refused' });
    expect(await deliveryJobs(orderNum)).toBe(0);
    await runJobs();
    const after = await orderRow(t.app, orderNum);
    expect(after.orderStatus, after.failureReason ?? '').toBe(ORDER_STATUS.REFUNDED);
    expect(after.refundRef).toMatch(/^re_/);
    expect(await ledger(orderNum)).toBe(0);
    // The delivery sweep leaves it alone too.
    await db().update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, 'delivery-sweep'));
    await runJobs();
    expect(await deliveryJobs(orderNum)).toBe(0);
    expect(await ledger(orderNum)).toBe(0);
  });

  it('never pays a card Radar blocks: the session stays open and the order keeps waiting', async () => {
    const { orderNum, page } = await stripeOrder(unique('radar_blocked'));
    expect((await payWith(page, '4100000000000019')).status).toBe(402);
    expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
    // The buyer tries an honest card next: paid and delivered.
    expect((await payWith(page, '4242424242424242')).status).toBe(303);
    expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect(await deliveryJobs(orderNum)).toBe(1);
  });

  it('pays and decides without Radar when the PaymentIntent cannot be read, and says so in the history', async () => {
    const { orderNum } = await stripeOrder(unique('radar_unread'));
    const row = await orderRow(t.app, orderNum);
    const { webhookSecret } = gatewaySettings(t.config, SECRET).stripe;
    const payload = JSON.stringify({
      id: `evt_${unique('unread')}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: row.gatewayRef,
          object: 'checkout.session',
          amount_total: 14_800,
          currency: 'hkd',
          client_reference_id: orderNum,
          metadata: { order_num: orderNum },
          payment_status: 'paid',
          status: 'complete',
          payment_intent: 'pi_unknown_to_stripe',
        },
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect((await paidEvent(orderNum))?.detail).toMatchObject({
      payment_risk: { read: false, reason: 'Stripe did not answer the PaymentIntent retrieve' },
    });
    expect(await notesOf(orderNum)).toContain('risk_radar_unread');
    expect(await deliveryJobs(orderNum)).toBe(1);
  });

  it("answers a status query of a paid session with Radar's verdict (the deadline's and the buyer's return path)", async () => {
    const { orderNum, page } = await stripeOrder(unique('radar_status'));
    await payWith(page, '4000000000009235');
    const row = await orderRow(t.app, orderNum);
    const provider = createStripeProvider(gatewaySettings(t.config, SECRET).stripe, url, t.app.log);
    const status = await provider.queryStatus({
      orderNum,
      amount: row.amount,
      currency: 'HKD',
      email: row.email,
      gameId: row.gameId,
      amountGame: 1000,
      productName: 'x',
      lang: 'en',
      registered: false,
      ref: row.gatewayRef,
      checkoutUrl: null,
    });
    expect(status).toMatchObject({
      state: 'paid',
      riskRef: expect.stringMatching(/^pi_/),
      risk: { read: true, level: 'elevated', score: 69, cardCountry: 'US' },
    });
  });

  describe('card testing keys', () => {
    it('gives the storefront a first-party browser id cookie at the first commit and keeps it on the order', async () => {
      const res = await stripeCommit(unique('cookie'));
      expect(res.statusCode, res.body).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(
        /^ezr_bid=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
      );
      const cookie = setCookie.split(';')[0] ?? '';
      const orderNum = (res.json() as { data: { order_num: string } }).data.order_num;
      expect((await orderRow(t.app, orderNum)).browserId).toBe(cookie.slice('ezr_bid='.length));
      // A browser that has one keeps it: no new cookie.
      const again = await stripeCommit(unique('cookie'), cookie);
      expect(again.headers['set-cookie']).toBeUndefined();
      const second = (again.json() as { data: { order_num: string } }).data.order_num;
      expect((await orderRow(t.app, second)).browserId).toBe(cookie.slice('ezr_bid='.length));
      // Something that is not an id we set is replaced.
      expect(
        String((await stripeCommit(unique('cookie'), 'ezr_bid=<script>')).headers['set-cookie']),
      ).toMatch(/^ezr_bid=[A-Za-z0-9_-]{22};/);
    });

    it('refuses the sixth order of one browser after five declined cards with 429 (other keys all different)', async () => {
      const first = await stripeCommit(unique('browser'));
      const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
      const declined: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { orderNum, page } = await stripeOrder(unique(`browser${i}_`), cookie);
        expect((await payWith(page, '4000000000000002')).status).toBe(402);
        expect(await notesOf(orderNum)).toContain('card_declined');
        declined.push(orderNum);
        // Four declines: still allowed.
        if (i === 3) expect((await stripeCommit(unique('browser_ok'), cookie)).statusCode).toBe(200);
      }
      // The session of each stays open: the orders still wait for payment.
      expect((await orderRow(t.app, declined[0] ?? '')).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      const refused = await stripeCommit(unique('browser_sixth'), cookie);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect((refused.json() as Json).message_key).toBe('order_refused_wait');
      // Another browser (every other key fresh too) may order.
      expect((await stripeCommit(unique('browser_other'))).statusCode).toBe(200);
    });

    it('holds a payment whose card was declined five times lately (card_testing_card), on whatever orders', async () => {
      // The card's fingerprint, as Stripe reports it for this account: from an honest payment with it.
      const probe = await stripeOrder(unique('fp_probe'));
      await payWith(probe.page, '4242424242424242');
      const seen = (
        (await paidEvent(probe.orderNum))?.detail as { payment_risk?: { card_fingerprint?: string } }
      )?.payment_risk?.card_fingerprint;
      if (!seen) throw new Error('no fingerprint on the probe payment');
      // Stripe reports five declines of that card on five orders of other buyers (signed payment_intent.payment_failed).
      for (let i = 0; i < 5; i++) {
        const { orderNum } = await stripeOrder(unique(`fp${i}_`));
        expect((await declineReported(orderNum, seen)).statusCode).toBe(200);
        // A repeat of the event is one decline, not two.
        expect((await declineReported(orderNum, seen, 'again')).statusCode).toBe(200);
        expect((await notesOf(orderNum)).filter((k) => k === 'card_declined')).toHaveLength(1);
      }
      const { orderNum, page } = await stripeOrder(unique('fp_cashout'));
      expect((await payWith(page, '4242424242424242')).status).toBe(303);
      expect(await holdOf(orderNum)).toMatchObject({
        rule: 'card_testing_card',
        state: 'held',
        note: { key: 'risk_hold_card_failures', values: { failures: 5, minutes: 60, limit: 5 } },
      });
      expect(await deliveryJobs(orderNum)).toBe(0);
    });

    it('refuses with 429 the keys that tried a card declined five times lately, whoever else tried it', async () => {
      const card = `fp_${unique('stolen')}`;
      const first = unique('stolen_first');
      for (let i = 0; i < 5; i++) {
        // Each attempt under another BIGO ID, e-mail, address and browser: no key of its own reaches five.
        const { orderNum } = await stripeOrder(i === 0 ? first : unique(`stolen${i}_`));
        expect((await declineReported(orderNum, card)).statusCode).toBe(200);
        if (i === 3) expect((await stripeCommit(first)).statusCode).toBe(200);
      }
      const refused = await stripeCommit(first);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      // A buyer who never tried that card is not concerned.
      expect((await stripeCommit(unique('stolen_other'))).statusCode).toBe(200);
    });
  });
});
