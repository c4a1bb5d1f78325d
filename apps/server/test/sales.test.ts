import { ORDER_STATUS, orderNote, type TSales } from '@ezrecharge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLifecycle } from '../src/composition';
import {
  extraPayments,
  orderBonuses,
  orderEvents,
  orders,
  promotions,
  salesDays,
  spins,
} from '../src/db/schema';
import { PAYMENT_PROVIDERS } from '../src/gateways/payment-providers';
import { SALES_DAY_VERSION } from '../src/modules/sales/sales-days';
import { SalesService } from '../src/modules/sales/sales-service';
import { bearer, createUser } from './support/auth';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Issue #28: the operators' sales view. Orders are written with the times under test (paid, refunded, delivered
 * across the shop's day boundaries in Asia/Singapore, UTC+8), then read back through GET /api/v1/sales as a
 * superuser would: money per currency, the funnel, delivery times, the daily series, the breakdowns, promotion and
 * spin costs, refunds and their reasons.
 */

const S = ORDER_STATUS;
/** 01:00 on 3 March in Singapore, still 2 March in UTC: the server's clock in the default-range test. */
const NOW = new Date('2026-03-02T17:00:00Z');
/** The server's clock (the real one but for that test: signing in checks the time). */
let clock: Date | undefined;

interface OrderFields {
  num: string;
  status: number;
  currency: string;
  unit: number;
  quantity?: number;
  gameAmount?: number;
  bonus?: number;
  gateway?: 'fiuu' | 'stripe';
  channel?: string | null;
  lang?: string;
  product?: string;
  created: string;
  paid?: string;
  delivered?: string;
}

