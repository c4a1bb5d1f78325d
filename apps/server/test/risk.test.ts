import { STRIPE_SESSION } from '@ezrecharge/sandboxes';
import {
  fiuuFormFields,
  MESSAGES,
  ORDER_REVIEW_TEXTS,
  ORDER_STATUS,
  type TOrder,
  type TOrderOverview,
} from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, riskHolds, sandboxRecords } from '../src/db/schema';
import { fiuuSkey } from '../src/gateways/fiuu/fiuu-protocol';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { createStripePayments } from '../src/gateways/stripe/stripe-payments';
import { bearer } from './support/auth';
import { fiuuPaidFields } from './support/fiuu-notify';
import {
  commitOrder,
  eventsOf,
  formHandoff,
  orderCount,
  orderRow,
  payloadFor,
  publicPack,
} from './support/order-commit';
import { readOutbox } from './support/outbox';
import { formsOf } from './support/sandbox-pages';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Issue #29: risk controls through the real HTTP stack, against the built-in Fiuu and BIGO: the blocklist and the
 * card-testing rule refuse at commit (nothing stored), the payment rules hold a paid order (no delivery job), an
 * operator approves (delivered exactly once, a repeat refused) or refuses (refunded through Fiuu), an undecided
 * hold is e-mailed once, and the settings steer the rules.
 */

const SECRET = 'risk-test-secret-0123456789abcdef0123';

type Json = Record<string, unknown>;

