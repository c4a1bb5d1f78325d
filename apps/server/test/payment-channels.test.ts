import { STRIPE_SESSION } from '@ezrecharge/sandboxes';
import {
  fiuuFormFields,
  MESSAGES,
  ORDER_STATUS,
  type TFiuuHandoff,
  type TPaymentChannels,
  type TRedirectHandoff,
} from '@ezrecharge/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prices, sandboxRecords } from '../src/db/schema';
import {
  commitOrder,
  eventsOf,
  formHandoff,
  orderCount,
  orderRow,
  type PricePack,
  payloadFor,
  publicPack,
  publicPacks,
} from './support/order-commit';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue #30 over real HTTP against the built-in Fiuu: the channels the storefront offers, the commit's checks of a
 * chosen channel, the hand-off opening Fiuu's page of that channel, and the paid result compared with the choice.
 */

interface FormOnPage {
  action: string;
  fields: Record<string, string>;
}

/** The sandbox page's POST forms with their hidden fields (as a browser submits them). */
function formsOf(page: string): FormOnPage[] {
  const unescapeHtml = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...page.matchAll(/<form method="post" action="([^"]*)"[^>]*>(.*?)<\/form>/g)].map((m) => ({
    action: unescapeHtml(m[1] ?? ''),
    fields: Object.fromEntries(
      [...(m[2] ?? '').matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((i) => [
        unescapeHtml(i[1] ?? ''),
        unescapeHtml(i[2] ?? ''),
      ]),
    ),
  }));
}

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

