import type { TOrderLookup } from '@ezrecharge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs, feedback, orders, paymentNotifications } from '../src/db/schema';
import { bearer } from './support/auth';
import { commitOrder, freshIp, payloadFor, publicPack } from './support/order-commit';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Issue #15: U+0000 and lone surrogates answered 500 on 22 endpoints, the failed insert's parameters went to the log.
 * Every such text is now a 400 with a field error before anything reaches the database.
 */

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

type Case = {
  name: string;
  method: 'POST' | 'PUT';
  url: string;
  body: string;
  type?: string;
  admin?: boolean;
};

const json = (value: unknown) => JSON.stringify(value);
const eventtime = '20261125120000';

const CASES: Case[] = [
  {
    name: 'sign-in',
    method: 'POST',
    url: '/api/v1/login/access-token',
    body: json({ username: NUL, password: 'x', eventtime }),
  },
  {
    name: 'verification code',
    method: 'POST',
    url: '/api/v1/captcha/',
    body: json({ email: `a${NUL}@example.com`, captcha_api: 'register' }),
  },
  {
    name: 'register',
    method: 'POST',
    url: '/api/v1/register',
    body: json({
      username: 'someone',
      password: 'x',
      eventtime,
      email: 'a@example.com',
      captcha_info: { captcha_api: 'register', captcha_code: LONE },
    }),
  },
  {
    name: 'forgot password',
    method: 'POST',
    url: '/api/v1/user/forgot_password',
    body: json({ email: NUL, password: 'x', eventtime }),
  },
  {
    name: 'order commit (outer fields)',
    method: 'POST',
    url: '/api/v1/order/',
    body: json({ data: 'x', eventtime, email: `b${NUL}@example.com` }),
  },
  {
    name: 'order lookup',
    method: 'POST',
    url: '/api/v1/order/lookup',
    body: json({ email: NUL } satisfies Partial<TOrderLookup>),
  },
  {
    name: 'feedback',
    method: 'POST',
    url: '/api/v1/feedback/',
    body: json({ name: NUL, whatapp_id: 'w', comment: 'c' }),
  },
  {
    name: 'contact',
    method: 'POST',
    url: '/api/v1/feedback/contact',
    body: json({ name: 'n', whatapp_id: 'w', comment: LONE, role: 'recruiter' }),
  },
  {
    name: 'a key of the body',
    method: 'POST',
    url: '/api/v1/feedback/',
    body: json({ name: 'n', whatapp_id: 'w', comment: 'c', [NUL]: 1 }),
  },
  {
    name: 'a query parameter',
    method: 'POST',
    url: '/api/v1/feedback/?x=%00',
    body: json({ name: 'n', whatapp_id: 'w', comment: 'c' }),
  },
  {
    name: 'Fiuu notify (form field)',
    method: 'POST',
    url: '/api/v1/payment/fiuu/notify',
    body: 'tranID=1&orderid=A%00B&status=00&domain=x&amount=1.00&currency=SGD&skey=s',
    type: 'application/x-www-form-urlencoded',
  },
  {
    name: 'Fiuu callback (raw byte)',
    method: 'POST',
    url: '/api/v1/payment/fiuu/callback',
    body: `tranID=1&orderid=A${NUL}&status=00`,
    type: 'application/x-www-form-urlencoded',
  },
  {
    name: 'Stripe webhook (JSON escape)',
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook',
    body: '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"cs_\\ud800"}}}',
    type: 'application/json',
  },
  {
    name: 'FAQ (superuser)',
    method: 'POST',
    url: '/api/v1/faq/',
    body: json({
      module_en: LONE,
      module_zh: 'm',
      question_en: 'q',
      question_zh: 'q',
      answer_en: 'a',
      answer_zh: 'a',
    }),
    admin: true,
  },
];

describe('text with U+0000 or a lone surrogate', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(CASES)('is a 400 with a field error: $name', async (c) => {
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      remoteAddress: freshIp(),
      headers: {
        'content-type': c.type ?? 'application/json',
        ...(c.admin ? { authorization: admin } : {}),
      },
      payload: c.body,
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { code: string; message_key?: string; error_keys?: Record<string, string> };
    expect(body.code).toBe('validation_failed');
    expect(body.message_key).toBe('text_unsafe');
    expect(Object.values(body.error_keys ?? {})).toEqual(['text_unsafe']);
  });

  it('is a 400 inside the encrypted order payload too, naming the field', async () => {
    const pack = await publicPack(t.app, 'SGD', 500);
    const res = await commitOrder(t.app, payloadFor(pack, 1, { game_id: `Star${NUL}` }), {
      email: 'buyer@example.com',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error_keys).toEqual({ game_id: 'text_unsafe' });
  });

  it('never reaches the database', async () => {
    const db = t.app.database.db;
    expect(await db.select().from(orders)).toEqual([]);
    expect(await db.select().from(feedback)).toEqual([]);
    expect(
      await db
        .select()
        .from(faqs)
        .then((rows) => rows.filter((r) => r.moduleEn === LONE)),
    ).toEqual([]);
    expect(await db.select().from(paymentNotifications)).toEqual([]);
  });

  it('is still accepted when well formed: emoji pairs, Chinese text and control characters other than U+0000', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback/',
      remoteAddress: freshIp(),
      payload: { name: '小明 😀', whatapp_id: 'w\t1', comment: 'ok' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a multipart upload without a boundary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is a 400, not a 500 (and so is a body cut short)', async () => {
    const admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; charset=utf-8',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/attachment/uploadfile/?attachment_type=product',
        headers: { authorization: admin, 'content-type': type },
        payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n',
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/attachment/uploadfile/?attachment_type=product',
      headers: { authorization: admin, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(cut.statusCode, cut.body).toBe(400);
  });
});