describe('risk controls', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let n = 0;

  const db = () => t.app.database.db;
  const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Json) => {
    const res = await t.app.inject({
      method,
      url: path,
      headers: { authorization: admin },
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const unique = (prefix: string) => `${prefix}${++n}${Date.now().toString(36)}`;

  /** A visitor's SGD order of `quantity` × `diamonds` for `bigoId`, handed off to Fiuu: the commit's answer. */
  const commit = async (o: {
    bigoId: string;
    email: string;
    ip?: string;
    diamonds?: number;
    quantity?: number;
    lang?: string;
  }) => {
    const pack = await publicPack(t.app, 'SGD', o.diamonds ?? 100);
    return commitOrder(t.app, payloadFor(pack, o.quantity ?? 1, { game_id: o.bigoId }), {
      email: o.email,
      ...(o.ip ? { ip: o.ip } : {}),
      ...(o.lang ? { acceptLanguage: o.lang } : {}),
    });
  };
  /** The result page's read of the order (anyone holding its number). */
  const resultPage = async (orderNum: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/order/stripe?order_num=${orderNum}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: TOrder }).data;
  };
  const mailsTo = async (to: string) => (await readOutbox(t.dataDir)).filter((m) => m.to.includes(to));
  const placed = async (o: Parameters<typeof commit>[0]): Promise<string> => {
    const res = await commit(o);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { order_num: string } }).data.order_num;
  };

  /** Fiuu's signed notification that the order's payment was declined (11). */
  const notify = async (orderNum: string, status: '11') => {
    const paid = await fiuuPaidFields(t, SECRET, orderNum);
    const field = (name: string) => paid[name] ?? '';
    const declined = {
      tranID: field('tranID'),
      orderid: field('orderid'),
      domain: field('domain'),
      amount: field('amount'),
      currency: field('currency'),
      paydate: field('paydate'),
      channel: field('channel'),
      status,
      appcode: '',
      error_code: 'DECLINED',
      error_desc: 'Do not honour',
    };
    const signed = {
      ...declined,
      skey: fiuuSkey(declined, gatewaySettings(t.config, SECRET).fiuu.secretKey),
    };
    const res = await fetch(`${url}/api/v1/payment/fiuu/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...signed, nbcb: '2' }).toString(),
    });
    expect(res.status).toBe(200);
  };
  /** An order paid on the built-in Fiuu's hosted page (its notification reaches the app over HTTP). */
  const paidOrder = async (o: Parameters<typeof commit>[0]): Promise<string> => {
    const handoff = formHandoff(await commit(o));
    const post = (target: string, fields: Record<string, string>) =>
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    const page = await (await post(handoff.payment_url, fiuuFormFields(handoff))).text();
    const pay = formsOf(page).find((f) => f.fields.outcome === 'pay');
    if (!pay) throw new Error('no Pay form on the sandbox page');
    expect((await post(new URL(pay.action, url).toString(), pay.fields)).status).toBe(200);
    expect((await orderRow(t.app, handoff.order_num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    return handoff.order_num;
  };

  const ledger = async (orderNum: string) =>
    Number(
      ((await (await fetch(`${url}/sandbox/bigo/ledger?bu_orderid=${orderNum}`)).json()) as Json).deliveries,
    );
  const deliveryJobs = async (orderNum: string) =>
    (
      await db()
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, 'deliver-order'), eq(jobs.dedupeKey, `deliver:${orderNum}`)))
    ).length;
  const notesOf = async (orderNum: string) =>
    (await eventsOf(t.app, orderNum)).map((e) => (e.note as { key: string } | null)?.key);
  const listed = async (query: string) =>
    ((await api('GET', `/api/v1/order/?page_size=100&${query}`)).body.data as { page_data: TOrder[] })
      .page_data;
  const overview = async () => (await api('GET', '/api/v1/order/overview')).body.data as TOrderOverview;
  const runJobs = async () => {
    for (let i = 0; i < 4; i++) await t.app.jobs.runDue();
  };

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true });
    url = t.url ?? '';
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('blocklist', () => {
    it('refuses an order of a blocked BIGO ID, e-mail, domain or address range with 403, storing nothing', async () => {
      const bigoId = unique('blocked_id');
      const entries: Json[] = [
        { kind: 'bigo_id', value: bigoId, reason: 'chargebacks' },
        { kind: 'email', value: 'Thief@Example.org', reason: 'stolen cards' },
        { kind: 'email_domain', value: '@fraud.test', reason: 'throwaway domain' },
        { kind: 'ip', value: '10.99.0.0/16', reason: 'attack source' },
      ];
      const ids: number[] = [];
      for (const entry of entries) {
        const res = await api('POST', '/api/v1/risk/blocklist', entry);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        ids.push((res.body.data as { id: number }).id);
      }
      const before = await orderCount(t.app);
      const attempts = [
        { bigoId, email: 'honest@example.com' },
        { bigoId: unique('id'), email: 'thief@example.org' },
        { bigoId: unique('id'), email: 'someone@mail.fraud.test' },
        { bigoId: unique('id'), email: 'a@example.com', ip: '10.99.4.7' },
      ];
      for (const attempt of attempts) {
        const res = await commit(attempt);
        expect(res.statusCode).toBe(403);
        const body = res.json() as Json;
        expect(body.message_key).toBe('order_refused');
        // The buyer is never told which rule or which key.
        expect(JSON.stringify(body)).not.toMatch(/blocklist|fraud|chargeback|10\.99/i);
      }
      expect(await orderCount(t.app)).toBe(before);
      // Another address is not in the range; another domain is not blocked.
      expect(
        (await commit({ bigoId: unique('id'), email: 'a@example.com', ip: '10.98.4.7' })).statusCode,
      ).toBe(200);
      expect((await commit({ bigoId: unique('id'), email: 'a@notfraud.test' })).statusCode).toBe(200);

      const listedEntries = (await api('GET', '/api/v1/risk/blocklist')).body.data as {
        id: number;
        value: string;
      }[];
      expect(listedEntries.map((e) => e.value)).toEqual(
        expect.arrayContaining([bigoId, 'thief@example.org', 'fraud.test', '10.99.0.0/16']),
      );
      for (const id of ids) expect((await api('DELETE', `/api/v1/risk/blocklist?id=${id}`)).status).toBe(200);
      expect((await api('DELETE', `/api/v1/risk/blocklist?id=${ids[0]}`)).status).toBe(404);
      expect((await commit(attempts[0] as { bigoId: string; email: string })).statusCode).toBe(200);
      const audit = await db().select().from(auditLog).where(eq(auditLog.entity, 'risk'));
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['risk.blocklist_add', 'risk.blocklist_delete']),
      );
    });

    it('matches an address as itself or inside a range, IPv4 (also IPv4-mapped) and IPv6', async () => {
      const ids: number[] = [];
      for (const value of ['192.0.2.44', '2001:db8:7::/48']) {
        const res = await api('POST', '/api/v1/risk/blocklist', {
          kind: 'ip',
          value,
          reason: 'attack source',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        ids.push((res.body.data as { id: number }).id);
      }
      const from = async (ip: string) =>
        (await commit({ bigoId: unique('id'), email: `${unique('a')}@example.com`, ip })).statusCode;
      expect(await from('192.0.2.44')).toBe(403);
      expect(await from('::ffff:192.0.2.44')).toBe(403);
      expect(await from('2001:db8:7::9')).toBe(403);
      expect(await from('2001:DB8:7:ffff::1')).toBe(403);
      expect(await from('192.0.2.45')).toBe(200);
      expect(await from('2001:db8:8::9')).toBe(200);
      for (const id of ids) expect((await api('DELETE', `/api/v1/risk/blocklist?id=${id}`)).status).toBe(200);
    });

    it('stops applying an entry once it expires', async () => {
      const bigoId = unique('expiring');
      const expires = new Date(Date.now() + 1500).toISOString();
      const res = await api('POST', '/api/v1/risk/blocklist', {
        kind: 'bigo_id',
        value: bigoId,
        reason: 'cooling off',
        expires_at: expires,
      });
      expect(res.status).toBe(200);
      expect((await commit({ bigoId, email: 'cool@example.com' })).statusCode).toBe(403);
      await new Promise((r) => setTimeout(r, 1700));
      expect((await commit({ bigoId, email: 'cool@example.com' })).statusCode).toBe(200);
      const entry = ((await api('GET', '/api/v1/risk/blocklist')).body.data as Json[]).find(
        (e) => e.value === bigoId,
      );
      expect(entry?.active).toBe(false);
    });

    it('refuses a value that is not of its kind, and visitors', async () => {
      for (const body of [
        { kind: 'ip', value: '10.0.0.0/40', reason: 'x' },
        { kind: 'ip', value: 'not-an-address', reason: 'x' },
        { kind: 'email', value: 'nobody', reason: 'x' },
      ]) {
        expect((await api('POST', '/api/v1/risk/blocklist', body)).status).toBe(400);
      }
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/risk/blocklist' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe.each([
    {
      key: 'BIGO ID',
      vary: (i: number) => ({ bigoId: 'tester_fixed', email: `t${i}@cards.test`, ip: `10.61.0.${i + 1}` }),
    },
    {
      key: 'e-mail',
      vary: (i: number) => ({ bigoId: `tester_${i}`, email: 'same@cards.test', ip: `10.62.0.${i + 1}` }),
    },
    {
      key: 'address',
      vary: (i: number) => ({ bigoId: `tester_ip_${i}`, email: `ip${i}@cards.test`, ip: '10.63.0.9' }),
    },
  ])('card testing by one $key', ({ vary }) => {
    it('refuses the sixth order after five unsuccessful payments with 429 and Retry-After', async () => {
      for (let i = 0; i < 5; i++) {
        const num = await placed(vary(i));
        await notify(num, '11');
        expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_FAILED);
      }
      const before = await orderCount(t.app);
      const res = await commit(vary(5));
      expect(res.statusCode).toBe(429);
      const retry = Number(res.headers['retry-after']);
      expect(retry).toBeGreaterThan(3500);
      expect(retry).toBeLessThanOrEqual(3600);
      expect((res.json() as Json).message_key).toBe('order_refused_wait');
      expect((res.json() as Json).message).toBe(MESSAGES.order_refused_wait);
      expect(await orderCount(t.app)).toBe(before);
    });
  });

  it('lets a key with four unsuccessful payments order again', async () => {
    const bigoId = unique('four');
    for (let i = 0; i < 4; i++) await notify(await placed({ bigoId, email: `f${i}@four.test` }), '11');
    expect((await commit({ bigoId, email: 'f9@four.test' })).statusCode).toBe(200);
  });

  it('marks an order risky but not refused for 3-D Secure, and Stripe Checkout asks for it', async () => {
    const bigoId = unique('threeds');
    expect(
      (await orderRow(t.app, await placed({ bigoId, email: `${bigoId}@example.com` }))).riskThreeDSecure,
    ).toBe(false);
    await notify(await placed({ bigoId, email: `${bigoId}@example.com` }), '11');
    const risky = await orderRow(t.app, await placed({ bigoId, email: `${bigoId}@example.com` }));
    expect(risky.riskThreeDSecure).toBe(true);
    // A first-order-sized amount (SGD 975) of a fresh buyer too.
    const big = unique('threeds_big');
    const large = await orderRow(
      t.app,
      await placed({ bigoId: big, email: `${big}@example.com`, diamonds: 40000 }),
    );
    expect(large.riskThreeDSecure).toBe(true);

    const stripe = createStripePayments(gatewaySettings(t.config, SECRET).stripe, t.app.log);
    const facts = {
      amount: 5000,
      currency: 'HKD' as const,
      email: 'buyer@example.com',
      gameId: bigoId,
      amountGame: 100,
      productName: 'Test product',
      lang: 'en' as const,
      registered: false,
    };
    const urls = { successUrl: `${url}/home-order`, cancelUrl: `${url}/api/v1/payment/stripe/cancel` };
    const deadline = new Date(Date.now() + 30 * 60_000);
    const asked = await stripe.createCheckout(
      { ...facts, orderNum: 'EZRISK3DS1', threeDSecure: true },
      urls,
      deadline,
    );
    const plain = await stripe.createCheckout(
      { ...facts, orderNum: 'EZRISK3DS2', threeDSecure: false },
      urls,
      deadline,
    );
    const sessionOf = async (id: string) => {
      const [row] = await db()
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, STRIPE_SESSION), eq(sandboxRecords.key, id)));
      if (!row) throw new Error(`no sandbox session ${id}`);
      return (row.data as { session: { payment_method_options?: unknown } }).session;
    };
    expect((await sessionOf(asked.id)).payment_method_options).toEqual({
      card: { request_three_d_secure: 'any' },
    });
    expect((await sessionOf(plain.id)).payment_method_options).toEqual({});
  });

  describe('holds after payment', () => {
    it("holds a buyer's first paid order above SGD 300, and an approval delivers it exactly once", async () => {
      const bigoId = unique('big_first');
      // 40 000 diamonds: SGD 975.
      const num = await paidOrder({ bigoId, email: `${bigoId}@example.com`, diamonds: 40000 });
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(await notesOf(num)).toContain('risk_hold_first_order');
      const hold = (await eventsOf(t.app, num)).find(
        (e) => (e.note as { key: string })?.key === 'risk_hold_first_order',
      );
      expect(hold?.note).toEqual({ key: 'risk_hold_first_order', values: { amount: 975, limit: 300 } });
      expect(await deliveryJobs(num)).toBe(0);
      await runJobs();
      expect(await ledger(num)).toBe(0);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      // The buyer is told the truth: being checked, usually within RISK_REVIEW_HOURS (4), on the page and by mail.
      expect((await resultPage(num)).review_hours).toBe(4);
      const told = await mailsTo(`${bigoId}@example.com`);
      expect(told).toHaveLength(1);
      expect(told[0]?.subject).toContain(ORDER_REVIEW_TEXTS.en.headline);
      expect(told[0]?.text).toContain('usually takes up to 4 hours');
      expect((await listed('attention=risk_held')).find((o) => o.order_num === num)?.review_hours).toBe(4);
      expect((await listed('attention=delivery_late')).map((o) => o.order_num)).not.toContain(num);
      expect((await overview()).risk_held).toBeGreaterThanOrEqual(1);

      const approve = { decision: 'approve', reason: 'buyer called, ID verified' };
      const decided = await api('POST', `/api/v1/risk/holds/decide?order_num=${num}`, approve);
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      expect(await deliveryJobs(num)).toBe(1);
      // A repeat (a double click, a second operator) finds no hold: no second delivery job.
      expect((await api('POST', `/api/v1/risk/holds/decide?order_num=${num}`, approve)).status).toBe(409);
      await runJobs();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(await ledger(num)).toBe(1);
      expect((await api('POST', `/api/v1/risk/holds/decide?order_num=${num}`, approve)).status).toBe(409);
      await runJobs();
      expect(await ledger(num)).toBe(1);
      expect(await notesOf(num)).toContain('risk_approved');
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.risk_approve'), eq(auditLog.entityId, num)));
      expect(audit).toHaveLength(1);
      expect(audit[0]?.detail).toMatchObject({ reason: approve.reason, rule: 'first_order' });
      expect((await listed('attention=risk_held')).map((o) => o.order_num)).not.toContain(num);
      expect((await resultPage(num)).review_hours).toBeNull();
      expect(await mailsTo(`${bigoId}@example.com`)).toHaveLength(2); // and the receipt
    });

    it('tells a Chinese buyer in Chinese', async () => {
      const bigoId = unique('zh_first');
      const num = await paidOrder({ bigoId, email: `${bigoId}@example.com`, diamonds: 40000, lang: 'zh-CN' });
      await runJobs();
      const [mail] = await mailsTo(`${bigoId}@example.com`);
      expect(mail?.subject).toContain(ORDER_REVIEW_TEXTS.zh.headline);
      expect(mail?.text).toContain('通常不超过 4 小时');
      expect((await resultPage(num)).review_hours).toBe(4);
    });

    it('does not hold a small first order, nor a returning buyer below the velocity limit', async () => {
      const bigoId = unique('small');
      const first = await paidOrder({ bigoId, email: `${bigoId}@example.com`, diamonds: 100 });
      expect(await notesOf(first)).not.toContain('risk_hold_first_order');
      expect(await deliveryJobs(first)).toBe(1);
      // Returning (an earlier paid order), SGD 975: above the first-order limit but not a first order.
      const second = await paidOrder({ bigoId, email: `${bigoId}@example.com`, diamonds: 40000 });
      expect(await deliveryJobs(second)).toBe(1);
      expect(
        (
          await db()
            .select()
            .from(riskHolds)
            .where(eq(riskHolds.orderId, (await orderRow(t.app, second)).id))
        ).length,
      ).toBe(0);
    });

    it('holds when one BIGO ID was paid more than SGD 1 000 within 24 h, and a refusal refunds it', async () => {
      const bigoId = unique('velocity');
      const email = `${bigoId}@example.com`;
      await paidOrder({ bigoId, email, diamonds: 100 });
      await paidOrder({ bigoId, email, diamonds: 40000 });
      const num = await paidOrder({ bigoId, email, diamonds: 1000 });
      // 2.45 + 975 + 24.40 = SGD 1 001.85
      const note = (await eventsOf(t.app, num)).find(
        (e) => (e.note as { key: string })?.key === 'risk_hold_velocity',
      );
      expect(note?.note).toEqual({
        key: 'risk_hold_velocity',
        values: { total: 1001.85, hours: 24, limit: 1000 },
      });
      expect(await deliveryJobs(num)).toBe(0);

      const refuse = { decision: 'refuse', reason: 'BIGO ID resold accounts' };
      const res = await api('POST', `/api/v1/risk/holds/decide?order_num=${num}`, refuse);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.REFUNDING);
      expect((await api('POST', `/api/v1/risk/holds/decide?order_num=${num}`, refuse)).status).toBe(409);
      await runJobs();
      const after = await orderRow(t.app, num);
      expect(after.orderStatus, after.failureReason ?? '').toBe(ORDER_STATUS.REFUNDED);
      expect(after.refundRef).not.toBeNull();
      expect(await ledger(num)).toBe(0);
      expect(await notesOf(num)).toEqual(expect.arrayContaining(['risk_hold_velocity', 'risk_refused']));
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.risk_refuse'), eq(auditLog.entityId, num)));
      expect(audit[0]?.detail).toMatchObject({ reason: refuse.reason, rule: 'velocity' });
    });

    it('e-mails the operators once about a hold nobody decided, and still does not deliver it', async () => {
      const bigoId = unique('undecided');
      const num = await paidOrder({ bigoId, email: `${bigoId}@example.com`, diamonds: 40000 });
      const [alert] = await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'risk-hold-alert'), eq(jobs.dedupeKey, `risk-hold-alert:${num}`)));
      expect(alert).toBeDefined();
      const hours = ((alert?.runAt.getTime() ?? 0) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      // A day later:
      await db()
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, alert?.id ?? 0));
      await runJobs();
      const mails = (await readOutbox(t.dataDir)).filter(
        (m) => m.to.includes(TEST_ADMIN.email) && m.subject.includes(num),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('attention=risk_held');
      expect(await notesOf(num)).toContain('risk_hold_alerted');
      // The delivery sweep (re-queues paid orders without a live delivery job) leaves a held order alone.
      await db().update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, 'delivery-sweep'));
      await runJobs();
      expect(await notesOf(num)).not.toContain('delivery_requeued');
      expect(await deliveryJobs(num)).toBe(0);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect(await ledger(num)).toBe(0);
      // Once more a day later: still one mail.
      await db().update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, 'risk-hold-alert'));
      await runJobs();
      expect(
        (await readOutbox(t.dataDir)).filter(
          (m) => m.to.includes(TEST_ADMIN.email) && m.subject.includes(num),
        ),
      ).toHaveLength(1);
    });
  });

  it('settings: superusers read and change them (audited), and the rules follow', async () => {
    const current = (await api('GET', '/api/v1/risk/settings')).body.data as Json;
    expect(current).toMatchObject({ card_testing_failures: 5, velocity_sgd: 1000, first_order_sgd: 300 });
    const changed = { ...current, first_order_sgd: 2000 };
    expect((await api('PUT', '/api/v1/risk/settings', changed)).status).toBe(200);
    expect((await api('GET', '/api/v1/risk/settings')).body.data).toMatchObject({ first_order_sgd: 2000 });
    const bigoId = unique('trusted_big');
    const num = await paidOrder({ bigoId, email: `${bigoId}@example.com`, diamonds: 40000 });
    expect(await deliveryJobs(num)).toBe(1);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'risk.settings'));
    expect(audit?.detail).toMatchObject({
      before: { first_order_sgd: 300 },
      after: { first_order_sgd: 2000 },
    });
    expect((await api('PUT', '/api/v1/risk/settings', { ...current, velocity_sgd: -1 })).status).toBe(400);
    expect((await api('PUT', '/api/v1/risk/settings', current)).status).toBe(200);
  });
  it('counts holds, their decisions, the time to decide and the refusals at commit in the Sales view', async () => {
    const risk = async () => ((await api('GET', '/api/v1/sales')).body.data as { risk: Json }).risk;
    const before = await risk();
    const bigoId = unique('counted');
    expect(
      (await api('POST', '/api/v1/risk/blocklist', { kind: 'bigo_id', value: bigoId, reason: 'test' }))
        .status,
    ).toBe(200);
    expect((await commit({ bigoId, email: 'counted@example.com' })).statusCode).toBe(403);
    for (let i = 0; i < 5; i++)
      await notify(await placed({ bigoId: unique('ct'), email: `ct${i}@count.test`, ip: '10.64.0.1' }), '11');
    expect(
      (await commit({ bigoId: unique('ct'), email: 'ct5@count.test', ip: '10.64.0.1' })).statusCode,
    ).toBe(429);
    const approved = await paidOrder({
      bigoId: unique('held_a'),
      email: `${unique('a')}@example.com`,
      diamonds: 40000,
    });
    await paidOrder({ bigoId: unique('held_b'), email: `${unique('b')}@example.com`, diamonds: 40000 });
    const decided = await api('POST', `/api/v1/risk/holds/decide?order_num=${approved}`, {
      decision: 'approve',
      reason: 'known buyer',
    });
    expect(decided.status).toBe(200);

    const after = await risk();
    const grew = (key: string) => Number(after[key]) - Number(before[key]);
    expect(grew('refused_blocked')).toBe(1);
    expect(grew('refused_card_testing')).toBe(1);
    expect(grew('held')).toBe(2);
    expect(grew('approved')).toBe(1);
    expect(grew('undecided')).toBe(1);
    expect(after.review_median_seconds).toEqual(expect.any(Number));
    expect(Number(after.review_median_seconds)).toBeGreaterThanOrEqual(0);
  });
});
