import { createHash } from 'node:crypto';
import { fiuuFormFields, ORDER_STATUS, type TCurrency } from '@ezrecharge/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gatewaySlots,
  jobs,
  orderEvents,
  orders,
  paymentNotifications,
  sandboxRecords,
} from '../src/db/schema';
import { createFiuuClient } from '../src/gateways/fiuu/fiuu-client';
import { fiuuSkey } from '../src/gateways/fiuu/fiuu-protocol';
import { type GatewaySettings, gatewaySettings } from '../src/gateways/gateway-settings';
import type { OrderForPayment } from '../src/gateways/payment-provider';
import { createCallSlots } from '../src/infra/call-slots';
import { notificationRetentionHandler } from '../src/modules/payments/notification-retention';
import { fiuuRequeryWindowPasses } from './support/fiuu-requery';
import { insertOrder } from './support/orders';
import { formsOf } from './support/sandbox-pages';
import { freePort, startTestApp, type TestApp } from './support/test-app';

const SECRET = 'payments-fiuu-test-secret-0123456789abcdef';

type Fields = Record<string, string>;

describe('Fiuu payments', () => {
  let t: TestApp;
  let url: string;
  let settings: GatewaySettings;
  let tran = 5_000_000_000;

  const form = (fields: Fields) => ({
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const post = (path: string, fields: Fields) => t.app.inject({ method: 'POST', url: path, ...form(fields) });
  const httpPost = (target: string, fields: Fields) =>
    fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  /** An order awaiting Fiuu payment of MYR 27.60 (or as given). */
  const fiuuOrder = (extra: { status?: number; unitAmount?: number; currency?: string } = {}) =>
    insertOrder(t.app, {
      productId: null,
      priceId: null,
      currency: extra.currency ?? 'MYR',
      unitAmount: extra.unitAmount ?? 2760,
      status: extra.status ?? ORDER_STATUS.PENDING_PAYMENT,
      gateway: 'fiuu',
    });

  /** A result post as Fiuu signs it with the sandbox secret key. */
  const result = (orderNum: string, over: Partial<Fields> = {}): Fields => {
    const base = {
      tranID: String(++tran),
      orderid: orderNum,
      status: '00',
      domain: settings.fiuu.merchantId,
      amount: '27.60',
      currency: 'MYR',
      appcode: 'ABC123',
      paydate: '2024-05-01 12:34:56',
      channel: 'credit',
      error_code: '',
      error_desc: '',
      ...over,
    };
    return {
      ...base,
      skey: fiuuSkey(base, settings.fiuu.secretKey),
      ...(over.skey ? { skey: over.skey } : {}),
    };
  };

  const statusOf = async (orderNum: string) => {
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.orderNum, orderNum));
    if (!row) throw new Error(`order ${orderNum} missing`);
    return row;
  };
  const eventsOf = async (orderId: number) =>
    t.app.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));
  const notificationsOf = (orderNum: string) =>
    t.app.database.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderNum, orderNum))
      .orderBy(asc(paymentNotifications.id));
  const ipnAcks = async (orderNum: string) => {
    const [row] = await t.app.database.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, 'fiuu_ipn'), eq(sandboxRecords.key, orderNum)));
    return (row?.data as { entries?: { tranID: string; treq: string; skeyValid: boolean }[] })?.entries ?? [];
  };

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true });
    url = t.url ?? '';
    settings = gatewaySettings(t.config, SECRET);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('retention', () => {
    it('prunes notifications older than 180 days, and a replay of a pruned one changes nothing', async () => {
      const order = await fiuuOrder();
      const fields: Fields = { ...result(order.orderNum), nbcb: '2' };
      expect((await post('/api/v1/payment/fiuu/notify', fields)).body).toBe('OK');
      expect((await statusOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      // The order is delivered since; its notification is 181 days old.
      await t.app.database.db
        .update(orders)
        .set({ orderStatus: ORDER_STATUS.CHARGED })
        .where(eq(orders.id, order.id));
      await t.app.database.db
        .update(paymentNotifications)
        .set({ createdAt: new Date(Date.now() - 181 * 24 * 60 * 60_000) })
        .where(eq(paymentNotifications.orderNum, order.orderNum));
      const fresh = await fiuuOrder();
      expect((await post('/api/v1/payment/fiuu/notify', { ...result(fresh.orderNum), nbcb: '2' })).body).toBe(
        'OK',
      );

      const handler = notificationRetentionHandler({ db: t.app.database.db, now: () => new Date() });
      const rescheduled = await handler({}, { jobId: 0, attempt: 1, log: t.app.log });
      expect(rescheduled?.retryAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
      expect(await notificationsOf(order.orderNum)).toHaveLength(0);
      expect(await notificationsOf(fresh.orderNum)).toHaveLength(1);

      // Fiuu (or anyone holding the old post) sends it again: stored anew, but the order's state decides.
      const before = (await eventsOf(order.id)).length;
      expect((await post('/api/v1/payment/fiuu/notify', fields)).statusCode).toBe(200);
      expect((await statusOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(await eventsOf(order.id)).toHaveLength(before);
      const queued = await t.app.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `deliver:${order.orderNum}`));
      expect(queued.filter((j) => j.state === 'queued' || j.state === 'running')).toHaveLength(1);
    });
  });

  describe('notify URL', () => {
    it('moves a paid order to 7 once, however many copies arrive, and acknowledges each by IPN', async () => {
      const order = await fiuuOrder();
      const fields: Fields = { ...result(order.orderNum), nbcb: '2' };
      const first = await post('/api/v1/payment/fiuu/notify', fields);
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe('OK');
      const second = await post('/api/v1/payment/fiuu/notify', fields);
      expect(second.statusCode).toBe(200);

      const row = await statusOf(order.orderNum);
      expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(row.gatewayRef).toBe(fields.tranID);
      expect(row.paidAt).not.toBeNull();
      const moves = (await eventsOf(order.id)).filter((e) => e.toStatus === 7);
      expect(moves).toHaveLength(1);
      expect(moves[0]).toMatchObject({ fromStatus: 3, cause: 'fiuu notify 00', actor: 'gateway:fiuu' });

      const stored = await notificationsOf(order.orderNum);
      expect(stored.map((n) => [n.channel, n.verified, n.outcome])).toEqual([
        ['notify', true, 'moved'],
        ['notify', true, 'repeat'],
      ]);
      expect(stored[0]?.dedupeKey).toBe(`${fields.tranID}:00`);
      expect(stored[0]?.payload).toMatchObject({ tranID: fields.tranID, skey: fields.skey });

      const acks = await ipnAcks(order.orderNum);
      expect(acks).toHaveLength(2);
      expect(acks.every((a) => a.treq === '1' && a.skeyValid && a.tranID === fields.tranID)).toBe(true);
    });

    it('holds a payment whose amount differs from the order instead of completing it', async () => {
      const order = await fiuuOrder();
      await post('/api/v1/payment/fiuu/notify', { ...result(order.orderNum, { amount: '1.00' }), nbcb: '2' });
      const row = await statusOf(order.orderNum);
      expect(row.orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      expect(row.paymentHeld).toBe(true);
      expect((await notificationsOf(order.orderNum)).map((n) => n.outcome)).toEqual(['held']);
    });

    it('holds a payment in another currency', async () => {
      const order = await fiuuOrder();
      await post('/api/v1/payment/fiuu/notify', {
        ...result(order.orderNum, { currency: 'SGD' }),
        nbcb: '2',
      });
      const row = await statusOf(order.orderNum);
      expect(row.orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      expect(row.paymentHeld).toBe(true);
    });

    it('completes an order that had already timed out when the money arrives late', async () => {
      const order = await fiuuOrder({ status: ORDER_STATUS.PAYMENT_TIMEOUT });
      await post('/api/v1/payment/fiuu/notify', { ...result(order.orderNum), nbcb: '2' });
      expect((await statusOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect((await eventsOf(order.id)).at(-1)).toMatchObject({ fromStatus: 6, toStatus: 7 });
    });

    it('marks a declined payment failed (5) and a buyer-cancelled one cancelled (4)', async () => {
      const declined = await fiuuOrder();
      await post('/api/v1/payment/fiuu/notify', {
        ...result(declined.orderNum, {
          status: '11',
          appcode: '',
          error_code: 'DECLINED',
          error_desc: 'Do not honour',
        }),
        nbcb: '2',
      });
      expect((await statusOf(declined.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_FAILED);

      const cancelled = await fiuuOrder();
      await post('/api/v1/payment/fiuu/notify', {
        ...result(cancelled.orderNum, {
          status: '11',
          appcode: '',
          error_code: '',
          error_desc: 'Buyer cancelled',
        }),
        nbcb: '2',
      });
      expect((await statusOf(cancelled.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_CANCELLED);
      expect((await eventsOf(cancelled.id)).at(-1)?.cause).toBe('fiuu notify 11 (cancelled)');
    });

    it('leaves an order as it is on a pending result (22)', async () => {
      const order = await fiuuOrder();
      await post('/api/v1/payment/fiuu/notify', {
        ...result(order.orderNum, { status: '22', appcode: '' }),
        nbcb: '2',
      });
      expect((await statusOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      expect(await eventsOf(order.id)).toHaveLength(0);
      expect((await notificationsOf(order.orderNum)).map((n) => n.outcome)).toEqual(['pending']);
    });

    it('never fails a completed order back to 5 on a late failure', async () => {
      const order = await fiuuOrder();
      await post('/api/v1/payment/fiuu/notify', { ...result(order.orderNum), nbcb: '2' });
      await post('/api/v1/payment/fiuu/notify', {
        ...result(order.orderNum, { status: '11', error_code: 'DECLINED' }),
        nbcb: '2',
      });
      expect((await statusOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    });

    it('ignores a result for an order of the other gateway', async () => {
      const order = await insertOrder(t.app, {
        productId: null,
        priceId: null,
        currency: 'MYR',
        unitAmount: 2760,
        status: 3,
        gateway: 'stripe',
      });
      await post('/api/v1/payment/fiuu/notify', { ...result(order.orderNum), nbcb: '2' });
      expect((await statusOf(order.orderNum)).orderStatus).toBe(3);
      expect((await notificationsOf(order.orderNum)).map((n) => n.outcome)).toEqual(['unknown_order']);
    });
  });

  describe('return URL', () => {
    it('sends the buyer to the result page with success=true after a verified payment', async () => {
      const order = await fiuuOrder();
      const res = await post('/api/v1/payment/fiuu/return', result(order.orderNum));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/home-order?order_num=${order.orderNum}&success=true`);
      expect((await statusOf(order.orderNum)).orderStatus).toBe(7);
      expect(await ipnAcks(order.orderNum)).toHaveLength(1);
    });

    it('with a bad skey: success=false, no move, the post stored unverified and not acknowledged', async () => {
      const order = await fiuuOrder();
      const res = await post('/api/v1/payment/fiuu/return', result(order.orderNum, { skey: 'f'.repeat(32) }));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/home-order?order_num=${order.orderNum}&success=false`);
      expect((await statusOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
      expect(await eventsOf(order.id)).toHaveLength(0);
      const [stored] = await notificationsOf(order.orderNum);
      expect(stored).toMatchObject({ channel: 'return', verified: false, outcome: 'bad_signature' });
      expect(await ipnAcks(order.orderNum)).toHaveLength(0);
    });

    it('with the amount edited after signing: treated as a bad skey', async () => {
      const order = await fiuuOrder();
      const signed = result(order.orderNum, { amount: '0.01' });
      const res = await post('/api/v1/payment/fiuu/return', { ...signed, amount: '27.60' });
      expect(res.headers.location).toContain('success=false');
      expect((await statusOf(order.orderNum)).orderStatus).toBe(3);
    });

    it('never puts an order id that is not an order number into the redirect', async () => {
      const res = await post('/api/v1/payment/fiuu/return', result('"><script>alert(1)</script>'));
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/home-order');
    });

    it('says success=false for a failed payment', async () => {
      const order = await fiuuOrder();
      const res = await post(
        '/api/v1/payment/fiuu/return',
        result(order.orderNum, { status: '11', error_code: 'X' }),
      );
      expect(res.headers.location).toBe(`/home-order?order_num=${order.orderNum}&success=false`);
      expect((await statusOf(order.orderNum)).orderStatus).toBe(5);
    });
  });

  describe('callback URL', () => {
    it('answers CBTOKEN:MPSTATOK to a verified post and applies it once', async () => {
      const order = await fiuuOrder();
      const fields: Fields = { ...result(order.orderNum), nbcb: '1' };
      const res = await post('/api/v1/payment/fiuu/callback', fields);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('CBTOKEN:MPSTATOK');
      expect((await statusOf(order.orderNum)).orderStatus).toBe(7);
      // The callback is acknowledged by its answer, not by IPN.
      expect(await ipnAcks(order.orderNum)).toHaveLength(0);
    });

    it('does not acknowledge a post with a bad skey', async () => {
      const order = await fiuuOrder();
      const res = await post('/api/v1/payment/fiuu/callback', {
        ...result(order.orderNum, { skey: '0'.repeat(32) }),
        nbcb: '1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('CBTOKEN');
      expect((await statusOf(order.orderNum)).orderStatus).toBe(3);
    });

    it('answers a notify post with a bad skey with an error, as Fiuu’s own plugin does, and leaves the order alone', async () => {
      const order = await fiuuOrder();
      for (const skey of ['0'.repeat(32), 'not-a-digest']) {
        const res = await post('/api/v1/payment/fiuu/notify', {
          ...result(order.orderNum, { skey }),
          nbcb: '2',
        });
        expect(res.statusCode).toBe(400);
        expect(res.body).not.toBe('OK');
      }
      expect((await statusOf(order.orderNum)).orderStatus).toBe(3);
      expect(await ipnAcks(order.orderNum)).toHaveLength(0);
      // The real one is still believed.
      const real = await post('/api/v1/payment/fiuu/notify', { ...result(order.orderNum), nbcb: '2' });
      expect(real.statusCode).toBe(200);
      expect(real.body).toBe('OK');
      expect((await statusOf(order.orderNum)).orderStatus).toBe(7);
    });
  });

  describe('built-in sandbox over HTTP', () => {
    const handoffFor = async (orderNum: string, currency: TCurrency = 'MYR') => {
      const client = createFiuuClient(settings.fiuu, t.app.log);
      const order: OrderForPayment = {
        orderNum,
        amount: 2760,
        currency,
        email: 'jane.doe@example.com',
        gameId: 'bigo_123',
        amountGame: 500,
        productName: 'Diamonds',
        lang: 'en',
        registered: false,
      };
      return { method: 'form' as const, order_status: 3 as const, ...client.handoff(order) };
    };

    const openHostedPage = async (orderNum: string) => {
      const handoff = await handoffFor(orderNum);
      expect(handoff.payment_url).toBe(`${url}/sandbox/fiuu/RMS/pay/${settings.fiuu.merchantId}/`);
      expect(handoff.return_url).toBe(`${url}/api/v1/payment/fiuu/return`);
      expect(handoff).toMatchObject({
        amount: '27.60',
        bill_name: 'guest',
        bill_email: 'jane.doe@example.com',
        bill_mobile: '',
        guest_checkout: '1',
        langcode: 'en',
        bill_desc: '500 BIGO LIVE diamonds for ID bigo_123',
      });
      const res = await httpPost(handoff.payment_url, fiuuFormFields(handoff));
      expect(res.status).toBe(200);
      const page = await res.text();
      return { page, forms: formsOf(page), res };
    };

    it('pays through the hosted page: notify twice and callback reach us, the buyer returns to the result page', async () => {
      const order = await fiuuOrder();
      const { page, forms, res } = await openHostedPage(order.orderNum);
      expect(page).toContain(order.orderNum);
      expect(page).toContain('MYR 27.60');
      expect(page).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(page).not.toMatch(/\sstyle=/);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(forms.map((f) => f.fields.outcome)).toEqual(['pay', 'pay_fpx', 'fail', 'cancel']);
      const pay = forms[0];
      if (!pay) throw new Error('no Pay form');

      const done = await httpPost(new URL(pay.action, url).toString(), pay.fields);
      expect(done.status).toBe(200);
      const donePage = await done.text();
      expect(donePage).toContain('<script src="/sandbox/fiuu/assets/auto-submit.js" defer></script>');

      // Server-to-server results arrived before the page was answered.
      expect((await statusOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      const moves = (await eventsOf(order.id)).filter((e) => e.toStatus === 7);
      expect(moves).toHaveLength(1);
      expect((await notificationsOf(order.orderNum)).map((n) => [n.channel, n.verified])).toEqual([
        ['notify', true],
        ['notify', true],
        ['callback', true],
      ]);
      expect(await ipnAcks(order.orderNum)).toHaveLength(2);

      const [back] = formsOf(donePage);
      if (!back) throw new Error('no return form');
      expect(back.action).toBe(`${url}/api/v1/payment/fiuu/return`);
      expect(back.fields).toMatchObject({
        orderid: order.orderNum,
        status: '00',
        amount: '27.60',
        currency: 'MYR',
      });
      expect(back.fields.nbcb).toBeUndefined();
      const landed = await httpPost(back.action, back.fields);
      expect(landed.status).toBe(303);
      expect(landed.headers.get('location')).toBe(`/home-order?order_num=${order.orderNum}&success=true`);
      expect(await ipnAcks(order.orderNum)).toHaveLength(3);
      expect((await notificationsOf(order.orderNum)).at(-1)).toMatchObject({
        channel: 'return',
        outcome: 'repeat',
      });

      const script = await fetch(`${url}/sandbox/fiuu/assets/auto-submit.js`);
      expect(script.headers.get('content-type')).toContain('javascript');
      expect(await script.text()).toContain('data-auto-submit');
    });

    it('the Fail and Cancel buttons end the order in 5 and 4', async () => {
      const failed = await fiuuOrder();
      const failForm = (await openHostedPage(failed.orderNum)).forms.find((f) => f.fields.outcome === 'fail');
      if (!failForm) throw new Error('no Fail form');
      expect((await httpPost(new URL(failForm.action, url).toString(), failForm.fields)).status).toBe(200);
      expect((await statusOf(failed.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_FAILED);

      const cancelled = await fiuuOrder();
      const cancelForm = (await openHostedPage(cancelled.orderNum)).forms.find(
        (f) => f.fields.outcome === 'cancel',
      );
      if (!cancelForm) throw new Error('no Cancel form');
      const page = await (
        await httpPost(new URL(cancelForm.action, url).toString(), cancelForm.fields)
      ).text();
      expect((await statusOf(cancelled.orderNum)).orderStatus).toBe(ORDER_STATUS.PAYMENT_CANCELLED);
      const back = formsOf(page)[0];
      if (!back) throw new Error('no return form');
      const landed = await httpPost(back.action, back.fields);
      expect(landed.headers.get('location')).toBe(
        `/home-order?order_num=${cancelled.orderNum}&success=false`,
      );
    });

    it('refuses a result whose hidden fields were edited, and a hosted form with a wrong vcode', async () => {
      const order = await fiuuOrder();
      const pay = (await openHostedPage(order.orderNum)).forms[0];
      if (!pay) throw new Error('no Pay form');
      const forged = await httpPost(new URL(pay.action, url).toString(), { ...pay.fields, amount: '0.01' });
      expect(forged.status).toBe(400);
      expect((await statusOf(order.orderNum)).orderStatus).toBe(3);

      const handoff = await handoffFor(order.orderNum);
      const res = await httpPost(handoff.payment_url, { ...fiuuFormFields(handoff), amount: '0.01' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('vcode');
    });

    it('sends the extended vcode only with FIUU_EXTENDED_VCODE, and Fiuu refuses the form its portal is not set for', async () => {
      const order = await fiuuOrder();
      const handoff = await handoffFor(order.orderNum);
      const { merchantId, verifyKey } = settings.fiuu;
      const md5 = (text: string) => createHash('md5').update(text).digest('hex');
      expect(handoff.vcode).toBe(md5(`27.60${merchantId}${order.orderNum}${verifyKey}`));

      // A shop set to the extended form while the merchant's portal (here the sandbox) is not: refused (P03).
      const extended = createFiuuClient({ ...settings.fiuu, extendedVcode: true }, t.app.log).handoff({
        orderNum: order.orderNum,
        amount: 2760,
        currency: 'MYR',
        email: 'jane.doe@example.com',
        gameId: 'bigo_123',
        amountGame: 500,
        productName: 'Diamonds',
        lang: 'en',
        registered: false,
      });
      expect(extended.vcode).toBe(md5(`27.60${merchantId}${order.orderNum}${verifyKey}MYR`));
      const refused = await httpPost(
        extended.payment_url,
        fiuuFormFields({ method: 'form', order_status: 3, ...extended }),
      );
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('P03 Incorrect security hash string');
    });

    it('answers the status query from its transactions, signed so the client believes it', async () => {
      const client = createFiuuClient(settings.fiuu, t.app.log);
      const ask = async (who: typeof client, orderNum: string) => {
        await fiuuRequeryWindowPasses(t.app);
        return who.queryStatus({ orderNum, amount: 2760, currency: 'MYR' });
      };
      const order = await fiuuOrder();
      // Never paid at Fiuu (Q203): a definite "no transaction", so a timeout need not wait for another answer.
      expect(await ask(client, order.orderNum)).toEqual({
        state: 'failed',
        reason: 'Fiuu has no transaction for this order',
      });
      // A refused query (wrong verify key: Q202) is no answer at all.
      const wrongVerify = createFiuuClient({ ...settings.fiuu, verifyKey: 'y'.repeat(32) }, t.app.log);
      expect(await ask(wrongVerify, order.orderNum)).toEqual({
        state: 'unknown',
        reason: 'Fiuu status query: Q202 incorrect skey',
      });

      const pay = (await openHostedPage(order.orderNum)).forms[0];
      if (!pay) throw new Error('no Pay form');
      await httpPost(new URL(pay.action, url).toString(), pay.fields);
      const paid = await ask(client, order.orderNum);
      expect(paid).toMatchObject({ state: 'paid', amount: 2760, currency: 'MYR' });
      expect(paid.ref).toBe((await statusOf(order.orderNum)).gatewayRef);

      // A client holding other keys cannot read (or be fooled by) the answer.
      const stranger = createFiuuClient({ ...settings.fiuu, secretKey: 'x'.repeat(32) }, t.app.log);
      expect(await ask(stranger, order.orderNum)).toMatchObject({ state: 'unknown' });
    });

    it('asks Fiuu at most once every 5 seconds for the whole site, and backs off 5 minutes when Fiuu says Q99', async () => {
      const slots = createCallSlots(t.app.database.db);
      const throttled = createFiuuClient(settings.fiuu, t.app.log, { slots });
      const order = await fiuuOrder();
      await fiuuRequeryWindowPasses(t.app);
      const query = { orderNum: order.orderNum, amount: 2760, currency: 'MYR' } as const;
      expect((await throttled.queryStatus(query)).state).toBe('failed');
      // A second process sharing the database gets no slot: it is not even sent.
      const other = createFiuuClient(settings.fiuu, t.app.log, { slots: createCallSlots(t.app.database.db) });
      const held = await other.queryStatus(query);
      expect(held).toMatchObject({
        state: 'unknown',
        reason: 'Fiuu allows one status query every 5 seconds',
      });
      const wait = (held.notBefore?.getTime() ?? 0) - Date.now();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(5_000);

      // Should our slot ever disagree with Fiuu's count (here: lost), Fiuu blocks the query (Q99), and every process
      // then holds off the 5 minutes Fiuu asks for.
      await t.app.database.db.delete(gatewaySlots);
      const blocked = await throttled.queryStatus(query);
      expect(blocked).toMatchObject({ state: 'unknown', reason: expect.stringContaining('Q99') });
      expect((blocked.notBefore?.getTime() ?? 0) - Date.now()).toBeGreaterThan(4 * 60_000);
      const [slot] = await t.app.database.db.select().from(gatewaySlots);
      expect(slot?.nextAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    });
  });

  describe('with real-looking Fiuu keys and an IPN endpoint that does not answer', () => {
    let real: TestApp;
    const keys = { merchant: 'ezr_test_merchant', verify: 'v'.repeat(32), secret: 's'.repeat(32) };

    beforeAll(async () => {
      const closed = await freePort();
      real = await startTestApp(
        {
          FIUU_MERCHANT_ID: keys.merchant,
          FIUU_VERIFY_KEY: keys.verify,
          FIUU_SECRET_KEY: keys.secret,
          FIUU_API_URL: `http://127.0.0.1:${closed}`,
        },
        { listen: true },
      );
    });

    afterAll(async () => {
      await real?.close();
    });

    it('still applies the notification and answers OK', async () => {
      const order = await insertOrder(real.app, {
        productId: null,
        priceId: null,
        currency: 'MYR',
        unitAmount: 2760,
        status: 3,
        gateway: 'fiuu',
      });
      const base = {
        tranID: '7000000001',
        orderid: order.orderNum,
        status: '00',
        domain: keys.merchant,
        amount: '27.60',
        currency: 'MYR',
        appcode: 'X1',
        paydate: '2024-05-01 10:00:00',
      };
      const res = await real.app.inject({
        method: 'POST',
        url: '/api/v1/payment/fiuu/notify',
        ...form({ ...base, skey: fiuuSkey(base, keys.secret), nbcb: '2' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('OK');
      const [row] = await real.app.database.db
        .select()
        .from(orders)
        .where(eq(orders.orderNum, order.orderNum));
      expect(row?.orderStatus).toBe(7);
      // No sandbox is served for a gateway with keys.
      expect(
        (await real.app.inject({ method: 'POST', url: `/sandbox/fiuu/RMS/pay/${keys.merchant}/` }))
          .statusCode,
      ).toBe(404);
    });
  });
});
