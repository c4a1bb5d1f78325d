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
  const stripeOrder = async (bigoId: string) => {
    const pack = await publicPack(t.app, 'HKD', 1000);
    const handoff = handoffOf(
      await commitOrder(t.app, payloadFor(pack, 1, { game_id: bigoId }), { email: `${bigoId}@example.com` }),
    );
    if (handoff.method !== 'redirect') throw new Error('expected a Stripe redirect');
    return { orderNum: handoff.order_num, page: handoff.payment_url };
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
});
