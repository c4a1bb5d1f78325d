import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, ORDER_STATUS, type TOrder, type TOrderHandoff } from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders, sandboxRecords } from '../src/db/schema';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { bearer, createUser } from './support/auth';
import {
  commitOrder,
  eventsOf,
  formHandoff,
  freshIp,
  handoffOf,
  orderOf,
  orderRow,
  type PricePack,
  payloadFor,
  placeSgdOrder,
  publicPack,
  publicPacks,
} from './support/order-commit';
import { insertOrder } from './support/orders';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Who may do what with an order (SPEC.md §2, §6; DESIGN.md §4): Pay Now only for its buyer in 2 or 3, the list
 * scoped to the caller unless superuser, the result page's read with the e-mail masked for strangers, and the
 * lookup by e-mail and number.
 */

const MINUTE = 60_000;

interface Page {
  page_data: TOrder[];
  total: number;
  page: number;
  page_size: number;
}

describe('orders: who sees and pays what', () => {
  let t: TestApp;
  let admin: string;
  let ann: string;
  let annId: number;
  let bob: string;
  let bobId: number;
  let sgd500: PricePack;
  let hkd: PricePack;
  let stripeKey: string;
  /** Ann's SGD order (Fiuu) and Stripe order, Bob's order, a visitor's order. */
  const nums = { annFiuu: '', annStripe: '', bob: '', visitor: '' };

  const call = (method: 'GET' | 'POST', url: string, auth?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      ...(auth ? { headers: { authorization: auth } } : {}),
      ...(payload ? { payload } : {}),
    });
  const payNow = (num: string, auth?: string) => call('POST', `/api/v1/order/pay?order_num=${num}`, auth);
  const list = async (auth: string, query = '') => {
    const res = await call('GET', `/api/v1/order/${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Page }).data;
  };
  const message = (res: LightMyRequestResponse) => (res.json() as { message: string }).message;
  const stripeSession = async (id: string) => {
    const res = await fetch(`${t.url}/sandbox/stripe/v1/checkout/sessions/${id}`, {
      headers: { authorization: `Bearer ${stripeKey}` },
    });
    return (await res.json()) as { status: string; url: string | null };
  };

  beforeAll(async () => {
    t = await startTestApp({}, { listen: true });
    const secret = (await readFile(path.join(t.dataDir, 'app-secret'), 'utf8')).trim();
    stripeKey = gatewaySettings(t.config, secret).stripe.secretKey;
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    annId = await createUser(t.app, {
      username: 'annbuyer',
      password: 'ann-pass-1',
      email: 'ann@example.com',
    });
    bobId = await createUser(t.app, {
      username: 'bobbuyer',
      password: 'bob-pass-1',
      email: 'bob@example.com',
    });
    ann = await bearer(t.app, 'annbuyer', 'ann-pass-1');
    bob = await bearer(t.app, 'bobbuyer', 'bob-pass-1');
    sgd500 = await publicPack(t.app, 'SGD', 500);
    const { productId } = await publicPacks(t.app);
    const created = await call('POST', '/api/v1/price/create', admin, {
      product_id: productId,
      game_amount: 500,
      currency: 'HKD',
      unit_amount: 7_400,
    });
    expect(created.statusCode, created.body).toBe(200);
    hkd = await publicPack(t.app, 'HKD', 500);

    nums.annFiuu = await placeSgdOrder(t.app, { authorization: ann, gameId: 'ann_bigo' });
    nums.annStripe = handoffOf(
      await commitOrder(t.app, payloadFor(hkd, 1, { game_id: 'ann_bigo' }), { authorization: ann }),
    ).order_num;
    nums.bob = await placeSgdOrder(t.app, { authorization: bob, gameId: 'bob_bigo', diamonds: 100 });
    nums.visitor = await placeSgdOrder(t.app, { email: 'Visitor.Buyer@Example.com', gameId: 'visitor_bigo' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('Pay Now', () => {
    it('is for the signed-in buyer of the order only', async () => {
      expect((await payNow(nums.annFiuu)).statusCode).toBe(401);
      for (const other of [bob, admin]) {
        const res = await payNow(nums.annFiuu, other);
        expect(res.statusCode).toBe(403);
        expect(message(res)).toBe(MESSAGES.order_not_yours);
      }
      // A visitor's order has no account to pay it from.
      expect((await payNow(nums.visitor, ann)).statusCode).toBe(403);
      const unknown = await payNow('EZ20260101nosuchorder00000000000', ann);
      expect(unknown.statusCode).toBe(404);
      expect(message(unknown)).toBe(MESSAGES.order_not_found);
    });

    it('gives the same Fiuu form again with a new deadline and a live timeout job', async () => {
      const soon = new Date(Date.now() + MINUTE);
      await t.app.database.db
        .update(orders)
        .set({ paymentDeadline: soon })
        .where(eq(orders.orderNum, nums.annFiuu));
      // The earlier timeout job already ran (and found nothing to do): Pay Now must bring it back.
      await t.app.database.db
        .update(jobs)
        .set({ state: 'done' })
        .where(eq(jobs.dedupeKey, `payment-timeout:${nums.annFiuu}`));
      const res = await payNow(nums.annFiuu, ann);
      expect(res.statusCode, res.body).toBe(200);
      const handoff = (res.json() as { data: TOrderHandoff }).data;
      if (handoff.method !== 'form') throw new Error('expected the Fiuu form');
      expect(handoff).toMatchObject({
        order_num: nums.annFiuu,
        order_status: 3,
        amount: '24.40',
        currency: 'SGD',
      });
      expect(handoff.vcode).toMatch(/^[0-9a-f]{32}$/);
      const row = await orderRow(t.app, nums.annFiuu);
      expect(row.orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      const deadline = row.paymentDeadline?.getTime() ?? 0;
      expect(Math.abs(deadline - (Date.now() + 30 * MINUTE))).toBeLessThan(MINUTE);
      const [job] = await t.app.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `payment-timeout:${nums.annFiuu}`));
      expect(job).toMatchObject({ state: 'queued', attempts: 0 });
      expect(job?.runAt.getTime()).toBe(deadline);
    });

    it('is refused once the order is no longer awaiting payment', async () => {
      const num = await placeSgdOrder(t.app, { authorization: ann });
      for (const status of [
        ORDER_STATUS.PAYMENT_TIMEOUT,
        ORDER_STATUS.PAYMENT_COMPLETED,
        ORDER_STATUS.CHARGED,
      ]) {
        await t.app.database.db.update(orders).set({ orderStatus: status }).where(eq(orders.orderNum, num));
        const res = await payNow(num, ann);
        expect(res.statusCode).toBe(400);
        expect(message(res)).toBe(MESSAGES.order_not_payable);
      }
    });

    it('sends the buyer back to the Stripe session while it is open, and to a new one once it expired', async () => {
      const first = await orderRow(t.app, nums.annStripe);
      const again = handoffOf(await payNow(nums.annStripe, ann));
      expect(again).toMatchObject({ method: 'redirect', payment_url: first.payCheckoutSessionUrl });
      expect((await orderRow(t.app, nums.annStripe)).gatewayRef).toBe(first.gatewayRef);

      const expire = await fetch(`${t.url}/sandbox/stripe/v1/checkout/sessions/${first.gatewayRef}/expire`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stripeKey}` },
      });
      expect(expire.status).toBe(200);
      // Stripe's idempotency key of a session is the order and its expiry second: a new session needs a new second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const fresh = handoffOf(await payNow(nums.annStripe, ann));
      if (fresh.method !== 'redirect') throw new Error('expected a redirect');
      expect(fresh.payment_url).not.toBe(first.payCheckoutSessionUrl);
      const row = await orderRow(t.app, nums.annStripe);
      expect(row.gatewayRef).not.toBe(first.gatewayRef);
      expect(row.payCheckoutSessionUrl).toBe(fresh.payment_url);
      expect(row.orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      expect((await stripeSession(row.gatewayRef ?? '')).status).toBe('open');
    });

    it('settles an order Stripe already took the money for instead of opening another session', async () => {
      const num = handoffOf(await commitOrder(t.app, payloadFor(hkd, 2), { authorization: ann })).order_num;
      const { gatewayRef } = await orderRow(t.app, num);
      // Paid on Stripe's page, the webhook not here yet.
      await t.app.database.db
        .update(sandboxRecords)
        .set({
          data: sql`jsonb_set(jsonb_set(${sandboxRecords.data}, '{session,status}', '"complete"'), '{session,payment_status}', '"paid"')`,
        })
        .where(and(eq(sandboxRecords.kind, 'stripe_session'), eq(sandboxRecords.key, gatewayRef ?? '')));
      const res = await payNow(num, ann);
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe(MESSAGES.order_not_payable);
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      // The move to 7 (a note that Radar could not be read follows it: this session names no PaymentIntent).
      const paid = (await eventsOf(t.app, num)).find(
        (e) =>
          e.toStatus === ORDER_STATUS.PAYMENT_COMPLETED && e.fromStatus !== ORDER_STATUS.PAYMENT_COMPLETED,
      );
      expect(paid?.cause).toBe('status query at pay now');
    });

    it('opens the first Stripe session of an order that never got one (status 2)', async () => {
      const num = handoffOf(await commitOrder(t.app, payloadFor(hkd, 1), { authorization: ann })).order_num;
      // As if Stripe had been down at the commit: the order stayed in 2 without a session.
      await t.app.database.db
        .update(orders)
        .set({ orderStatus: ORDER_STATUS.PRECHECK_OK, gatewayRef: null, payCheckoutSessionUrl: null })
        .where(eq(orders.orderNum, num));
      const handoff = handoffOf(await payNow(num, ann));
      expect(handoff).toMatchObject({ method: 'redirect', order_status: ORDER_STATUS.PENDING_PAYMENT });
      const row = await orderRow(t.app, num);
      expect(row).toMatchObject({
        orderStatus: ORDER_STATUS.PENDING_PAYMENT,
        payCheckoutSessionUrl: handoff.payment_url,
      });
      const last = (await eventsOf(t.app, num)).at(-1);
      expect(last).toMatchObject({ fromStatus: 2, toStatus: 3, actor: `user:${annId}` });
    });
  });

  describe('order list', () => {
    it('needs a session', async () => {
      expect((await call('GET', '/api/v1/order/')).statusCode).toBe(401);
    });

    it('shows a buyer only their own orders, newest first, with their e-mail', async () => {
      const page = await list(bob, '?page_size=100');
      expect(page.page_data.map((o) => o.order_num)).toEqual([nums.bob]);
      expect(page.total).toBe(1);
      expect(page.page_data[0]).toMatchObject({
        pay_payment_num: 'bob@example.com',
        created_by: bobId,
        game_id: 'bob_bigo',
        amount: 245 * 2,
        amount_game: 200,
        quantity: 2,
        price: 245,
        game_amount: 100,
        pay_currency: 'SGD',
        order_status: ORDER_STATUS.PENDING_PAYMENT,
        product_name: 'BIGO LIVE Diamonds',
      });
      const annPage = await list(ann, '?page_size=100');
      expect(annPage.page_data.every((o) => o.created_by === annId)).toBe(true);
      expect(annPage.page_data.map((o) => o.order_num)).toContain(nums.annFiuu);
      const times = annPage.page_data.map((o) => o.created_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('shows a superuser every order, with filters and pages', async () => {
      const [counted] = await t.app.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
      const all = await list(admin, '?page_size=100');
      expect(all.total).toBe(counted?.n);
      expect(all.page_data.map((o) => o.order_num)).toEqual(expect.arrayContaining(Object.values(nums)));
      const visitor = all.page_data.find((o) => o.order_num === nums.visitor);
      expect(visitor?.pay_payment_num).toBe('visitor.buyer@example.com');

      const byNum = await list(admin, `?order_num=${nums.bob.slice(0, 20)}`);
      expect(byNum.page_data.map((o) => o.order_num)).toContain(nums.bob);
      expect(byNum.page_data.every((o) => o.order_num.startsWith(nums.bob.slice(0, 20)))).toBe(true);
      expect((await list(admin, `?order_num=${nums.bob}`)).page_data.map((o) => o.order_num)).toEqual([
        nums.bob,
      ]);
      expect((await list(admin, '?order_num=50%25')).total).toBe(0);

      const byGame = await list(admin, '?game_id=visitor_bigo');
      expect(byGame.page_data.map((o) => o.order_num)).toEqual([nums.visitor]);

      const completed = await list(admin, `?order_status=${ORDER_STATUS.PAYMENT_COMPLETED}`);
      expect(completed.page_data.every((o) => o.order_status === ORDER_STATUS.PAYMENT_COMPLETED)).toBe(true);

      const page2 = await list(admin, '?page=2&page_size=1');
      expect(page2).toMatchObject({ page: 2, page_size: 1, total: counted?.n });
      expect(page2.page_data[0]?.order_num).toBe(all.page_data[1]?.order_num);

      // A buyer's filters stay inside their own orders.
      expect((await list(bob, `?order_num=${nums.annFiuu}`)).total).toBe(0);
    });
  });

  describe('result page read', () => {
    const read = (num: string, auth?: string) => call('GET', `/api/v1/order/stripe?order_num=${num}`, auth);

    it('shows anyone holding the number the order, with the e-mail masked', async () => {
      const order = orderOf(await read(nums.visitor));
      expect(order).toMatchObject({
        order_num: nums.visitor,
        pay_payment_num: 'vi***@example.com',
        game_id: 'visitor_bigo',
        order_status: ORDER_STATUS.PENDING_PAYMENT,
        created_by: null,
      });
      expect(orderOf(await read(nums.annFiuu, bob)).pay_payment_num).toBe('an***@example.com');
    });

    it('shows the buyer and superusers the e-mail', async () => {
      expect(orderOf(await read(nums.annFiuu, ann)).pay_payment_num).toBe('ann@example.com');
      expect(orderOf(await read(nums.annFiuu, admin)).pay_payment_num).toBe('ann@example.com');
      expect(orderOf(await read(nums.visitor, admin)).pay_payment_num).toBe('visitor.buyer@example.com');
    });

    it('answers 404 for a number that does not exist and 400 for one that cannot', async () => {
      const res = await read('EZ20260101doesnotexist000000000');
      expect(res.statusCode).toBe(404);
      expect(message(res)).toBe(MESSAGES.order_not_found);
      expect((await read('not-a-number!')).statusCode).toBe(400);
    });
  });

  describe('order numbers of both forms', () => {
    it('are made today as EZ and 22 characters without look-alikes', () => {
      for (const num of Object.values(nums)) expect(num).toMatch(/^EZ[2-9A-HJ-NP-Z]{22}$/);
    });

    it('still serve an order numbered the way they were before: read, looked up in groups, listed, paid', async () => {
      const old = 'EZ20260101aB3dE5fG7hJ9kLmNpQrS';
      await insertOrder(t.app, {
        productId: null,
        priceId: null,
        status: ORDER_STATUS.PENDING_PAYMENT,
        orderNum: old,
        createdBy: annId,
        email: 'ann@example.com',
      });
      expect(orderOf(await call('GET', `/api/v1/order/stripe?order_num=${old}`)).order_num).toBe(old);
      const grouped = old.replace(/(.{4})(?!$)/g, '$1 ');
      const found = await t.app.inject({
        method: 'POST',
        url: '/api/v1/order/lookup',
        remoteAddress: freshIp(),
        payload: { email: 'ann@example.com', order_num: grouped },
      });
      expect(orderOf(found).order_num).toBe(old);
      expect((await list(ann, `?order_num=${encodeURIComponent(grouped.slice(0, 9))}`)).page_data).toEqual([
        expect.objectContaining({ order_num: old }),
      ]);
      const paid = await payNow(old, ann);
      expect(paid.statusCode, paid.body).toBe(200);
      expect((paid.json() as { data: TOrderHandoff }).data).toMatchObject({ method: 'form', order_num: old });
    });
  });

  describe('lookup by e-mail and number', () => {
    const lookup = (email: string, num: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/order/lookup',
        remoteAddress: ip,
        payload: { email, order_num: num },
      });

    it('finds the order when both match (e-mail in any case) and shows the e-mail', async () => {
      const order = orderOf(await lookup('VISITOR.buyer@example.com', nums.visitor, freshIp()));
      expect(order).toMatchObject({ order_num: nums.visitor, pay_payment_num: 'visitor.buyer@example.com' });
    });

    it('finds the order whatever the case, spaces and dashes of the number typed (issue #32)', async () => {
      const typed = nums.visitor.toLowerCase().replace(/(.{4})(?!$)/g, '$1 - ');
      const order = orderOf(await lookup('visitor.buyer@example.com', typed, freshIp()));
      expect(order.order_num).toBe(nums.visitor);
    });

    it('answers the same 404 for a wrong e-mail and for a number that does not exist', async () => {
      const wrongEmail = await lookup('someone@example.com', nums.visitor, freshIp());
      const noOrder = await lookup('visitor.buyer@example.com', 'EZ20260101doesnotexist000000000', freshIp());
      expect(wrongEmail.statusCode).toBe(404);
      expect(noOrder.statusCode).toBe(404);
      expect(wrongEmail.json()).toEqual(noOrder.json());
      expect(message(wrongEmail)).toBe(MESSAGES.order_not_found);
    });

    it('stops an address after 10 misses in 15 minutes, even for a right guess', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        expect((await lookup('guess@example.com', nums.visitor, ip)).statusCode).toBe(404);
      }
      const blocked = await lookup('visitor.buyer@example.com', nums.visitor, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeTruthy();
      // Other addresses still find it.
      expect((await lookup('visitor.buyer@example.com', nums.visitor, freshIp())).statusCode).toBe(200);
    });
  });

  describe('status history', () => {
    it('lists the moves of an order for superusers only', async () => {
      const res = await call('GET', `/api/v1/order/events?order_num=${nums.annFiuu}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const events = (
        res.json() as { data: { from_status: number | null; to_status: number; actor: string }[] }
      ).data;
      expect(events.slice(0, 2)).toMatchObject([
        { from_status: null, to_status: 2, actor: `user:${annId}` },
        { from_status: 2, to_status: 3, actor: `user:${annId}` },
      ]);
      expect((await call('GET', `/api/v1/order/events?order_num=${nums.annFiuu}`, ann)).statusCode).toBe(403);
    });
  });

  it('keeps the Fiuu hand-off of Pay Now in step with the commit', async () => {
    const num = await placeSgdOrder(t.app, { authorization: bob, quantity: 3 });
    const first = formHandoff(await commitOrder(t.app, payloadFor(sgd500, 1), { authorization: bob }));
    expect(first.order_num).not.toBe(num);
    const again = handoffOf(await payNow(num, bob));
    if (again.method !== 'form') throw new Error('expected the Fiuu form');
    expect(again.amount).toBe('36.60');
    expect(again.payment_url).toBe(first.payment_url);
    expect(again.return_url).toBe(first.return_url);
  });
});
