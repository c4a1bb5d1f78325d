import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, ORDER_STATUS, type TCurrency } from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders, sandboxRecords } from '../src/db/schema';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { bearer } from './support/auth';
import { fiuuRequeryWindowPasses } from './support/fiuu-requery';
import {
  commitOrder,
  eventsOf,
  formHandoff,
  handoffOf,
  orderRow,
  type PricePack,
  payloadFor,
  placeSgdOrder,
  publicPack,
  publicPacks,
} from './support/order-commit';
import { freePort, startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * The payment-timeout job (DESIGN.md §6, §7) against the built-in gateways: at the deadline it asks Fiuu's status
 * query or Stripe's session before moving an unpaid order to 6, so an order paid at the gateway (its notification
 * lost) reaches 7 instead. What the gateway "knows" is set in the sandboxes' own records, as if the buyer had
 * acted on the gateway's page and the notification never arrived.
 */

const MINUTE = 60_000;

describe('payment timeout', () => {
  let t: TestApp;
  let hkd: PricePack;
  let stripeKey: string;

  beforeAll(async () => {
    t = await startTestApp({}, { listen: true });
    const secret = (await readFile(path.join(t.dataDir, 'app-secret'), 'utf8')).trim();
    stripeKey = gatewaySettings(t.config, secret).stripe.secretKey;
    const admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { productId } = await publicPacks(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/price/create',
      headers: { authorization: admin },
      payload: { product_id: productId, game_amount: 100, currency: 'HKD', unit_amount: 1_500 },
    });
    expect(created.statusCode, created.body).toBe(200);
    hkd = await publicPack(t.app, 'HKD', 100);
  });
  afterAll(async () => {
    await t?.close();
  });

  const key = (num: string) => `payment-timeout:${num}`;

  async function timeoutJob(num: string) {
    const [job] = await t.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, key(num)));
    if (!job) throw new Error(`no timeout job for ${num}`);
    return job;
  }

  /** The deadline passed `agoMs` ago and the job is due, as if that much time had gone by. */
  async function passDeadline(num: string, agoMs: number): Promise<void> {
    await fiuuRequeryWindowPasses(t.app);
    await t.app.database.db
      .update(orders)
      .set({ paymentDeadline: new Date(Date.now() - agoMs) })
      .where(eq(orders.orderNum, num));
    await t.app.database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.dedupeKey, key(num)));
  }

  let fiuuTransactions = 0;
  /** What Fiuu's status query will answer for the order: a transaction with this status code. */
  async function fiuuKnows(num: string, status: '00' | '11' | '22', amount: string, currency: TCurrency) {
    const tranID = String(31_337_000 + ++fiuuTransactions);
    await t.app.database.db.insert(sandboxRecords).values({
      kind: 'fiuu_txn',
      key: tranID,
      data: {
        tranID,
        orderid: num,
        status,
        amount,
        currency,
        paydate: '2026-01-01 10:00:00',
        channel: 'credit',
        billName: 'buyer',
        errorCode: status === '11' ? 'SB_DECLINED' : '',
        errorDesc: status === '11' ? 'Declined in the sandbox' : '',
      },
    });
  }

  async function stripeOrder(): Promise<{ num: string; session: string }> {
    const num = handoffOf(
      await commitOrder(t.app, payloadFor(hkd, 1), { email: 'hk@example.com' }),
    ).order_num;
    const { gatewayRef } = await orderRow(t.app, num);
    if (!gatewayRef) throw new Error('no session');
    return { num, session: gatewayRef };
  }

  async function setStripeSession(session: string, fields: Record<string, string | number>) {
    let data = sql`${sandboxRecords.data}`;
    for (const [field, value] of Object.entries(fields)) {
      data = sql`jsonb_set(${data}, ${`{session,${field}}`}::text[], ${JSON.stringify(value)}::jsonb)`;
    }
    await t.app.database.db
      .update(sandboxRecords)
      .set({ data })
      .where(and(eq(sandboxRecords.kind, 'stripe_session'), eq(sandboxRecords.key, session)));
  }

  async function stripeSessionStatus(session: string): Promise<string> {
    const res = await fetch(`${t.url}/sandbox/stripe/v1/checkout/sessions/${session}`, {
      headers: { authorization: `Bearer ${stripeKey}` },
    });
    return ((await res.json()) as { status: string }).status;
  }

  it('waits for the deadline: a job that comes early runs again at the deadline', async () => {
    const num = await placeSgdOrder(t.app);
    expect(await t.app.jobs.runDue()).toBe(0);
    // Pay Now moved the deadline after the job was queued.
    const later = new Date(Date.now() + 20 * MINUTE);
    await t.app.database.db.update(orders).set({ paymentDeadline: later }).where(eq(orders.orderNum, num));
    await t.app.database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.dedupeKey, key(num)));
    expect(await t.app.jobs.runDue()).toBe(1);
    const job = await timeoutJob(num);
    expect(job).toMatchObject({ state: 'queued', attempts: 0 });
    expect(job.runAt.getTime()).toBe(later.getTime());
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
  });

  it('times out an order whose payment failed at Fiuu (notification lost): 3 → 6 with an event', async () => {
    const num = await placeSgdOrder(t.app, { diamonds: 100, quantity: 1 });
    await fiuuKnows(num, '11', '2.45', 'SGD');
    await passDeadline(num, MINUTE);
    expect(await t.app.jobs.runDue()).toBe(1);
    const row = await orderRow(t.app, num);
    expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_TIMEOUT);
    const last = (await eventsOf(t.app, num)).at(-1);
    expect(last).toMatchObject({ fromStatus: 3, toStatus: 6, actor: 'system' });
    expect(last?.cause).toMatch(/^payment deadline passed/);
    expect((await timeoutJob(num)).state).toBe('done');
  });

  it('moves an order paid at Fiuu to 7, not 6, when the notification never came', async () => {
    const num = await placeSgdOrder(t.app, { diamonds: 500, quantity: 2 });
    await fiuuKnows(num, '00', '24.40', 'SGD');
    await passDeadline(num, MINUTE);
    // The timeout job, then the delivery that reaching 7 queued, then the receipt.
    expect(await t.app.jobs.runDue()).toBe(3);
    const row = await orderRow(t.app, num);
    expect(row.orderStatus).toBe(ORDER_STATUS.CHARGED);
    expect(row.paidAt).not.toBeNull();
    expect(row.gatewayRef).toMatch(/^313370\d\d$/);
    const paid = (await eventsOf(t.app, num)).find((e) => e.toStatus === ORDER_STATUS.PAYMENT_COMPLETED);
    expect(paid).toMatchObject({ fromStatus: 3, toStatus: 7, cause: 'status query before timeout' });
    expect((await timeoutJob(num)).state).toBe('done');
  });

  it('notes a payment the status query finds made through another channel than the one chosen on our page', async () => {
    const pack = await publicPack(t.app, 'SGD', 500);
    const num = formHandoff(
      await commitOrder(t.app, payloadFor(pack, 2, { pay_channel: 'PayNow' }), {
        email: 'paynow@example.com',
      }),
    ).order_num;
    // Fiuu's answer names the card page ('credit'), not PayNow.
    await fiuuKnows(num, '00', '24.40', 'SGD');
    await passDeadline(num, MINUTE);
    await t.app.jobs.runDue();
    const row = await orderRow(t.app, num);
    expect(row.paidAt).not.toBeNull();
    const mismatch = (await eventsOf(t.app, num)).filter((e) => e.note?.key === 'payment_channel_mismatch');
    expect(mismatch).toHaveLength(1);
    expect(mismatch[0]?.detail).toEqual({ chosen_channel: 'PayNow', reported_channel: 'credit' });
  });

  it('holds instead of completing when Fiuu reports a different amount', async () => {
    const num = await placeSgdOrder(t.app, { diamonds: 500, quantity: 2 });
    await fiuuKnows(num, '00', '12.20', 'SGD');
    await passDeadline(num, MINUTE);
    await t.app.jobs.runDue();
    const row = await orderRow(t.app, num);
    expect(row.orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
    expect(row.paymentHeld).toBe(true);
  });

  it('asks again 30 minutes later while Fiuu says pending, and gives up an hour after the deadline', async () => {
    const num = await placeSgdOrder(t.app);
    await fiuuKnows(num, '22', '24.40', 'SGD');
    await passDeadline(num, MINUTE);
    const before = Date.now();
    expect(await t.app.jobs.runDue()).toBe(1);
    const job = await timeoutJob(num);
    expect(job).toMatchObject({
      state: 'queued',
      attempts: 0,
      lastError: 'payment still pending at the gateway',
    });
    // Fiuu's spec: requery pending transactions "once every half an hour".
    expect(Math.abs(job.runAt.getTime() - (before + 30 * MINUTE))).toBeLessThan(MINUTE);
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);

    await passDeadline(num, 31 * MINUTE);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);

    await passDeadline(num, 61 * MINUTE);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_TIMEOUT);
  });

  it('times out at the deadline an order the buyer never took to Fiuu (Fiuu knows no transaction)', async () => {
    const num = await placeSgdOrder(t.app);
    await passDeadline(num, MINUTE);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_TIMEOUT);
    expect((await timeoutJob(num)).state).toBe('done');
  });

  it('leaves alone an order that was paid (or ended) in the meantime', async () => {
    const num = await placeSgdOrder(t.app);
    await t.app.database.db
      .update(orders)
      .set({ orderStatus: ORDER_STATUS.PAYMENT_COMPLETED })
      .where(eq(orders.orderNum, num));
    await passDeadline(num, MINUTE);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect((await eventsOf(t.app, num)).map((e) => e.toStatus)).toEqual([2, 3]);
    expect((await timeoutJob(num)).state).toBe('done');
  });

  describe('Stripe', () => {
    it('moves an order paid on Stripe (webhook lost) to 7', async () => {
      const { num, session } = await stripeOrder();
      await setStripeSession(session, { status: 'complete', payment_status: 'paid' });
      await passDeadline(num, MINUTE);
      // The timeout job, then the delivery that reaching 7 queued, then the receipt.
      expect(await t.app.jobs.runDue()).toBe(3);
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(row.gatewayRef).toBe(session);
    });

    it('times out an order whose session Stripe already expired', async () => {
      const { num, session } = await stripeOrder();
      await setStripeSession(session, { expires_at: Math.floor(Date.now() / 1000) - 60 });
      await passDeadline(num, 2 * MINUTE);
      expect(await t.app.jobs.runDue()).toBe(1);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_TIMEOUT);
    });

    it('waits while the session is open, then expires it at Stripe before timing the order out', async () => {
      const { num, session } = await stripeOrder();
      await passDeadline(num, 0);
      expect(await t.app.jobs.runDue()).toBe(1);
      expect((await timeoutJob(num)).state).toBe('queued');
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);

      await passDeadline(num, 61 * MINUTE);
      expect(await t.app.jobs.runDue()).toBe(1);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_TIMEOUT);
      // The buyer can no longer pay the old session.
      expect(await stripeSessionStatus(session)).toBe('expired');
    });
  });
});

