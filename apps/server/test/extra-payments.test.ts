import { FIUU_REFUND, type FiuuSandboxRefund } from '@ezrecharge/sandboxes';
import {
  fiuuFormFields,
  formatMinor,
  MESSAGES,
  ORDER_STATUS,
  type TFiuuHandoff,
  type TOrder,
  type TOrderOverview,
} from '@ezrecharge/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, extraPayments, jobs, sandboxRecords } from '../src/db/schema';
import { fiuuSkey } from '../src/gateways/fiuu/fiuu-protocol';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { createStripePayments } from '../src/gateways/stripe/stripe-payments';
import { bearer } from './support/auth';
import { commitOrder, eventsOf, formHandoff, orderRow, payloadFor, publicPack } from './support/order-commit';
import { insertOrder } from './support/orders';
import { readOutbox } from './support/outbox';
import { formsOf } from './support/sandbox-pages';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Issue #26: a buyer who pays one order twice (two tabs of Fiuu's page) is charged twice by Fiuu. The order is
 * delivered once; the second capture is recorded on the order, shown to the operator, and refunded through Fiuu's
 * refund API exactly once, after the operator confirms (EXTRA_PAYMENT_REFUND=confirm) or at once (auto). Played
 * against the built-in Fiuu over HTTP: its hosted page, its notifications, its refund API and ledger.
 */

const SECRET = 'extra-payments-test-secret-0123456789abcdef';

type Json = Record<string, unknown>;

