import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsOf, postForm } from './support/html-forms';
import { OPERATOR_TOKEN, type SandboxApp, startSandboxApp } from './support/sandbox-app';
import { stripeSdk } from './support/stripe-sdk';

/**
 * What a merchant's reconciliation reads from the far ends: Fiuu's Daily Transaction Report (skey = md5(rdate +
 * merchantID + secret_key), written out here from the spec, not taken from the sandbox), its Settlement Report with
 * the refunds made in the merchant portal (token = md5(merchantID + verify_key + date)), the Fiuu controls that
 * drop every notification, and Stripe's list endpoints through the real SDK.
 */
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
/** YYYY-MM-DD of an instant in Malaysia time, as Fiuu dates everything. */
const mytDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('reconciliation sources of the sandboxes', () => {
  let t: SandboxApp;
  let merchantId: string;
  let verifyKey: string;
  let secretKey: string;
  let stripe: Stripe;
  let n = 0;

  beforeAll(async () => {
    t = await startSandboxApp();
    ({ merchantId, verifyKey, secretKey } = t.options.fiuu ?? {
      merchantId: '',
      verifyKey: '',
      secretKey: '',
    });
    stripe = stripeSdk(`${t.url}/sandbox/stripe`, t.options.stripe?.secretKey ?? '');
  });
  afterAll(async () => t.close());

  const controls = (method: 'GET' | 'PUT' | 'DELETE', body?: unknown, token = OPERATOR_TOKEN) =>
    fetch(`${t.url}/sandbox/fiuu/controls`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** Pays an order on the hosted page; the result page. */
  async function pay(amount: string, outcome: 'pay' | 'fail' = 'pay') {
    n += 1;
    const orderid = `RC${Date.now()}${n}`;
    const fields = {
      amount,
      orderid,
      currency: 'MYR',
      bill_name: 'Buyer',
      bill_email: 'buyer@example.com',
      bill_mobile: '60123456789',
      bill_desc: '100 diamonds',
      returnurl: `${t.url}/shop/fiuu/return`,
      vcode: md5(`${amount}${merchantId}${orderid}${verifyKey}`),
    };
    const page = await postForm(`${t.url}/sandbox/fiuu/RMS/pay/${merchantId}/`, fields);
    const button = formsOf(await page.text()).find((f) => f.fields.outcome === outcome);
    if (!button) throw new Error('no button');
    const result = await postForm(new URL(button.action, t.url).toString(), button.fields);
    expect(result.status).toBe(200);
    return { orderid, page: await result.text() };
  }

  const report = (fields: Record<string, string>) =>
    postForm(`${t.url}/sandbox/fiuu-api/RMS/API/PSQ/psq-daily.php`, fields);

  it('drops every notification, callback and return while the controls say so, and sends again after DELETE', async () => {
    expect((await controls('PUT', { notify: 'drop' }, 'someone-else')).status).toBe(401);
    expect(await (await controls('PUT', { notify: 'drop' })).json()).toEqual({ notify: 'drop' });
    expect((await controls('PUT', { notify: 'sometimes' })).status).toBe(400);
    t.shopPosts.length = 0;
    const dropped = await pay('10.00');
    expect(t.shopPosts).toEqual([]);
    expect(formsOf(dropped.page)).toEqual([]);
    expect(dropped.page).toContain('drop notifications');

    expect(await (await controls('DELETE')).json()).toEqual({ notify: 'send' });
    await pay('11.00');
    expect(t.shopPosts.map((p) => p.path)).toEqual([
      '/shop/fiuu/notify',
      '/shop/fiuu/notify',
      '/shop/fiuu/callback',
    ]);
  });

  it("answers the day's transactions in the daily report, signed with the secret key, as JSON or TAB lines", async () => {
    const paid = await pay('27.60');
    const failed = await pay('5.00', 'fail');
    const rdate = mytDay(new Date());
    const skey = md5(`${rdate}${merchantId}${secretKey}`);

    const json = await report({ merchantID: merchantId, rdate, skey, version: '4.0', response_type: 'json' });
    const rows = (await json.json()) as Record<string, string>[];
    expect(rows.find((r) => r.OrderID === paid.orderid)).toMatchObject({
      Amount: '27.60',
      StatCode: '00',
      StatName: 'captured',
      Channel: 'credit',
      BillingName: 'Buyer',
    });
    expect(rows.find((r) => r.OrderID === paid.orderid)?.TranID).toMatch(/^\d{10}$/);
    expect(rows.find((r) => r.OrderID === failed.orderid)).toMatchObject({
      StatCode: '11',
      StatName: 'failed',
    });

    const onlyPaid = (await (
      await report({ merchantID: merchantId, rdate, skey, status: '00', response_type: 'json' })
    ).json()) as Record<string, string>[];
    expect(onlyPaid.every((r) => r.StatCode === '00')).toBe(true);

    const text = await (await report({ merchantID: merchantId, rdate, skey })).text();
    const [header, ...lines] = text.trim().split('\n');
    expect(header?.split('\t')).toEqual([
      'BillingDate',
      'OrderID',
      'TranID',
      'Channel',
      'Amount',
      'StatCode',
      'StatName',
      'BillingName',
      'ServiceItem',
    ]);
    expect(lines.some((l) => l.split('\t')[1] === paid.orderid && l.split('\t')[4] === '27.60')).toBe(true);

    // The day before holds none of them; a window of one second at midnight neither.
    const yesterday = mytDay(new Date(Date.now() - 86_400_000));
    const before = (await (
      await report({
        merchantID: merchantId,
        rdate: yesterday,
        skey: md5(`${yesterday}${merchantId}${secretKey}`),
        response_type: 'json',
      })
    ).json()) as unknown[];
    expect(before).toEqual([]);
  });

  it('refuses a report whose skey is made with the verify key (Q202), a missing field (Q01) or a bad rdate (Q05)', async () => {
    const rdate = mytDay(new Date());
    const withVerifyKey = await report({
      merchantID: merchantId,
      rdate,
      skey: md5(`${rdate}${merchantId}${verifyKey}`),
      response_type: 'json',
    });
    expect(await withVerifyKey.json()).toEqual({ error_code: 'Q202', error_desc: 'Incorrect skey' });
    expect(await (await report({ merchantID: merchantId, rdate })).text()).toContain('error_code: Q01');
    const bad = await report({
      merchantID: merchantId,
      rdate: 'yesterday',
      skey: md5(`yesterday${merchantId}${secretKey}`),
      response_type: 'json',
    });
    expect(await bad.json()).toMatchObject({ error_code: 'Q05' });
  });

  const settlement = (fields: Record<string, string>) =>
    fetch(`${t.url}/sandbox/fiuu-api/RMS/API/settlement/report.php?${new URLSearchParams(fields)}`);
  const portalRefund = (body: unknown, token = OPERATOR_TOKEN) =>
    fetch(`${t.url}/sandbox/fiuu/portal-refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("answers the settlement report (token with the verify key) with the day's batch and the portal's refunds as R records", async () => {
    const paid = await pay('27.60');
    const date = mytDay(new Date());
    // Fiuu: token = md5({merchantID}{verify_key}{date}), written out from the spec (p.87).
    const token = md5(`${merchantId}${verifyKey}${date}`);
    const daily = (await (
      await report({
        merchantID: merchantId,
        rdate: date,
        skey: md5(`${date}${merchantId}${secretKey}`),
        response_type: 'json',
      })
    ).json()) as Record<string, string>[];
    const tranID = daily.find((r) => r.OrderID === paid.orderid)?.TranID ?? '';

    // Refunded in the portal: the merchant is told nothing; only operators may play it; never more than was paid.
    t.shopPosts.length = 0;
    expect((await portalRefund({ tranID }, 'someone-else')).status).toBe(401);
    expect((await portalRefund({ tranID, amount: '30.00' })).status).toBe(409);
    const refund = (await (await portalRefund({ tranID, amount: '10.00' })).json()) as Record<string, string>;
    expect(refund).toMatchObject({ TxnID: tranID, Amount: '10.00', Status: '00' });
    expect((await portalRefund({ tranID })).status).toBe(200); // the rest, 17.60
    expect((await portalRefund({ tranID })).status).toBe(409);
    expect(t.shopPosts).toEqual([]);

    const rows = (await (
      await settlement({ version: '4.0', merchant_id: merchantId, token, date, format: 'json' })
    ).json()) as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({ RecordIdentifier: 'H', SettlementDate: date.replaceAll('-', '') });
    expect(rows.find((r) => r.RecordIdentifier === 'D' && r.OrderId === paid.orderid)).toMatchObject({
      AcquirerReference: tranID,
      TransactionGrossAmount: '2760',
      Status: 'SETTLED',
    });
    const refunds = rows.filter((r) => r.RecordIdentifier === 'R' && r.OrderId === paid.orderid);
    expect(refunds.map((r) => r.TransactionGrossAmount)).toEqual(['-1000', '-1760']);
    expect(refunds[0]).toMatchObject({
      AcquirerReference: tranID,
      Status: 'REFUND',
      TransactionCurrency: 'MYR',
    });

    // Before version 4.0 the report has no refund records.
    const old = (await (
      await settlement({ version: '3.0', merchant_id: merchantId, token, date, format: 'json' })
    ).json()) as Record<string, unknown>[];
    expect(old.some((r) => r.RecordIdentifier === 'R')).toBe(false);
    // The secret key does not sign it; a date must read.
    expect(
      await (
        await settlement({
          version: '4.0',
          merchant_id: merchantId,
          token: md5(`${merchantId}${secretKey}${date}`),
          date,
        })
      ).json(),
    ).toEqual({ success: false, token: 'invalid token' });
    expect(
      await (await settlement({ version: '4.0', merchant_id: merchantId, token, date: '05/12/2026' })).json(),
    ).toEqual({ success: false, date: 'invalid date format, eg. yyyy-mm-dd' });
  });

  it("lists Checkout Sessions and refunds by creation time, newest first, page by page, as Stripe's list endpoints do", async () => {
    const made: string[] = [];
    for (const amount of [1000, 2000, 3000]) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'x' } } },
        ],
        success_url: `${t.url}/shop/done`,
      });
      made.push(session.id);
    }
    const since = Math.floor(Date.now() / 1000) - 60;
    const firstPage = await stripe.checkout.sessions.list({ created: { gte: since }, limit: 2 });
    expect(firstPage.data).toHaveLength(2);
    expect(firstPage.has_more).toBe(true);
    const all: string[] = [];
    for await (const session of stripe.checkout.sessions.list({ created: { gte: since }, limit: 2 })) {
      all.push(session.id);
    }
    expect(all).toEqual(expect.arrayContaining(made));
    expect(new Set(all).size).toBe(all.length);
    expect((await stripe.checkout.sessions.list({ created: { lt: since } })).data).toEqual([]);
    const bad = await stripe.checkout.sessions.list({ limit: 101 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ statusCode: 400, param: 'limit' });

    // A refund made at the gateway alone shows in the list of every refund.
    const session = await stripe.checkout.sessions.retrieve(made[0] ?? '');
    const page = await (await fetch(session.url ?? '')).text();
    const payButton = formsOf(page).find((f) => f.fields.action === 'pay');
    if (!payButton) throw new Error('no Pay button');
    await postForm(new URL(payButton.action, t.url).toString(), payButton.fields);
    const pi = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    const refund = await stripe.refunds.create({ payment_intent: pi, amount: 400 });
    const refunds = await stripe.refunds.list({ created: { gte: since }, limit: 100 });
    expect(refunds.data.map((r) => r.id)).toContain(refund.id);
    expect((await stripe.checkout.sessions.list({ payment_intent: pi })).data.map((s) => s.id)).toEqual([
      session.id,
    ]);
  });
});