describe('sales view (GET /api/v1/sales)', () => {
  let t: TestApp;
  let admin: string;
  let plain: string;
  const ids = new Map<string, number>();

  const db = () => t.app.database.db;
  const insert = async (o: OrderFields) => {
    const quantity = o.quantity ?? 1;
    const gameAmount = o.gameAmount ?? 100;
    const [row] = await db()
      .insert(orders)
      .values({
        orderNum: o.num,
        gameId: 'sales_fan',
        orderStatus: o.status,
        email: `${o.num.toLowerCase()}@example.com`,
        lang: o.lang ?? 'en',
        pageInfo: 'recharge',
        productName: o.product ?? 'BIGO Diamonds',
        currency: o.currency,
        unitAmount: o.unit,
        gameAmount,
        quantity,
        amount: o.unit * quantity,
        amountGame: gameAmount * quantity,
        bonusGame: o.bonus ?? 0,
        gateway: o.gateway ?? 'fiuu',
        gatewayRef: `ref-${o.num}`,
        paymentChannel: o.channel ?? null,
        createdAt: new Date(o.created),
        updatedAt: new Date(o.created),
        paidAt: o.paid ? new Date(o.paid) : null,
        deliveredAt: o.delivered ? new Date(o.delivered) : null,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('order not written');
    ids.set(o.num, row.id);
    return row.id;
  };
  const event = (orderId: number, from: number, to: number, at: string, detail?: Record<string, unknown>) =>
    db()
      .insert(orderEvents)
      .values({
        orderId,
        fromStatus: from,
        toStatus: to,
        cause: 'test',
        actor: 'system',
        detail: detail ?? null,
        createdAt: new Date(at),
      });
  const sales = async (query: string, auth = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales${query}`,
      headers: { authorization: auth },
    });
    return { status: res.statusCode, body: res.json() as { data: TSales; code?: string; message?: string } };
  };

  beforeAll(async () => {
    t = await startTestApp({ SHOP_TIME_ZONE: 'Asia/Singapore' }, { now: () => clock ?? new Date() });
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await createUser(t.app, { username: 'sales_plain', password: 'plain-pass', email: 'plain@example.com' });
    plain = await bearer(t.app, 'sales_plain', 'plain-pass');

    // Paid by card through Fiuu at 09:05 on 1 March (Singapore), delivered a minute later; paid twice (issue #26):
    // the second capture was refunded the same day.
    const paid = await insert({
      num: 'S-PAID',
      status: S.CHARGED,
      currency: 'SGD',
      unit: 250,
      quantity: 2,
      channel: 'credit',
      created: '2026-03-01T01:00:00Z',
      paid: '2026-03-01T01:05:00Z',
      delivered: '2026-03-01T01:06:00Z',
    });
    await db()
      .insert(extraPayments)
      .values({
        orderId: paid,
        gateway: 'fiuu',
        ref: 'extra-1',
        amount: 500,
        currency: 'SGD',
        channel: 'credit',
        state: 'refunded',
        createdAt: new Date('2026-03-01T01:10:00Z'),
        updatedAt: new Date('2026-03-01T05:00:00Z'),
      });
    // Its buyer's spin prize, delivered that day; another delivered before the range.
    await db()
      .insert(spins)
      .values([
        {
          orderId: paid,
          seq: 1,
          gameId: 'sales_fan',
          buOrderid: 'S-PAID-S1',
          state: 'spun',
          prizeDiamonds: 20,
          delivery: 'delivered',
          deliveredAt: new Date('2026-03-01T02:00:00Z'),
        },
        {
          orderId: paid,
          seq: 2,
          gameId: 'sales_fan',
          buOrderid: 'S-PAID-S2',
          state: 'spun',
          prizeDiamonds: 900,
          delivery: 'delivered',
          deliveredAt: new Date('2026-02-28T15:59:00Z'),
        },
      ]);

    // Payment failed.
    await insert({
      num: 'S-FAILED',
      status: S.PAYMENT_FAILED,
      currency: 'SGD',
      unit: 250,
      created: '2026-03-01T02:00:00Z',
    });
    // Still waiting for its payment.
    await insert({
      num: 'S-WAITING',
      status: S.PENDING_PAYMENT,
      currency: 'SGD',
      unit: 250,
      created: '2026-03-02T03:00:00Z',
    });

    // Paid by online banking in MYR, BIGO refused, refunded on 2 March with the operator's reason.
    const refunded = await insert({
      num: 'S-REFUNDED',
      status: S.REFUNDED,
      currency: 'MYR',
      unit: 1000,
      channel: 'FPX_MB2U',
      lang: 'zh',
      product: '钻石',
      gameAmount: 500,
      created: '2026-03-01T03:00:00Z',
      paid: '2026-03-01T03:01:00Z',
    });
    await event(refunded, S.CHARGING, S.CHARGE_FAILED, '2026-03-01T03:02:00Z');
    await event(refunded, S.CHARGE_FAILED, S.REFUNDING, '2026-03-01T04:00:00Z', {
      reason: 'BIGO refused the ID',
    });
    await event(refunded, S.REFUNDING, S.REFUNDED, '2026-03-02T04:00:00Z');

    // With a welcome bonus, paid and delivered at 23:30 on 2 March in Singapore (15:30 UTC).
    const promo = await insert({
      num: 'S-PROMO',
      status: S.CHARGED,
      currency: 'SGD',
      unit: 300,
      gameAmount: 300,
      bonus: 50,
      channel: 'credit',
      product: 'BIGO Diamonds',
      created: '2026-03-02T15:28:00Z',
      paid: '2026-03-02T15:30:00Z',
      delivered: '2026-03-02T15:32:00Z',
    });
    const [welcome] = await db()
      .insert(promotions)
      .values({ kind: 'welcome', name: 'Welcome bonus', bonusType: 'fixed', bonusValue: 50, active: true })
      .returning({ id: promotions.id });
    if (!welcome) throw new Error('no promotion');
    await db().insert(orderBonuses).values({
      orderId: promo,
      promotionId: welcome.id,
      kind: 'welcome',
      diamonds: 50,
      gameId: 'sales_fan',
      state: 'delivered',
    });

    // Stripe, at 00:30 on 1 March in Singapore: still 28 February in UTC, inside the range.
    await insert({
      num: 'S-STRIPE',
      status: S.CHARGED,
      currency: 'USD',
      unit: 999,
      gateway: 'stripe',
      channel: 'card',
      created: '2026-02-28T16:30:00Z',
      paid: '2026-02-28T16:31:00Z',
      delivered: '2026-02-28T16:41:00Z',
    });
    // Stripe, at 00:30 on 3 March in Singapore: still 2 March in UTC, outside the range.
    await insert({
      num: 'S-LATE',
      status: S.CHARGED,
      currency: 'USD',
      unit: 5000,
      gateway: 'stripe',
      channel: 'card',
      created: '2026-03-02T16:30:00Z',
      paid: '2026-03-02T16:31:00Z',
      delivered: '2026-03-02T16:32:00Z',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers per currency the money paid, refunded and net, orders paid and diamonds delivered', async () => {
    const { status, body } = await sales('?from=2026-03-01&to=2026-03-02');
    expect(status).toBe(200);
    const report = body.data;
    expect(report).toMatchObject({ from: '2026-03-01', to: '2026-03-02', time_zone: 'Asia/Singapore' });
    expect(report.currencies).toEqual([
      {
        currency: 'MYR',
        paid_orders: 1,
        paid_amount: 1000,
        extra_payments: 0,
        extra_amount: 0,
        refunded_orders: 1,
        refunded_amount: 1000,
        extra_refunded: 0,
        net_amount: 0,
        delivered_orders: 0,
        diamonds_delivered: 0,
        bonus_diamonds: 0,
      },
      {
        currency: 'SGD',
        paid_orders: 2,
        paid_amount: 800,
        extra_payments: 1,
        extra_amount: 500,
        refunded_orders: 0,
        refunded_amount: 500,
        extra_refunded: 1,
        net_amount: 800,
        delivered_orders: 2,
        diamonds_delivered: 500,
        bonus_diamonds: 50,
      },
      {
        currency: 'USD',
        paid_orders: 1,
        paid_amount: 999,
        extra_payments: 0,
        extra_amount: 0,
        refunded_orders: 0,
        refunded_amount: 0,
        extra_refunded: 0,
        net_amount: 999,
        delivered_orders: 1,
        diamonds_delivered: 100,
        bonus_diamonds: 0,
      },
    ]);
  });

  it('follows the orders committed in the range through payment and delivery, with the failed shares', async () => {
    const { body } = await sales('?from=2026-03-01&to=2026-03-02');
    expect(body.data.funnel).toEqual({
      committed: 6,
      precheck_failed: 0,
      awaiting_payment: 1,
      paid: 4,
      awaiting_delivery: 0,
      delivered: 3,
      payment_failed_share: 1 / 6,
      delivery_failed_share: 0.25,
    });
    // Paid → delivered: 60 s, 120 s and 600 s; p95 interpolates between the last two.
    expect(body.data.delivery_times).toEqual({ orders: 3, median_seconds: 120, p95_seconds: 552 });
  });

  it('counts days in the shop’s time zone: every day of the range for each currency', async () => {
    const { body } = await sales('?from=2026-03-01&to=2026-03-02');
    expect(body.data.days).toEqual([
      { date: '2026-03-01', currency: 'MYR', paid_orders: 1, paid_amount: 1000, refunded_amount: 0 },
      { date: '2026-03-02', currency: 'MYR', paid_orders: 0, paid_amount: 0, refunded_amount: 1000 },
      { date: '2026-03-01', currency: 'SGD', paid_orders: 1, paid_amount: 1000, refunded_amount: 500 },
      { date: '2026-03-02', currency: 'SGD', paid_orders: 1, paid_amount: 300, refunded_amount: 0 },
      { date: '2026-03-01', currency: 'USD', paid_orders: 1, paid_amount: 999, refunded_amount: 0 },
      { date: '2026-03-02', currency: 'USD', paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
    ]);
    // One day later in the shop's calendar: only the late Stripe order (00:30 on 3 March in Singapore).
    const next = (await sales('?from=2026-03-03&to=2026-03-03')).body.data;
    expect(next.currencies.map((c) => [c.currency, c.paid_orders, c.paid_amount])).toEqual([
      ['USD', 1, 5000],
    ]);
    expect(next.funnel.committed).toBe(1);
  });

  it('breaks the paid orders down by pack, channel and language', async () => {
    const { body } = await sales('?from=2026-03-01&to=2026-03-02');
    expect(body.data.by_pack).toEqual([
      { product_name: '钻石', game_amount: 500, currency: 'MYR', orders: 1, quantity: 1, amount: 1000 },
      {
        product_name: 'BIGO Diamonds',
        game_amount: 100,
        currency: 'SGD',
        orders: 1,
        quantity: 2,
        amount: 500,
      },
      {
        product_name: 'BIGO Diamonds',
        game_amount: 300,
        currency: 'SGD',
        orders: 1,
        quantity: 1,
        amount: 300,
      },
      {
        product_name: 'BIGO Diamonds',
        game_amount: 100,
        currency: 'USD',
        orders: 1,
        quantity: 1,
        amount: 999,
      },
    ]);
    expect(body.data.by_channel).toEqual([
      { gateway: 'fiuu', channel: 'FPX_MB2U', currency: 'MYR', orders: 1, amount: 1000 },
      { gateway: 'fiuu', channel: 'credit', currency: 'SGD', orders: 2, amount: 800 },
      { gateway: 'stripe', channel: 'card', currency: 'USD', orders: 1, amount: 999 },
    ]);
    expect(body.data.by_language).toEqual([
      { lang: 'zh', currency: 'MYR', orders: 1, amount: 1000 },
      { lang: 'en', currency: 'SGD', orders: 2, amount: 800 },
      { lang: 'en', currency: 'USD', orders: 1, amount: 999 },
    ]);
  });

  it('tells what promotions and spins cost, and lists the refunds with their reasons', async () => {
    const { body } = await sales('?from=2026-03-01&to=2026-03-02');
    expect(body.data.promotions).toEqual([
      { promotion_id: expect.any(Number), name: 'Welcome bonus', kind: 'welcome', orders: 1, diamonds: 50 },
    ]);
    expect(body.data.spins).toEqual({ prizes_delivered: 1, diamonds: 20 });
    expect(body.data.refund_reasons).toEqual([
      { reason: 'BIGO refused the ID', currency: 'MYR', orders: 1, amount: 1000 },
    ]);
    expect(body.data.refunds).toEqual([
      {
        order_num: 'S-REFUNDED',
        currency: 'MYR',
        amount: 1000,
        refunded_at: '2026-03-02T04:00:00.000Z',
        reason: 'BIGO refused the ID',
      },
    ]);
  });

  it('shows the last 30 days of the shop’s calendar when no range is given', async () => {
    clock = NOW;
    const { status, body } = await sales('').finally(() => {
      clock = undefined;
    });
    expect(status).toBe(200);
    // 01:00 on 3 March in Singapore: today is the 3rd there, though UTC still says the 2nd.
    expect(body.data).toMatchObject({ from: '2026-02-02', to: '2026-03-03' });
    expect(body.data.funnel.committed).toBe(7);
  });

  it('answers an empty range with zeros', async () => {
    const { body } = await sales('?from=2025-01-01&to=2025-01-31');
    expect(body.data.currencies).toEqual([]);
    expect(body.data.days).toEqual([]);
    expect(body.data.funnel).toMatchObject({
      committed: 0,
      payment_failed_share: null,
      delivery_failed_share: null,
    });
    expect(body.data.delivery_times).toEqual({ orders: 0, median_seconds: null, p95_seconds: null });
  });

  it('is for superusers only', async () => {
    expect((await sales('?from=2026-03-01&to=2026-03-02', plain)).status).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/sales' });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['?from=2026-03-02&to=2026-03-01', 'to must not be before from'],
    ['?from=2025-01-01&to=2026-01-02', 'The range is at most 366 days'],
    ['?from=2026-02-30&to=2026-03-01', 'Not a calendar day'],
    ['?from=2026-3-1&to=2026-03-02', 'Use a date as YYYY-MM-DD'],
    ['?from=2026-03-01', 'Give both from and to, or neither'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const { status, body } = await sales(query);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(message);
  });

  it('answers a whole year (366 days) of a leap year', async () => {
    expect((await sales('?from=2028-01-01&to=2028-12-31')).status).toBe(200);
  });

  it('adds up the kept figures of past days to what grouping the whole range at once gives', async () => {
    const zone = 'Asia/Singapore';
    const query = { from: '2026-02-20', to: '2026-03-10' };
    const kept = new SalesService({ db: db(), timeZone: zone, now: () => new Date() });
    const grouped = new SalesService({ db: db(), timeZone: zone, now: () => new Date(), keepDays: false });
    const first = await kept.report(query);
    const again = await kept.report(query);
    expect(again).toEqual(first);
    expect(first).toEqual(await grouped.report(query));
    expect(first.delivery_times.orders).toBeGreaterThan(0);
  });

  it('keeps the figures of a past day, and groups them again once one of its orders moves', async () => {
    await insert({
      num: 'KEEP1',
      status: S.PENDING_PAYMENT,
      currency: 'SGD',
      unit: 1000,
      created: '2026-04-10T02:00:00Z',
    });
    const day = '?from=2026-04-10&to=2026-04-10';
    expect((await sales(day)).body.data.funnel).toMatchObject({ committed: 1, awaiting_payment: 1 });
    const [row] = await db().select().from(salesDays).where(eq(salesDays.day, '2026-04-10'));
    expect(row).toMatchObject({
      timeZone: 'Asia/Singapore',
      gen: 0,
      figuresGen: 0,
      version: SALES_DAY_VERSION,
    });

    // The kept figures are what is read: an order written behind the order lifecycle's back is not seen ...
    await insert({
      num: 'KEEP2',
      status: S.PENDING_PAYMENT,
      currency: 'SGD',
      unit: 1000,
      created: '2026-04-10T03:00:00Z',
    });
    expect((await sales(day)).body.data.funnel).toMatchObject({ committed: 1, awaiting_payment: 1 });

    // ... until a move of one of the day's orders counts against them, in the move's transaction.
    const lifecycle = orderLifecycle({
      shopTimeZone: 'Asia/Singapore',
      riskHoldAlertHours: 24,
      riskReviewHours: 4,
      providers: PAYMENT_PROVIDERS,
    });
    const moved = await lifecycle.move(db(), {
      orderNum: 'KEEP1',
      to: S.PAYMENT_TIMEOUT,
      cause: orderNote('deadline_no_answer'),
      actor: 'system',
    });
    expect(moved.moved).toBe(true);
    const [touched] = await db().select().from(salesDays).where(eq(salesDays.day, '2026-04-10'));
    expect(touched).toMatchObject({ gen: 1, figuresGen: 0 });
    expect((await sales(day)).body.data.funnel).toMatchObject({
      committed: 2,
      awaiting_payment: 1,
      payment_failed_share: 0.5,
    });
    const [recomputed] = await db().select().from(salesDays).where(eq(salesDays.day, '2026-04-10'));
    expect(recomputed).toMatchObject({ gen: 1, figuresGen: 1 });
  });
});