describe.each([{ mode: 'confirm' as const }, { mode: 'auto' as const }])(
  'a second payment for a paid order (EXTRA_PAYMENT_REFUND=$mode)',
  ({ mode }) => {
    let t: TestApp;
    let url: string;
    let admin: string;
    let buyers = 0;

    const db = () => t.app.database.db;
    const postForm = (target: string, fields: Record<string, string>) =>
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    const api = async (method: string, path: string, body?: Json) => {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: path,
        headers: { authorization: admin },
        ...(body ? { payload: body } : {}),
      });
      return { status: res.statusCode, body: res.json() as Json };
    };

    /** A visitor's SGD order, handed off to the Fiuu sandbox: its number and hand-off form. */
    const order = async (email: string): Promise<TFiuuHandoff> => {
      const pack = await publicPack(t.app, 'SGD', 500);
      return formHandoff(await commitOrder(t.app, payloadFor(pack, 1, { game_id: 'fan_twice' }), { email }));
    };

    /** The buyer on Fiuu's page (one tab): opens it with the hand-off form and presses Pay. */
    const payInATab = async (handoff: TFiuuHandoff) => {
      const page = await (await postForm(handoff.payment_url, fiuuFormFields(handoff))).text();
      const pay = formsOf(page).find((f) => f.fields.outcome === 'pay');
      if (!pay) throw new Error('no Pay form on the sandbox page');
      expect((await postForm(new URL(pay.action, url).toString(), pay.fields)).status).toBe(200);
    };

    const transactionsOf = async (orderNum: string) =>
      (
        await db()
          .select({ data: sandboxRecords.data })
          .from(sandboxRecords)
          .where(
            and(eq(sandboxRecords.kind, 'fiuu_txn'), sql`${sandboxRecords.data}->>'orderid' = ${orderNum}`),
          )
          .orderBy(asc(sandboxRecords.id))
      ).map((r) => r.data as { tranID: string; status: string });
    const refundsOf = async (orderNum: string) =>
      (
        await db()
          .select({ data: sandboxRecords.data })
          .from(sandboxRecords)
          .where(
            and(eq(sandboxRecords.kind, FIUU_REFUND), sql`${sandboxRecords.data}->>'orderid' = ${orderNum}`),
          )
          .orderBy(asc(sandboxRecords.id))
      ).map((r) => r.data as FiuuSandboxRefund);
    const ledger = async (orderNum: string) =>
      Number(
        ((await (await fetch(`${url}/sandbox/bigo/ledger?bu_orderid=${orderNum}`)).json()) as Json)
          .deliveries,
      );
    const listed = async (query: string) =>
      ((await api('GET', `/api/v1/order/?page_size=100&${query}`)).body.data as { page_data: TOrder[] })
        .page_data;
    const overview = async () => (await api('GET', '/api/v1/order/overview')).body.data as TOrderOverview;
    const mailsTo = async (to: string) => (await readOutbox(t.dataDir)).filter((m) => m.to.includes(to));

    beforeAll(async () => {
      t = await startTestApp({ APP_SECRET: SECRET, EXTRA_PAYMENT_REFUND: mode }, { listen: true });
      url = t.url ?? '';
      admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    });

    afterAll(async () => {
      await t?.close();
    });

    it('is delivered once, recorded and shown, and its refund goes through Fiuu exactly once', async () => {
      const email = `twice${++buyers}.${mode}@example.com`;
      const handoff = await order(email);
      const num = handoff.order_num;
      // Two tabs, two payments: Fiuu takes both (two transactions), each reported twice by notify and by callback.
      await payInATab(handoff);
      await payInATab(handoff);
      const [first, second] = await transactionsOf(num);
      expect([first?.status, second?.status]).toEqual(['00', '00']);
      expect(first?.tranID).not.toBe(second?.tranID);

      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(row.gatewayRef).toBe(first?.tranID);
      expect(row.failureReason).toBeNull();
      expect(row.paymentHeld).toBe(false);
      const extras = await db().select().from(extraPayments).where(eq(extraPayments.orderId, row.id));
      expect(extras).toHaveLength(1);
      expect(extras[0]).toMatchObject({
        ref: second?.tranID,
        amount: row.amount,
        currency: 'SGD',
        gateway: 'fiuu',
      });
      const notes = (await eventsOf(t.app, num)).filter((e) =>
        e.cause.startsWith('another payment captured'),
      );
      expect(notes).toHaveLength(1);
      expect(notes[0]?.detail).toMatchObject({ ref: second?.tranID, amount: row.amount, currency: 'SGD' });

      // Delivery, the operator's alert, and (auto) the refund: all the jobs that are due.
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(await ledger(num)).toBe(1);
      const alerts = (await mailsTo(TEST_ADMIN.email)).filter((m) =>
        m.subject.includes(`order ${num} was paid twice`),
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.text).toContain(second?.tranID ?? '?');

      const extraId = extras[0]?.id ?? 0;
      if (mode === 'confirm') {
        // Waiting for the operator: the overview's card and the list it links to show it.
        expect((await overview()).paid_twice).toBeGreaterThanOrEqual(1);
        const queue = await listed('attention=paid_twice');
        const shown = queue.find((o) => o.order_num === num);
        expect(shown?.extra_payments).toEqual([
          expect.objectContaining({ id: extraId, gateway_ref: second?.tranID, state: 'recorded' }),
        ]);
        expect(await refundsOf(num)).toEqual([]);
        // Nothing of it is shown outside the console.
        const buyerView = await t.app.inject({ method: 'GET', url: `/api/v1/order/stripe?order_num=${num}` });
        expect((buyerView.json() as { data: TOrder }).data.extra_payments).toEqual([]);

        const refused = await api('POST', '/api/v1/order/extra-payment/refund?id=999999', { reason: 'x' });
        expect(refused.status).toBe(404);
        const noReason = await api('POST', `/api/v1/order/extra-payment/refund?id=${extraId}`, {
          reason: ' ',
        });
        expect(noReason.status).toBe(400);
        const started = await api('POST', `/api/v1/order/extra-payment/refund?id=${extraId}`, {
          reason: 'paid in two tabs',
        });
        expect(started.status).toBe(200);
        expect(started.body.message).toBe(MESSAGES.extra_payment_refund_started);
        // Asked twice (a double click, a second operator): one refund.
        const again = await api('POST', `/api/v1/order/extra-payment/refund?id=${extraId}`, {
          reason: 'again',
        });
        expect(again.status).toBe(400);
        const audit = await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, num)));
        expect(audit.map((a) => a.action)).toEqual(['order.extra_payment_refund']);
        await t.app.jobs.runDue();
        await t.app.jobs.runDue();
      }

      const [refund, ...more] = await refundsOf(num);
      expect(more).toEqual([]);
      expect(refund).toMatchObject({
        TxnID: second?.tranID,
        Amount: formatMinor(row.amount, 'SGD'),
        RefID: `${num}E${extraId}R1`,
        Status: '00',
      });
      const [done] = await db().select().from(extraPayments).where(eq(extraPayments.id, extraId));
      expect(done).toMatchObject({ state: 'refunded', refundRef: refund?.RefundID, refundAttempts: 1 });
      // The order itself is untouched: delivered, its own payment not refunded.
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(await ledger(num)).toBe(1);
      expect((await listed('attention=paid_twice')).map((o) => o.order_num)).not.toContain(num);

      // The buyer hears that the second payment is being refunded, then that it was.
      const buyerMails = (await mailsTo(email)).map((m) => m.subject);
      expect(buyerMails).toContain(`We are refunding your second payment (EzRecharge order ${num})`);
      expect(buyerMails).toContain(`Your second payment has been refunded (EzRecharge order ${num})`);

      // A refunded extra payment cannot be refunded again, and more runs send nothing.
      const after = await api('POST', `/api/v1/order/extra-payment/refund?id=${extraId}`, {
        reason: 'again',
      });
      expect(after.status).toBe(400);
      await db()
        .update(jobs)
        .set({ runAt: sql`now() - interval '1 second'` })
        .where(eq(jobs.state, 'queued'));
      await t.app.jobs.runDue();
      expect(await refundsOf(num)).toHaveLength(1);
    });

    it('records a report that arrives after the order moved on as an event once, never as its failure reason', async () => {
      const handoff = await order(`late${++buyers}.${mode}@example.com`);
      await payInATab(handoff);
      await t.app.jobs.runDue();
      const num = handoff.order_num;
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      const [paid] = await transactionsOf(num);
      const fiuu = gatewaySettings(t.config, SECRET).fiuu;
      const notify = (fields: Record<string, string>) => {
        const base = {
          tranID: paid?.tranID ?? '',
          orderid: num,
          status: '00',
          domain: fiuu.merchantId,
          amount: '24.40',
          currency: 'SGD',
          appcode: 'A1',
          paydate: '2026-11-28 10:00:00',
          channel: 'credit',
          error_code: '',
          error_desc: '',
          ...fields,
        };
        return postForm(`${url}/api/v1/payment/fiuu/notify`, {
          ...base,
          skey: fiuuSkey(base, fiuu.secretKey),
          nbcb: '2',
        });
      };
      // The payment that paid the order, reported again for another amount (twice), and a failed second attempt.
      for (const res of [
        await notify({ amount: '1.00' }),
        await notify({ amount: '1.00' }),
        await notify({ tranID: '8800000001', status: '11', error_code: 'CC_05', error_desc: 'Do not honor' }),
        await notify({ tranID: '8800000001', status: '11', error_code: 'CC_05', error_desc: 'Do not honor' }),
      ])
        expect(res.status).toBe(200);
      const row = await orderRow(t.app, num);
      expect(row).toMatchObject({
        orderStatus: ORDER_STATUS.CHARGED,
        failureReason: null,
        paymentHeld: false,
      });
      const late = (await eventsOf(t.app, num)).filter((e) =>
        e.cause.startsWith('payment report after the order moved on'),
      );
      expect(late.map((e) => [e.fromStatus, e.toStatus, e.cause])).toEqual([
        [9, 9, 'payment report after the order moved on: fiuu notify 00'],
        [9, 9, 'payment report after the order moved on: fiuu notify 11'],
      ]);
      expect(await db().select().from(extraPayments).where(eq(extraPayments.orderId, row.id))).toEqual([]);
    });
  },
);

