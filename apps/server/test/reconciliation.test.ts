import { appliedResultOf, fiuuFormFields, ORDER_STATUS, type TReconciliationDay } from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderEvents, orders, sandboxRecords } from '../src/db/schema';
import { fiuuExtendedVcode, fiuuVcode } from '../src/gateways/fiuu/fiuu-protocol';
import { type GatewaySettings, gatewaySettings } from '../src/gateways/gateway-settings';
import { createStripePayments, createStripeSdk } from '../src/gateways/stripe/stripe-payments';
import { shopDayOf } from '../src/modules/reconciliation/shop-day';
import { bearer } from './support/auth';
import { commitOrder, eventsOf, formHandoff, orderRow, payloadFor, publicPack } from './support/order-commit';
import { insertOrder } from './support/orders';
import { readOutbox } from './support/outbox';
import { formsOf } from './support/sandbox-pages';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Issue #28, the daily reconciliation through HTTP against the built-in sandboxes: what Fiuu's Daily Transaction
 * Report and Stripe's lists say beside our orders. A day where everything agrees is reconciled; a notification
 * dropped on purpose (the Fiuu sandbox's controls), a refund made only at Stripe and a payment of another amount
 * each show as their kind of mismatch, the day is e-mailed once, and "apply" moves the lost payment through the
 * gateway's verified status query to delivery, once however often it is applied.
 */
const SECRET = 'reconciliation-test-secret-0123456789abcdef';

describe('daily reconciliation', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let settings: GatewaySettings;
  const today = () => shopDayOf(new Date(), 'Asia/Singapore');
  const db = () => t.app.database.db;

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true });
    url = t.url ?? '';
    settings = gatewaySettings(t.config, SECRET);
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => t.close());

  const post = (path: string, body: Record<string, string>) =>
    fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
      redirect: 'manual',
    });

  /** An SGD order committed as a visitor commits it, handed off to Fiuu; its hand-off form. */
  const fiuuOrder = async () => {
    const pack = await publicPack(t.app, 'SGD', 500);
    return formHandoff(await commitOrder(t.app, payloadFor(pack, 1), { email: 'buyer@example.com' }));
  };

  /** Pays a hand-off on the Fiuu sandbox's hosted page (optionally for another amount, signed as a merchant would). */
  const payAtFiuu = async (handoff: Awaited<ReturnType<typeof fiuuOrder>>, amount?: string) => {
    const fields = fiuuFormFields(handoff);
    if (amount) {
      fields.amount = amount;
      fields.vcode = settings.fiuu.extendedVcode
        ? fiuuExtendedVcode(
            amount,
            settings.fiuu.merchantId,
            handoff.order_num,
            settings.fiuu.verifyKey,
            handoff.currency,
          )
        : fiuuVcode(amount, settings.fiuu.merchantId, handoff.order_num, settings.fiuu.verifyKey);
    }
    const page = await post(handoff.payment_url, fields);
    expect(page.status).toBe(200);
    const pay = formsOf(await page.text()).find((f) => f.fields.outcome === 'pay');
    if (!pay) throw new Error('no Pay button');
    const done = await post(new URL(pay.action, url).toString(), pay.fields);
    expect(done.status).toBe(200);
    return done.text();
  };

  const controls = (method: 'PUT' | 'DELETE', body?: unknown) =>
    t.app.inject({
      method,
      url: '/sandbox/fiuu/controls',
      headers: { authorization: admin },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  const run = async (date = today()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/reconciliation/run?date=${date}`,
      headers: { authorization: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: TReconciliationDay }).data;
  };

  const deliveriesOf = async (orderNum: string) =>
    (await eventsOf(t.app, orderNum)).filter((e) => e.toStatus === ORDER_STATUS.CHARGED).length;

  const adminMails = async () =>
    (await readOutbox(t.dataDir).catch(() => [])).filter(
      (m) => m.to.includes(TEST_ADMIN.email) && m.subject.includes('is not reconciled'),
    );

  it('answers superusers only, and refuses a day that is not one or has not begun', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/reconciliation?date=${today()}` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reconciliation?date=2026-02-30',
      headers: { authorization: admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Day must be a date written YYYY-MM-DD');
    const future = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reconciliation/run?date=2999-01-01',
      headers: { authorization: admin },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ message: 'A day that has not begun cannot be reconciled' });
    const never = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reconciliation?date=2020-01-01',
      headers: { authorization: admin },
    });
    expect((never.json() as { data: TReconciliationDay }).data).toMatchObject({
      state: null,
      mismatches: [],
    });
  });

  it('marks a day whose records all agree reconciled, with the totals of both sides, and sends no e-mail', async () => {
    const handoff = await fiuuOrder();
    await payAtFiuu(handoff);
    expect((await orderRow(t.app, handoff.order_num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, handoff.order_num)).orderStatus).toBe(ORDER_STATUS.CHARGED);

    const day = await run();
    expect(day.state).toBe('reconciled');
    expect(day.mismatches).toEqual([]);
    expect(day.sources.map((s) => [s.gateway, s.ok])).toEqual(
      expect.arrayContaining([
        ['fiuu', true],
        ['stripe', true],
      ]),
    );
    const sgd = day.totals.find((x) => x.gateway === 'fiuu' && x.currency === 'SGD');
    expect(sgd).toMatchObject({ gateway_count: 1, our_count: 1 });
    expect(sgd?.gateway_paid).toBe(sgd?.our_paid);
    expect(day.bigo).toMatchObject({ orders_delivered: 1 });
    expect(day.bigo?.diamonds_delivered).toBeGreaterThanOrEqual(500);
    await t.app.jobs.runDue();
    expect(await adminMails()).toEqual([]);

    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reconciliation?date=${today()}`,
      headers: { authorization: admin },
    });
    expect((stored.json() as { data: TReconciliationDay }).data.state).toBe('reconciled');
  });

  it('finds a dropped notification, a refund made only at the gateway, another amount and a payment the gateway never saw; mails once; applies the lost payment once', async () => {
    // A payment Fiuu takes while its notifications are dropped: the order stays awaiting payment.
    expect((await controls('PUT', { notify: 'drop' })).json()).toEqual({ notify: 'drop' });
    const lost = await fiuuOrder();
    const page = await payAtFiuu(lost);
    expect(formsOf(page)).toEqual([]);
    expect((await controls('DELETE')).json()).toEqual({ notify: 'send' });
    expect((await orderRow(t.app, lost.order_num)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);

    // Paid at Fiuu for another amount than the order's: the notification arrives, the payment is held.
    const other = await fiuuOrder();
    await payAtFiuu(other, '1.00');
    expect((await orderRow(t.app, other.order_num)).paymentHeld).toBe(true);

    // A Stripe order paid, delivered, then refunded in Stripe's dashboard (the API, not through us).
    const stripeOrder = await insertOrder(t.app, {
      productId: null,
      priceId: null,
      currency: 'HKD',
      unitAmount: 5000,
      status: ORDER_STATUS.CHARGED,
      gateway: 'stripe',
    });
    const checkout = await createStripePayments(settings.stripe, t.app.log).createCheckout(
      {
        orderNum: stripeOrder.orderNum,
        amount: 5000,
        currency: 'HKD',
        email: 'buyer@example.com',
        gameId: 'bigo_test_id',
        amountGame: 100,
        productName: 'Test product',
        lang: 'en',
        registered: false,
      },
      { successUrl: `${url}/home-order`, cancelUrl: `${url}/api/v1/payment/stripe/cancel` },
      new Date(Date.now() + 3600_000),
    );
    await db()
      .update(orders)
      .set({ gatewayRef: checkout.id, paidAt: new Date(), deliveredAt: new Date() })
      .where(eq(orders.id, stripeOrder.id));
    const hosted = formsOf(await (await fetch(checkout.url)).text()).find((f) => f.fields.action === 'pay');
    if (!hosted) throw new Error('no Stripe Pay button');
    expect((await post(new URL(hosted.action, url).toString(), hosted.fields)).status).toBe(303);
    const [session] = await db()
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, 'stripe_session'), eq(sandboxRecords.key, checkout.id)));
    const pi = (session?.data as { session?: { payment_intent?: string } } | undefined)?.session
      ?.payment_intent;
    if (!pi) throw new Error('the paid session has no payment_intent');
    const sdk = createStripeSdk(settings.stripe);
    await sdk.refunds.create({ payment_intent: pi });

    // An order we hold as paid that Fiuu never took.
    const phantom = await insertOrder(t.app, {
      productId: null,
      priceId: null,
      status: ORDER_STATUS.CHARGED,
    });
    await db()
      .update(orders)
      .set({ paidAt: new Date(), deliveredAt: new Date() })
      .where(eq(orders.id, phantom.id));

    const day = await run();
    expect(day.state).toBe('mismatched');
    const of = (orderNum: string) => day.mismatches.filter((m) => m.order_num === orderNum);
    const [lostMismatch] = of(lost.order_num);
    expect(lostMismatch).toMatchObject({
      kind: 'paid_at_gateway_not_here',
      gateway: 'fiuu',
      action: 'apply',
    });
    expect(lostMismatch?.evidence).toMatchObject({
      gateway_record: { state: 'paid', amount: lost.amount, StatCode: '00' },
      order: { status: ORDER_STATUS.PENDING_PAYMENT, paid_at: null },
    });
    expect(of(other.order_num)).toMatchObject([
      { kind: 'amount_differs', action: null, evidence: { gateway_record: { amount: '1.00' } } },
    ]);
    expect(of(stripeOrder.orderNum)).toMatchObject([
      {
        kind: 'refunded_at_gateway_not_here',
        gateway: 'stripe',
        evidence: { gateway_record: { currency: 'HKD' } },
      },
    ]);
    expect(of(phantom.orderNum)).toMatchObject([{ kind: 'paid_here_unknown_to_gateway', gateway: 'fiuu' }]);

    // One e-mail for the day, however often it is run again.
    await t.app.jobs.runDue();
    expect(await adminMails()).toHaveLength(1);
    const [mail] = await adminMails();
    expect(mail?.text).toContain('paid at the gateway but not here');
    expect(mail?.text).toContain(`/reconciliation?date=${today()}`);
    await run();
    await t.app.jobs.runDue();
    expect(await adminMails()).toHaveLength(1);

    // Only a lost payment can be applied.
    const refundMismatch = (await run()).mismatches.find((m) => m.order_num === stripeOrder.orderNum);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/reconciliation/mismatches/${refundMismatch?.id}/apply`,
      headers: { authorization: admin },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message_key: 'order_action_not_allowed' });

    // Apply: Fiuu is asked again, its verified answer moves the order to paid, the delivery follows once.
    const current = (await run()).mismatches.find((m) => m.order_num === lost.order_num);
    const apply = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/reconciliation/mismatches/${current?.id}/apply`,
        headers: { authorization: admin },
      });
    const applied = await apply();
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      message: 'The payment was checked with the gateway and applied',
      data: { order_status: ORDER_STATUS.PAYMENT_COMPLETED },
    });
    // The result is a code the console words in its language: moved to 7.
    const appliedRow = (applied.json() as { data: { day: TReconciliationDay } }).data.day.mismatches.find(
      (m) => m.id === current?.id,
    );
    expect(appliedRow?.applied_result).toBe(`status:${ORDER_STATUS.PAYMENT_COMPLETED}`);
    expect(appliedResultOf(appliedRow?.applied_result ?? null)).toEqual({
      kind: 'status',
      status: ORDER_STATUS.PAYMENT_COMPLETED,
    });
    const paidMove = (await eventsOf(t.app, lost.order_num)).find(
      (e) => e.toStatus === ORDER_STATUS.PAYMENT_COMPLETED,
    );
    expect(paidMove?.cause).toContain('reconciliation');
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, lost.order_num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
    expect(await deliveriesOf(lost.order_num)).toBe(1);

    const again = await apply();
    expect(again.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await deliveriesOf(lost.order_num)).toBe(1);
    const bigoDeliveries = await db()
      .select({ key: sandboxRecords.key })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, 'bigo_delivery'), eq(sandboxRecords.key, lost.order_num)));
    expect(bigoDeliveries).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.reconciliation_apply'), eq(auditLog.entityId, lost.order_num)));
    expect(audits).toHaveLength(1);

    // Run again: the lost payment is no longer a mismatch; the others stay.
    const after = await run();
    expect(after.mismatches.filter((m) => m.order_num === lost.order_num)).toEqual([]);
    expect(after.mismatches.map((m) => m.kind).sort()).toEqual(
      ['amount_differs', 'paid_here_unknown_to_gateway', 'refunded_at_gateway_not_here'].sort(),
    );
    const moves = await db()
      .select({ n: sql<number>`count(*)` })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(
        and(eq(orders.orderNum, lost.order_num), eq(orderEvents.toStatus, ORDER_STATUS.PAYMENT_COMPLETED)),
      );
    expect(Number(moves[0]?.n)).toBe(1);
  });

  it("finds a refund made in Fiuu's merchant portal in Fiuu's settlement report", async () => {
    const handoff = await fiuuOrder();
    await payAtFiuu(handoff);
    await t.app.jobs.runDue();
    const paid = await orderRow(t.app, handoff.order_num);
    expect(paid.orderStatus).toBe(ORDER_STATUS.CHARGED);
    const tranID = paid.gatewayRef ?? '';
    expect(tranID).toMatch(/^\d+$/);

    // The merchant portal refunds it: Fiuu tells the shop nothing.
    const refunded = await t.app.inject({
      method: 'POST',
      url: '/sandbox/fiuu/portal-refund',
      headers: { authorization: admin },
      payload: { tranID },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await orderRow(t.app, handoff.order_num)).orderStatus).toBe(ORDER_STATUS.CHARGED);

    const day = await run();
    expect(day.mismatches.filter((m) => m.order_num === handoff.order_num)).toMatchObject([
      {
        kind: 'refunded_at_gateway_not_here',
        gateway: 'fiuu',
        action: null,
        evidence: {
          gateway_record: {
            state: 'refunded',
            RecordIdentifier: 'R',
            Status: 'REFUND',
            AcquirerReference: tranID,
          },
          order: { status: ORDER_STATUS.CHARGED },
        },
      },
    ]);
    const fiuuSgd = day.totals.find((x) => x.gateway === 'fiuu' && x.currency === paid.currency);
    expect(fiuuSgd?.gateway_refunded).toBeGreaterThanOrEqual(paid.amount);
  });
});
