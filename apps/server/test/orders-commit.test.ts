import { createHash, generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  encryptWireJson,
  fiuuFormFields,
  formatEventTime,
  formatMinor,
  MESSAGES,
  ORDER_STATUS,
  WIRE_CONTEXT,
} from '@ezrecharge/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { gatewaySettings, sandboxBigoKeys } from '../src/gateways/gateway-settings';
import { bearer, createUser } from './support/auth';
import {
  commitOrder,
  eventsOf,
  formHandoff,
  freshIp,
  handoffOf,
  orderCount,
  orderRow,
  type PricePack,
  payloadFor,
  publicPack,
  publicPacks,
} from './support/order-commit';
import { readOutbox } from './support/outbox';
import { freePort, startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Order commit (SPEC.md §3, §5, §7; DESIGN.md §5–§7) over real HTTP against the built-in gateways: every refusal
 * before an order exists, the BIGO precheck's three outcomes, and the hand-off to Fiuu's form or Stripe Checkout.
 */

const MINUTE = 60_000;

interface ErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string>;
}

describe('order commit', () => {
  let t: TestApp;
  let sgd500: PricePack;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({}, { listen: true });
    sgd500 = await publicPack(t.app, 'SGD', 500);
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function refused(res: Awaited<ReturnType<typeof commitOrder>>, status: number, message: string) {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as ErrorBody;
    expect(body.message).toBe(message);
    return body;
  }

  describe('refuses before any order exists', () => {
    let before: number;
    beforeAll(async () => {
      before = await orderCount(t.app);
    });
    afterAll(async () => {
      expect(await orderCount(t.app)).toBe(before);
    });

    it('a tampered amount', async () => {
      const res = await commitOrder(t.app, payloadFor(sgd500, 2, { amount: sgd500.unit_amount }), {
        email: 'a@example.com',
      });
      await refused(res, 400, MESSAGES.order_amount_mismatch);
    });

    it('a tampered diamond count', async () => {
      const res = await commitOrder(t.app, payloadFor(sgd500, 2, { amount_game: 5_000 }), {
        email: 'a@example.com',
      });
      await refused(res, 400, MESSAGES.order_amount_mismatch);
    });

    it('more than 100 000 diamonds in one order', async () => {
      // 201 × 500 = 100 500 diamonds, amounts computed honestly.
      const res = await commitOrder(t.app, payloadFor(sgd500, 201), { email: 'a@example.com' });
      const body = await refused(res, 400, MESSAGES.payment_quantity_tips);
      expect(body.errors?.amount_game).toBe(MESSAGES.payment_quantity_tips);
    });

    it('quantity 0', async () => {
      const res = await commitOrder(t.app, payloadFor(sgd500, 0, { amount: 0, amount_game: 0 }), {
        email: 'a@example.com',
      });
      const body = await refused(res, 400, MESSAGES.payment_quantity_tips);
      expect(body.errors?.quantity).toBe(MESSAGES.payment_quantity_tips);
    });

    it('a price of a product that is not on sale', async () => {
      const product = await t.app.inject({
        method: 'POST',
        url: '/api/v1/product/',
        headers: { authorization: admin },
        payload: {
          name: 'Hidden pack',
          image: '',
          comment: '',
          code: 'hidden',
          description: '',
          pay_note: '',
        },
      });
      expect(product.statusCode, product.body).toBe(200);
      const productId = (product.json() as { data: { id: number; release: boolean } }).data.id;
      const price = await t.app.inject({
        method: 'POST',
        url: '/api/v1/price/create',
        headers: { authorization: admin },
        payload: { product_id: productId, game_amount: 700, currency: 'SGD', unit_amount: 1500 },
      });
      expect(price.statusCode, price.body).toBe(200);
      const priceId = (price.json() as { data: { id: number } }).data.id;
      const pack = { id: priceId, currency: 'SGD' as const, game_amount: 700, unit_amount: 1500 };
      const res = await commitOrder(t.app, payloadFor(pack, 1), { email: 'a@example.com' });
      await refused(res, 400, MESSAGES.order_price_unavailable);
    });

    it('a price in another currency than the one paid in', async () => {
      const res = await commitOrder(t.app, payloadFor(sgd500, 1, { pay_currency: 'MYR' }), {
        email: 'a@example.com',
      });
      await refused(res, 400, MESSAGES.order_price_unavailable);
    });

    it('a price that does not exist', async () => {
      const res = await commitOrder(t.app, payloadFor({ ...sgd500, id: 999_999 }, 1), {
        email: 'a@example.com',
      });
      await refused(res, 400, MESSAGES.order_price_unavailable);
    });

    it('an event time more than 5 minutes old, or ahead', async () => {
      for (const offset of [-6 * MINUTE, 6 * MINUTE]) {
        const eventtime = formatEventTime(new Date(Date.now() + offset));
        const res = await commitOrder(t.app, payloadFor(sgd500, 1), { email: 'a@example.com', eventtime });
        await refused(res, 400, MESSAGES.order_expired);
      }
    });

    it('data that does not decrypt to an order', async () => {
      const eventtime = formatEventTime();
      const garbage = await commitOrder(t.app, null, {
        email: 'a@example.com',
        eventtime,
        rawData: 'bm90IGFuIG9yZGVyIGF0IGFsbA==',
      });
      await refused(garbage, 400, MESSAGES.order_payload_invalid);
      // Encrypted right, but for another event time than the one sent beside it.
      const other = await encryptWireJson(
        payloadFor(sgd500, 1),
        formatEventTime(new Date(Date.now() - 30_000)),
        WIRE_CONTEXT.order,
      );
      await refused(
        await commitOrder(t.app, null, { email: 'a@example.com', eventtime, rawData: other }),
        400,
        MESSAGES.order_payload_invalid,
      );
      // The price select's context is not the order's.
      const select = await encryptWireJson(payloadFor(sgd500, 1), eventtime, WIRE_CONTEXT.select);
      await refused(
        await commitOrder(t.app, null, { email: 'a@example.com', eventtime, rawData: select }),
        400,
        MESSAGES.order_payload_invalid,
      );
      // JSON, but not the form's payload.
      await refused(
        await commitOrder(t.app, [1, 2, 3], { email: 'a@example.com' }),
        400,
        MESSAGES.order_payload_invalid,
      );
      await refused(
        await commitOrder(t.app, payloadFor(sgd500, 1, { discount: 50 }), { email: 'a@example.com' }),
        400,
        MESSAGES.order_payload_invalid,
      );
    });

    it('a missing or invalid e-mail on the public page, as the first failing check', async () => {
      const missing = await commitOrder(t.app, payloadFor(sgd500, 1));
      const body = await refused(missing, 400, MESSAGES.payment_email_tips);
      expect(body.errors).toEqual({ email: MESSAGES.payment_email_tips });
      await refused(
        await commitOrder(t.app, payloadFor(sgd500, 1), { email: 'not-an-email' }),
        400,
        MESSAGES.payment_email_tips,
      );
      // Several problems: the message is the first of SPEC.md §5's order (currency, price, quantity, ID, e-mail).
      const several = await commitOrder(t.app, payloadFor(sgd500, 1, { game_id: '', pay_currency: 'EUR' }), {
        email: 'nope',
      });
      const all = await refused(several, 400, MESSAGES.payment_currency_code_tips);
      expect(all.errors).toMatchObject({
        pay_currency: MESSAGES.payment_currency_code_tips,
        game_id: MESSAGES.payment_game_id_tips,
        email: MESSAGES.payment_email_tips,
      });
    });

    it('a BIGO ID the precheck rejects is stored in status 1 and refused', async () => {
      const res = await commitOrder(t.app, payloadFor(sgd500, 1, { game_id: 'reject_this_id' }), {
        email: 'a@example.com',
      });
      const body = await refused(res, 400, MESSAGES.order_precheck_failed);
      expect(body.errors?.game_id).toBe(MESSAGES.order_precheck_failed);
      before++; // the one order this block creates, on purpose
      const [row] = await t.app.database.db.query.orders.findMany({
        where: (o, { eq: is }) => is(o.gameId, 'reject_this_id'),
      });
      expect(row).toMatchObject({ orderStatus: ORDER_STATUS.PRECHECK_FAILED, precheckRescode: 7212004 });
      expect(row?.failureReason).toBeTruthy();
      expect(row?.paymentDeadline).toBeNull();
      const events = await eventsOf(t.app, row?.orderNum ?? '');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ fromStatus: null, toStatus: ORDER_STATUS.PRECHECK_FAILED });
      expect(events[0]?.cause).toMatch(/^precheck rejected/);
      const timeouts = await t.app.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `payment-timeout:${row?.orderNum}`));
      expect(timeouts).toHaveLength(0);
    });
  });

  it('hands an SGD order to the Fiuu form with a vcode that checks out, and waits for payment in 3', async () => {
    const res = await commitOrder(t.app, payloadFor(sgd500, 2), {
      email: ' Buyer.One@Example.COM ',
      acceptLanguage: 'zh-CN,zh;q=0.9,en;q=0.8',
    });
    expect((res.json() as { message: string }).message).toBe(MESSAGES.order_created);
    const handoff = formHandoff(res);
    const settings = gatewaySettings(
      t.config,
      (await readFile(path.join(t.dataDir, 'app-secret'), 'utf8')).trim(),
    );
    const { merchantId, verifyKey } = settings.fiuu;
    expect(handoff).toMatchObject({
      method: 'form',
      order_status: ORDER_STATUS.PENDING_PAYMENT,
      payment_url: `${t.url}/sandbox/fiuu/RMS/pay/${merchantId}/`,
      amount: formatMinor(sgd500.unit_amount * 2, 'SGD'),
      currency: 'SGD',
      // A visitor: Fiuu's guest checkout (cheatsheet Tip #7), no phone number held; the page in Chinese.
      bill_email: 'buyer.one@example.com',
      bill_name: 'guest',
      bill_mobile: '',
      guest_checkout: '1',
      langcode: 'cn',
    });
    expect(handoff.order_num).toMatch(/^EZ[2-9A-HJ-NP-Z]{22}$/);
    // The standard vcode (FIUU_EXTENDED_VCODE unset): Fiuu's formula without the currency.
    const vcode = createHash('md5')
      .update(`${handoff.amount}${merchantId}${handoff.order_num}${verifyKey}`)
      .digest('hex');
    expect(handoff.vcode).toBe(vcode);

    // The browser posts the form: the sandbox (which checks vcode as Fiuu does) shows its payment page.
    const page = await fetch(handoff.payment_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fiuuFormFields(handoff)).toString(),
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(handoff.order_num);

    const row = await orderRow(t.app, handoff.order_num);
    expect(row).toMatchObject({
      orderStatus: ORDER_STATUS.PENDING_PAYMENT,
      email: 'buyer.one@example.com',
      lang: 'zh',
      pageInfo: 'recharge',
      gateway: 'fiuu',
      currency: 'SGD',
      unitAmount: sgd500.unit_amount,
      gameAmount: 500,
      quantity: 2,
      amount: sgd500.unit_amount * 2,
      amountGame: 1_000,
      productName: 'BIGO LIVE Diamonds',
      priceId: sgd500.id,
      precheckRescode: 0,
      createdBy: null,
      failureReason: null,
    });
    const deadline = row.paymentDeadline?.getTime() ?? 0;
    expect(Math.abs(deadline - (Date.now() + 30 * MINUTE))).toBeLessThan(MINUTE);
    const events = await eventsOf(t.app, handoff.order_num);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, 2, 'visitor'],
      [2, 3, 'visitor'],
    ]);
    const [job] = await t.app.database.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'payment-timeout'), eq(jobs.dedupeKey, `payment-timeout:${handoff.order_num}`)),
      );
    expect(job).toMatchObject({ state: 'queued', payload: { order_num: handoff.order_num } });
    expect(job?.runAt.getTime()).toBe(deadline);
  });

  it('stores the BIGO ID without the "ID:" label and spaces a buyer copied with it', async () => {
    for (const typed of ['ID: Star88', ' id:Star88 ']) {
      const handoff = formHandoff(
        await commitOrder(t.app, payloadFor(sgd500, 1, { game_id: typed }), { email: 'id@example.com' }),
      );
      expect((await orderRow(t.app, handoff.order_num)).gameId, typed).toBe('Star88');
    }
    const labelOnly = await commitOrder(t.app, payloadFor(sgd500, 1, { game_id: 'ID: ' }), {
      email: 'id@example.com',
    });
    expect((await refused(labelOnly, 400, MESSAGES.payment_game_id_tips)).errors?.game_id).toBe(
      MESSAGES.payment_game_id_tips,
    );
  });

  it('gives every order its own unguessable number', async () => {
    const nums = new Set<string>();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      nums.add(
        formHandoff(await commitOrder(t.app, payloadFor(sgd500, 1), { email: 'n@example.com', ip }))
          .order_num,
      );
    }
    expect(nums.size).toBe(5);
    for (const num of nums) expect(num.length).toBeLessThanOrEqual(40);
  });

  it('orders with the profile e-mail and records the buyer when signed in', async () => {
    const userId = await createUser(t.app, {
      username: 'signedbuyer',
      password: 'buyer-pass-1',
      email: 'Profile.Buyer@example.com',
    });
    const auth = await bearer(t.app, 'signedbuyer', 'buyer-pass-1');
    const withoutEmail = formHandoff(
      await commitOrder(t.app, payloadFor(sgd500, 1, { page_info: 'ezrecharge' }), { authorization: auth }),
    );
    const withOtherEmail = formHandoff(
      await commitOrder(t.app, payloadFor(sgd500, 1), {
        authorization: auth,
        email: 'someone.else@example.com',
      }),
    );
    for (const num of [withoutEmail.order_num, withOtherEmail.order_num]) {
      const row = await orderRow(t.app, num);
      expect(row).toMatchObject({ email: 'Profile.Buyer@example.com', createdBy: userId, lang: 'en' });
      expect((await eventsOf(t.app, num))[0]?.actor).toBe(`user:${userId}`);
    }
    expect((await orderRow(t.app, withoutEmail.order_num)).pageInfo).toBe('ezrecharge');
    expect(withoutEmail.bill_email).toBe('Profile.Buyer@example.com');
  });

  it('asks an expired session to sign in again, unless the visitor gave an e-mail', async () => {
    const dead = `Bearer ${'x'.repeat(43)}`;
    const res = await commitOrder(t.app, payloadFor(sgd500, 1), { authorization: dead });
    expect(res.statusCode).toBe(401);
    const visitor = formHandoff(
      await commitOrder(t.app, payloadFor(sgd500, 1), { authorization: dead, email: 'v@example.com' }),
    );
    expect(await orderRow(t.app, visitor.order_num)).toMatchObject({
      email: 'v@example.com',
      createdBy: null,
    });
  });

  it('redirects an HKD order to a Stripe Checkout Session that expires a minute after the deadline', async () => {
    const { productId } = await publicPacks(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/price/create',
      headers: { authorization: admin },
      payload: { product_id: productId, game_amount: 1000, currency: 'HKD', unit_amount: 14_800 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const hkd = await publicPack(t.app, 'HKD', 1000);
    const res = await commitOrder(t.app, payloadFor(hkd, 3, { game_id: 'stripe_buyer' }), {
      email: 's@example.com',
    });
    const handoff = handoffOf(res);
    if (handoff.method !== 'redirect') throw new Error('expected a redirect');
    expect(handoff.order_status).toBe(ORDER_STATUS.PENDING_PAYMENT);
    expect(handoff.payment_url.startsWith(`${t.url}/sandbox/stripe/pay/`)).toBe(true);

    const row = await orderRow(t.app, handoff.order_num);
    expect(row).toMatchObject({
      orderStatus: ORDER_STATUS.PENDING_PAYMENT,
      gateway: 'stripe',
      currency: 'HKD',
      amount: 44_400,
      amountGame: 3_000,
      payCheckoutSessionUrl: handoff.payment_url,
    });
    expect(row.gatewayRef).toMatch(/^cs_/);

    // What Stripe was asked for, as its API answers it.
    const secret = (await readFile(path.join(t.dataDir, 'app-secret'), 'utf8')).trim();
    const { secretKey } = gatewaySettings(t.config, secret).stripe;
    const session = await fetch(`${t.url}/sandbox/stripe/v1/checkout/sessions/${row.gatewayRef}`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(session.status).toBe(200);
    const s = (await session.json()) as {
      amount_total: number;
      currency: string;
      success_url: string;
      cancel_url: string;
      expires_at: number;
      status: string;
    };
    expect(s).toMatchObject({ amount_total: 44_400, currency: 'hkd', status: 'open' });
    expect(s.success_url).toBe(`${t.url}/home-order?order_num=${handoff.order_num}&success=true`);
    expect(s.cancel_url).toBe(`${t.url}/api/v1/payment/stripe/cancel?order_num=${handoff.order_num}`);
    const deadline = row.paymentDeadline?.getTime() ?? 0;
    expect(Math.abs(s.expires_at * 1000 - (deadline + MINUTE))).toBeLessThan(5_000);

    const page = await fetch(handoff.payment_url);
    expect(page.status).toBe(200);
  });

  it('asks Stripe for 500 on a ¥500 order: yen have no decimals, so nothing is multiplied by 100', async () => {
    const { productId } = await publicPacks(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/price/create',
      headers: { authorization: admin },
      payload: { product_id: productId, game_amount: 700, currency: 'JPY', unit_amount: 500 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const yen = await publicPack(t.app, 'JPY', 700);
    expect(yen.unit_amount).toBe(500);
    const handoff = handoffOf(
      await commitOrder(t.app, payloadFor(yen, 1, { game_id: 'yen_buyer' }), { email: 'y@example.com' }),
    );
    if (handoff.method !== 'redirect') throw new Error('expected a redirect');
    const row = await orderRow(t.app, handoff.order_num);
    expect(row).toMatchObject({ gateway: 'stripe', currency: 'JPY', amount: 500 });

    const secret = (await readFile(path.join(t.dataDir, 'app-secret'), 'utf8')).trim();
    const { secretKey } = gatewaySettings(t.config, secret).stripe;
    const session = await fetch(`${t.url}/sandbox/stripe/v1/checkout/sessions/${row.gatewayRef}`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ amount_total: 500, currency: 'jpy', status: 'open' });
  });

  it('limits commits per client address (30 a minute)', async () => {
    const ip = freshIp();
    const stale = formatEventTime(new Date(Date.now() - 10 * MINUTE));
    for (let i = 0; i < 30; i++) {
      // Refused for the stale time, but counted: the limit is on attempts, not on orders.
      const res = await commitOrder(t.app, payloadFor(sgd500, 1), {
        email: 'r@example.com',
        ip,
        eventtime: stale,
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await commitOrder(t.app, payloadFor(sgd500, 1), { email: 'r@example.com', ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
    // Another address is not affected.
    expect((await commitOrder(t.app, payloadFor(sgd500, 1), { email: 'r@example.com' })).statusCode).toBe(
      200,
    );
  });
});

describe('order commit while BIGO cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const closed = await freePort();
    t = await startTestApp(
      {
        BIGO_API_BASE: `http://127.0.0.1:${closed}`,
        BIGO_CLIENT_ID: 'ezrecharge-test',
        BIGO_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        BIGO_SIGN_ALG: 'ES256',
      },
      { listen: true },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 and stores no order', async () => {
    const pack = await publicPack(t.app, 'SGD', 100);
    const before = await orderCount(t.app);
    const res = await commitOrder(t.app, payloadFor(pack, 1), { email: 'a@example.com' });
    expect(res.statusCode, res.body).toBe(503);
    expect((res.json() as ErrorBody).message).toBe(MESSAGES.order_precheck_unavailable);
    expect(await orderCount(t.app)).toBe(before);
  });
});

describe('order commit while BIGO refuses our own access', () => {
  const secret = 'access-test-secret-0123456789abcdefghijklm';
  let t: TestApp;
  let admin: string;
  let pack: PricePack;

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: secret }, { listen: true });
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    pack = await publicPack(t.app, 'SGD', 500);
  });
  afterAll(async () => {
    await t?.close();
  });

  const failNextPrecheck = async (failure: Record<string, number>) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/sandbox/bigo/controls',
      headers: { authorization: admin },
      payload: { fail_next: { ...failure, endpoint: 'precheck' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const alertKeys = async () =>
    (await t.app.database.db.select().from(jobs).where(eq(jobs.kind, 'bigo-access-alert'))).map(
      (j) => j.dedupeKey,
    );
  const alerts = async () =>
    (await readOutbox(t.dataDir)).filter(
      (m) => m.to.includes(TEST_ADMIN.email) && m.subject.startsWith('EzRecharge: BIGO refuses our calls'),
    );

  /** A commit BIGO's precheck does not answer about the ID: the buyer is told to try later, no order is kept. */
  const temporarilyRefused = async (gameId: string) => {
    const before = await orderCount(t.app);
    const res = await commitOrder(t.app, payloadFor(pack, 1, { game_id: gameId }), {
      email: 'b@example.com',
    });
    expect(res.statusCode, res.body).toBe(503);
    const body = res.json() as ErrorBody;
    expect(body.message).toBe(MESSAGES.order_precheck_unavailable);
    expect(body.errors?.game_id).toBeUndefined();
    expect(await orderCount(t.app)).toBe(before);
  };

  it('tells the buyer it is a temporary problem, stores no order and alerts the operator at most once an hour', async () => {
    // A BIGO that merely fails (HTTP 502) is not our access: no alert.
    await failNextPrecheck({ http_status: 502, count: 1 });
    await temporarilyRefused('fan_busy');
    expect(await alertKeys()).toEqual([]);

    await failNextPrecheck({ rescode: 7212003, count: 1 });
    await temporarilyRefused('fan_ip');
    await t.app.jobs.runDue();
    const [alert, ...more] = await alerts();
    expect(more).toHaveLength(0);
    expect(alert?.subject).toBe('EzRecharge: BIGO refuses our calls (rescode 7212003)');
    expect(alert?.text).toContain('recharge_pre_check');
    expect(alert?.text).toContain(
      "BIGO answered: rescode 7212003: This server's IP address is not allowed by BIGO (BIGO 7212003",
    );
    expect(alert?.text).toContain(
      "Check first: The public IP address this server calls BIGO from must be on BIGO's",
    );
    for (const area of ['Keys:', 'IP allow-list:', 'Reseller binding:', 'API switch:']) {
      expect(alert?.text).toContain(area);
    }
    expect(alert?.text).not.toContain(sandboxBigoKeys(secret).privateKey.split('\n')[1]);
    expect(alert?.text).not.toMatch(/PRIVATE KEY|bigo-oauth-signature/i);

    // Within the hour, more refusals of any kind (a key BIGO does not accept, the API switched off) answer the
    // buyer the same way and send nothing more.
    await failNextPrecheck({ http_status: 401, count: 2 });
    await temporarilyRefused('fan_key');
    await temporarilyRefused('fan_key');
    await failNextPrecheck({ rescode: 7212001, count: 1 });
    await temporarilyRefused('fan_switch');
    await t.app.jobs.runDue();
    const keys = await alertKeys();
    // One per UTC+8 hour: one, or two if the test ran across the turn of an hour.
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys.length).toBeLessThanOrEqual(2);
    for (const key of keys) expect(key).toMatch(/^bigo-access-alert:\d{10}$/);
    expect(await alerts()).toHaveLength(keys.length);

    // BIGO answering again: orders go through.
    const res = await commitOrder(t.app, payloadFor(pack, 1, { game_id: 'fan_ip' }), {
      email: 'b@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