describe('payment timeout while the gateways do not answer', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Real gateway settings whose APIs are a closed port: Fiuu's hosted form still works (the browser posts it),
    // its status query cannot; Stripe cannot create a session at all.
    const closed = `http://127.0.0.1:${await freePort()}`;
    t = await startTestApp(
      {
        FIUU_MERCHANT_ID: 'ezrtest',
        FIUU_VERIFY_KEY: 'v'.repeat(32),
        FIUU_SECRET_KEY: 's'.repeat(32),
        FIUU_API_URL: closed,
        STRIPE_SECRET_KEY: 'sk_test_closed',
        STRIPE_WEBHOOK_SECRET: 'whsec_closed',
        STRIPE_API_BASE: closed,
      },
      { listen: true },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks again every 5 minutes while there is no answer, then times the order out 2 hours after the deadline', async () => {
    const num = await placeSgdOrder(t.app);
    const key = `payment-timeout:${num}`;
    const passDeadline = async (agoMs: number) => {
      await fiuuRequeryWindowPasses(t.app);
      await t.app.database.db
        .update(orders)
        .set({ paymentDeadline: new Date(Date.now() - agoMs) })
        .where(eq(orders.orderNum, num));
      await t.app.database.db
        .update(jobs)
        .set({ runAt: sql`now() - interval '1 second'` })
        .where(eq(jobs.dedupeKey, key));
    };
    const job = async () => {
      const [row] = await t.app.database.db.select().from(jobs).where(eq(jobs.dedupeKey, key));
      return row;
    };

    await passDeadline(MINUTE);
    const before = Date.now();
    expect(await t.app.jobs.runDue()).toBe(1);
    let row = await job();
    // No answer is not a failure of ours: a reschedule 5 minutes on (never sooner, Fiuu blocks eager merchants).
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
    expect(row?.lastError).toMatch(/payment status unknown: Fiuu status query unreachable/);
    expect(Math.abs((row?.runAt.getTime() ?? 0) - (before + 5 * MINUTE))).toBeLessThan(MINUTE);
    expect(row?.maxAttempts).toBeGreaterThanOrEqual(20);
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);

    await passDeadline(60 * MINUTE);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await job())?.state).toBe('queued');
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);

    await passDeadline(121 * MINUTE);
    expect(await t.app.jobs.runDue()).toBe(1);
    row = await job();
    expect(row?.state).toBe('done');
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_TIMEOUT);
    const last = (await eventsOf(t.app, num)).at(-1);
    expect(last?.cause).toMatch(/no answer/);
  });

  it('keeps an order in 2 when Stripe cannot open a session, and times it out at its deadline', async () => {
    const admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const { productId } = await publicPacks(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/price/create',
      headers: { authorization: admin },
      payload: { product_id: productId, game_amount: 100, currency: 'THB', unit_amount: 6_900 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const thb = await publicPack(t.app, 'THB', 100);
    const res = await commitOrder(t.app, payloadFor(thb, 1, { game_id: 'thb_buyer' }), {
      email: 'th@example.com',
    });
    expect(res.statusCode, res.body).toBe(503);
    expect((res.json() as { message: string }).message).toBe(MESSAGES.payment_unavailable);

    const [order] = await t.app.database.db.select().from(orders).where(eq(orders.gameId, 'thb_buyer'));
    if (!order) throw new Error('the order should exist in 2');
    expect(order).toMatchObject({ orderStatus: ORDER_STATUS.PRECHECK_OK, gatewayRef: null });
    const key = `payment-timeout:${order.orderNum}`;
    const [queued] = await t.app.database.db.select().from(jobs).where(eq(jobs.dedupeKey, key));
    expect(queued?.state).toBe('queued');

    await t.app.database.db
      .update(orders)
      .set({ paymentDeadline: new Date(Date.now() - MINUTE) })
      .where(eq(orders.id, order.id));
    await t.app.database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.dedupeKey, key));
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await orderRow(t.app, order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_TIMEOUT);
  });
});