describe('a second Stripe Checkout payment for a paid order', () => {
  let t: TestApp;
  let url: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true });
    url = t.url ?? '';
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Pays a sandbox Checkout Session on its hosted page (the Pay button), which sends the signed webhooks. */
  const payOnPage = async (checkoutUrl: string) => {
    const page = await (await fetch(checkoutUrl)).text();
    const form = /<form method="post" action="([^"]+)">(.*?)<\/form>/.exec(page);
    const fields = Object.fromEntries(
      [...(form?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    ) as Record<string, string>;
    expect(fields.action).toBe('pay');
    const paid = await fetch(new URL(form?.[1] ?? '', url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
  };

  it('is recorded and refunded through Stripe once, the order delivered once', async () => {
    const settings = gatewaySettings(t.config, SECRET);
    const stripe = createStripePayments(settings.stripe, t.app.log);
    const order = await insertOrder(t.app, {
      productId: null,
      priceId: null,
      currency: 'HKD',
      unitAmount: 5000,
      status: ORDER_STATUS.PENDING_PAYMENT,
      gateway: 'stripe',
    });
    const open = (minutes: number) =>
      stripe.createCheckout(
        {
          orderNum: order.orderNum,
          amount: 5000,
          currency: 'HKD',
          email: 'buyer@example.com',
          gameId: 'bigo_test_id',
          amountGame: 100,
          productName: 'Test product',
          lang: 'en',
          registered: false,
        },
        {
          successUrl: `${url}/home-order?order_num=${order.orderNum}&success=true`,
          cancelUrl: `${url}/api/v1/payment/stripe/cancel?order_num=${order.orderNum}`,
        },
        new Date(Date.now() + minutes * 60_000),
      );
    // Two sessions, both paid: the buyer opened Pay Now again before the first page was done.
    const first = await open(60);
    const second = await open(61);
    await payOnPage(first.url);
    await payOnPage(second.url);
    const row = await orderRow(t.app, order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect(row.gatewayRef).toBe(first.id);
    const [extra, ...more] = await t.app.database.db
      .select()
      .from(extraPayments)
      .where(eq(extraPayments.orderId, order.id));
    expect(more).toEqual([]);
    expect(extra).toMatchObject({ gateway: 'stripe', ref: second.id, amount: 5000, currency: 'HKD' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/order/extra-payment/refund?id=${extra?.id}`,
      headers: { authorization: admin },
      payload: { reason: 'paid twice' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const refunds = (
      await t.app.database.db
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(eq(sandboxRecords.kind, 'stripe_refund'))
    ).map((r) => r.data as { payment_intent: string; amount: number; metadata: Record<string, string> });
    const ofOrder = refunds.filter((r) => r.metadata.order_num === order.orderNum);
    expect(ofOrder).toHaveLength(1);
    expect(ofOrder[0]).toMatchObject({
      amount: 5000,
      metadata: { refund_key: `refund-${order.orderNum}-e${extra?.id}-1` },
    });
    const [done] = await t.app.database.db
      .select()
      .from(extraPayments)
      .where(eq(extraPayments.id, extra?.id ?? 0));
    expect(done?.state).toBe('refunded');
    expect((await orderRow(t.app, order.orderNum)).orderStatus).toBe(ORDER_STATUS.CHARGED);
  });
});