describe('payment channels chosen on our page (issue #30)', () => {
  let t: TestApp;
  let myr500: PricePack;
  let sgd500: PricePack;
  let myrHuge: PricePack;
  let hkd300: PricePack;
  let thb300: PricePack;

  beforeAll(async () => {
    t = await startTestApp({}, { listen: true });
    myr500 = await publicPack(t.app, 'MYR', 500);
    sgd500 = await publicPack(t.app, 'SGD', 500);
    const { productId } = await publicPacks(t.app);
    // 30 000.01 MYR: one sen above FPX's maximum.
    const [row] = await t.app.database.db
      .insert(prices)
      .values({ productId, currency: 'MYR', gameAmount: 90_000, unitAmount: 3_000_001 })
      .returning();
    if (!row) throw new Error('no price');
    myrHuge = { id: row.id, currency: 'MYR', unit_amount: 3_000_001, game_amount: 90_000 } as PricePack;
    const stripePack = async (currency: 'HKD' | 'THB', unitAmount: number) => {
      const [price] = await t.app.database.db
        .insert(prices)
        .values({ productId, currency, gameAmount: 300, unitAmount })
        .returning();
      if (!price) throw new Error('no price');
      return { id: price.id, currency, unit_amount: unitAmount, game_amount: 300 } as PricePack;
    };
    hkd300 = await stripePack('HKD', 5700);
    thb300 = await stripePack('THB', 25_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  const commit = (pack: PricePack, payChannel: string | undefined) =>
    commitOrder(t.app, payloadFor(pack, 1, payChannel === undefined ? {} : { pay_channel: payChannel }), {
      email: 'channel.buyer@example.com',
    });

  /** Posts the hand-off form to the (sandbox) Fiuu page and pays there as the buyer would. */
  async function payOnFiuu(handoff: TFiuuHandoff, pay: (forms: FormOnPage[]) => FormOnPage) {
    const page = await post(handoff.payment_url, fiuuFormFields(handoff));
    expect(page.status).toBe(200);
    const form = pay(formsOf(await page.text()));
    const result = await post(new URL(form.action, handoff.payment_url).toString(), form.fields);
    expect(result.status).toBe(200);
  }
  const bankForm = (bank: string) => (forms: FormOnPage[]) => {
    const form = forms.find((f) => f.fields.outcome === 'pay_bank');
    if (!form) throw new Error('no bank form');
    return { ...form, fields: { ...form.fields, bank } };
  };

  it('lists the channels of each currency with their limits: Fiuu’s, and Stripe’s methods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payment/channels' });
    expect(res.statusCode).toBe(200);
    const channels = (res.json() as { data: TPaymentChannels }).data;
    expect(Object.keys(channels).sort()).toEqual([
      'CNY',
      'HKD',
      'IDR',
      'JOD',
      'JPY',
      'KRW',
      'MYR',
      'PHP',
      'SGD',
      'THB',
      'USD',
    ]);
    expect(channels.HKD).toEqual([
      { code: 'card', kind: 'card', name: 'Visa / Mastercard', min: 0, max: null, reported: ['card'] },
      { code: 'alipay', kind: 'ewallet', name: 'Alipay', min: 0, max: null, reported: ['alipay'] },
      { code: 'wechat_pay', kind: 'qr', name: 'WeChat Pay', min: 0, max: null, reported: ['wechat_pay'] },
    ]);
    expect(channels.THB?.map((c) => c.code)).toEqual(['card']);
    expect(channels.MYR?.find((c) => c.code === 'FPX_MB2U')).toEqual({
      code: 'FPX_MB2U',
      kind: 'fpx',
      name: 'Maybank2u',
      min: 101,
      max: 3_000_000,
      reported: ['FPX_MB2U', 'MB2u'],
    });
    expect(channels.SGD?.map((c) => c.code)).toEqual(['PayNow', 'GrabPay_SG', 'creditAN']);
    expect(channels.USD?.map((c) => c.code)).toEqual(['creditT']);
  });

  it('opens Fiuu on the chosen FPX bank, stores the choice, and a payment through it is no mismatch', async () => {
    const handoff = formHandoff(await commit(myr500, 'fpx_mb2u'));
    expect(handoff.payment_url).toMatch(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/FPX_MB2U\.php$/);
    expect(handoff.channel).toBe('FPX_MB2U');
    expect((await orderRow(t.app, handoff.order_num)).paymentChannelChoice).toBe('FPX_MB2U');

    await payOnFiuu(handoff, bankForm('FPX_MB2U'));
    const row = await orderRow(t.app, handoff.order_num);
    expect(row.paidAt).not.toBeNull();
    expect(row.paymentChannel).toBe('FPX_MB2U');
    const notes = (await eventsOf(t.app, handoff.order_num)).map((e) => e.note?.key);
    expect(notes).not.toContain('payment_channel_mismatch');
  });

  it('records a payment through another channel than the chosen one, and counts it', async () => {
    const handoff = formHandoff(await commit(myr500, 'FPX_MB2U'));
    // The buyer switches bank on Fiuu's page.
    await payOnFiuu(handoff, bankForm('FPX_CIMBCLICKS'));
    const row = await orderRow(t.app, handoff.order_num);
    expect(row.paidAt).not.toBeNull();
    expect(row.orderStatus).not.toBe(ORDER_STATUS.PENDING_PAYMENT);
    const mismatch = (await eventsOf(t.app, handoff.order_num)).filter(
      (e) => e.note?.key === 'payment_channel_mismatch',
    );
    expect(mismatch).toHaveLength(1);
    expect(mismatch[0]?.cause).toMatch(/^paid through FPX_CIMBCLICKS, not the chosen FPX_MB2U \(fiuu /);
    expect(mismatch[0]?.detail).toEqual({ chosen_channel: 'FPX_MB2U', reported_channel: 'FPX_CIMBCLICKS' });
  });

  it('opens PayNow for SGD; an e-wallet is paid in the app', async () => {
    const handoff = formHandoff(await commit(sgd500, 'PayNow'));
    expect(handoff.payment_url).toMatch(/\/PayNow\.php$/);
    await payOnFiuu(handoff, (forms) => {
      const paid = forms.find((f) => f.fields.outcome === 'pay_channel');
      if (!paid) throw new Error('no paid-in-app button');
      return paid;
    });
    const row = await orderRow(t.app, handoff.order_num);
    expect(row).toMatchObject({ paymentChannelChoice: 'PayNow', paymentChannel: 'PayNow' });
    expect(row.paidAt).not.toBeNull();
  });

  it('opens Stripe Checkout on the chosen method alone (WeChat Pay with its web client), and refuses one the currency lacks', async () => {
    const session = async (res: Awaited<ReturnType<typeof commit>>) => {
      expect(res.statusCode, res.body).toBe(200);
      const handoff = (res.json() as { data: TRedirectHandoff }).data;
      expect(handoff.method).toBe('redirect');
      const id = new URL(handoff.payment_url).pathname.split('/').pop() ?? '';
      const [row] = await t.app.database.db
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, STRIPE_SESSION), eq(sandboxRecords.key, id)));
      const stored = row?.data as {
        session: { payment_method_types: string[]; payment_method_options: unknown };
      };
      return { orderNum: handoff.order_num, ...stored.session };
    };
    const wechat = await session(await commit(hkd300, 'wechat_pay'));
    expect(wechat.payment_method_types).toEqual(['wechat_pay']);
    expect(wechat.payment_method_options).toEqual({ wechat_pay: { client: 'web' } });
    expect((await orderRow(t.app, wechat.orderNum)).paymentChannelChoice).toBe('wechat_pay');
    expect((await session(await commit(hkd300, 'Alipay'))).payment_method_types).toEqual(['alipay']);
    // No choice: Checkout offers the account's methods for the currency.
    expect((await session(await commit(hkd300, undefined))).payment_method_types).toEqual(['card', 'alipay']);

    const before = await orderCount(t.app);
    expect((await commit(thb300, 'alipay')).json()).toMatchObject({
      message_key: 'order_channel_unavailable',
    });
    expect(await orderCount(t.app)).toBe(before);
    expect((await session(await commit(thb300, 'card'))).payment_method_types).toEqual(['card']);
  });

  it('without a choice opens Fiuu’s own page, as before', async () => {
    const handoff = formHandoff(await commit(myr500, undefined));
    expect(handoff.payment_url).toMatch(/\/RMS\/pay\/[^/]+\/$/);
    expect(handoff.channel).toBeUndefined();
    expect((await orderRow(t.app, handoff.order_num)).paymentChannelChoice).toBeNull();
  });

  it('refuses, before any order exists, a channel not offered for the currency or outside its limits', async () => {
    const before = await orderCount(t.app);
    const unknown = await commit(myr500, 'FPX_NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'bad_request',
      message: MESSAGES.order_channel_unavailable,
      message_key: 'order_channel_unavailable',
    });
    // PayNow is an SGD channel.
    expect((await commit(myr500, 'PayNow')).json()).toMatchObject({
      message_key: 'order_channel_unavailable',
    });

    const tooMuch = await commit(myrHuge, 'FPX_MB2U');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'bad_request',
      message_key: 'order_channel_limit',
      detail: 'Maybank2u (FPX_MB2U) takes 1.01 to 30000.00 MYR; the order is 30000.01',
    });
    // A bad code is a field error of the payload.
    const bad = await commit(myr500, 'FPX MB2U');
    expect(bad.statusCode).toBe(400);
    expect(await orderCount(t.app)).toBe(before);
  });
});
