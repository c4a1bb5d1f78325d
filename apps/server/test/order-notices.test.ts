import {
  fiuuFormFields,
  ORDER_STATUS,
  orderNote,
  orderOutcomeText,
  type TLanguage,
} from '@ezrecharge/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { queueOrderNotice } from '../src/modules/fulfilment/order-notices';
import { writeMove } from '../src/modules/order-lifecycle/order-moves';
import { bearer } from './support/auth';
import { commitOrder, formHandoff, orderRow, payloadFor, publicPack } from './support/order-commit';
import { type OutboxMail, readOutbox } from './support/outbox';
import { formsOf } from './support/sandbox-pages';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * The buyer's e-mails after payment (issue #13), end to end on a listening app: orders placed through the API in a
 * language, paid on the Fiuu sandbox's hosted page, delivered against the BIGO simulator (told to refuse the ID
 * after the precheck passed) and refunded by an operator through the API. Each notice is read from the outbox:
 * exactly one per event, in the order's language, linking to the order's result page.
 */

type Json = Record<string, unknown>;

describe('order notices to the buyer', () => {
  let t: TestApp;
  let url: string;
  let admin: string;

  const api = async (method: string, path: string, body?: Json): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: admin, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const post = (target: string, fields: Record<string, string>) =>
    fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  const mailsTo = async (email: string): Promise<OutboxMail[]> =>
    (await readOutbox(t.dataDir)).filter((m) => m.to.toLowerCase().includes(email));
  /** Subjects in any order: mails sent in one round of jobs may land in either order. */
  const subjectsTo = async (email: string) => (await mailsTo(email)).map((m) => m.subject).sort();

  const headline = (status: 10 | 11 | 12 | 13, lang: TLanguage) => orderOutcomeText(status, lang).headline;
  const subject = (num: string, status: 10 | 11 | 12 | 13, lang: TLanguage) =>
    lang === 'en'
      ? `${headline(status, lang)} (EzRecharge order ${num})`
      : `${headline(status, lang)}（EzRecharge 订单 ${num}）`;

  /**
   * An order placed in `lang` and paid on the Fiuu sandbox's page; BIGO is told to refuse its ID once the precheck
   * has passed, so its delivery fails for good (10) when the jobs run.
   */
  const paidOrderThatFails = async (lang: TLanguage, email: string, gameId: string): Promise<string> => {
    const pack = await publicPack(t.app, 'SGD', 500);
    const handoff = formHandoff(
      await commitOrder(t.app, payloadFor(pack, 1, { game_id: gameId }), {
        email,
        acceptLanguage: lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-GB,en;q=0.9',
      }),
    );
    expect((await api('PUT', '/sandbox/bigo/controls', { reject_ids: [gameId] })).status).toBe(200);
    const page = await (await post(handoff.payment_url, fiuuFormFields(handoff))).text();
    const pay = formsOf(page).find((f) => f.fields.outcome === 'pay');
    if (!pay) throw new Error('no Pay form on the sandbox page');
    expect((await post(new URL(pay.action, url).toString(), pay.fields)).status).toBe(200);
    expect((await orderRow(t.app, handoff.order_num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    return handoff.order_num;
  };

  const refund = (num: string, reason: string) =>
    api('POST', `/api/v1/order/refund?order_num=${encodeURIComponent(num)}`, { reason });
  const refundsAnswer = (mode: 'reject' | null) =>
    mode
      ? api('PUT', '/sandbox/fiuu/refund-controls', { mode })
      : api('DELETE', '/sandbox/fiuu/refund-controls');

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: 'order-notices-test-secret-0123456789abcdef' }, { listen: true });
    url = t.url ?? '';
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    expect((await api('DELETE', '/sandbox/bigo/controls')).status).toBe(200);
    expect((await refundsAnswer(null)).status).toBe(200);
  });

  it('tells a Chinese buyer of the failed delivery, each refund attempt and its end, once each, in Chinese', async () => {
    const email = 'zh.notice@example.com';
    const num = await paidOrderThatFails('zh', email, 'fan_notice_zh');
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
    const [failed, ...none] = await mailsTo(email);
    expect(none).toHaveLength(0);
    expect(failed?.subject).toBe(subject(num, 10, 'zh'));
    for (const part of [failed?.text, failed?.html]) {
      expect(part).toContain(orderOutcomeText(10, 'zh').next);
      expect(part).toContain(`${url}/home-order?order_num=${num}`);
      expect(part).toContain('周一至周日 10:00–次日 01:00');
      expect(part).toContain('+65 8888 6666');
    }

    // Nothing repeats the mail: more job runs, the same move again, the notice queued again for the same move.
    await t.app.jobs.runDue();
    const again = await writeMove(t.app.database.db, {
      orderNum: num,
      to: ORDER_STATUS.CHARGE_FAILED,
      cause: orderNote('text', { text: 'a repeated move' }),
      actor: 'system',
    });
    expect(again).toMatchObject({ moved: false, reason: 'already' });
    await queueOrderNotice(t.app.database.db, await orderRow(t.app, num));
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(1);

    // The operator refunds; the payment sandbox refuses the refund: started, then failed.
    expect((await refundsAnswer('reject')).status).toBe(200);
    expect((await refund(num, 'BIGO ID closed')).status).toBe(200);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.REFUND_FAILED);
    expect(await subjectsTo(email)).toEqual(
      [subject(num, 10, 'zh'), subject(num, 11, 'zh'), subject(num, 13, 'zh')].sort(),
    );

    // The retry is a new refund attempt: started again, then completed.
    expect((await refundsAnswer(null)).status).toBe(200);
    expect((await refund(num, 'try again')).status).toBe(200);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.REFUNDED);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        subject(num, 10, 'zh'),
        subject(num, 11, 'zh'),
        subject(num, 13, 'zh'),
        subject(num, 11, 'zh'),
        subject(num, 12, 'zh'),
      ].sort(),
    );
    const refunded = mails.find((m) => m.subject === subject(num, 12, 'zh'));
    expect(refunded?.text).toContain(orderOutcomeText(12, 'zh').next);
    expect(refunded?.text).toContain(`${url}/home-order?order_num=${num}`);
    for (const mail of mails) expect(mail.text).not.toMatch(/Hello|Order number/);

    // A refunded order ends there: no refund again, no more mail.
    expect((await refund(num, 'once more')).status).toBe(400);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it('tells an English buyer of the failed delivery, the refund and its completion, in English', async () => {
    const email = 'en.notice@example.com';
    const num = await paidOrderThatFails('en', email, 'fan_notice_en');
    await t.app.jobs.runDue();
    expect(await subjectsTo(email)).toEqual([subject(num, 10, 'en')]);

    expect((await refund(num, 'buyer asked for the money back')).status).toBe(200);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.REFUNDED);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [subject(num, 10, 'en'), subject(num, 11, 'en'), subject(num, 12, 'en')].sort(),
    );
    for (const mail of mails) {
      expect(mail.text).toContain(`${url}/home-order?order_num=${num}`);
      expect(mail.text).toContain('Hours: Monday to Sunday, 10:00 – 01:00 (next day)');
      expect(mail.text).toContain(`Please give your order number: ${num}`);
      expect(mail.text).not.toMatch(/您好|订单号/);
    }
    const started = mails.find((m) => m.subject === subject(num, 11, 'en'));
    expect(started?.text).toContain(orderOutcomeText(11, 'en').next);
  });

  it('says nothing while a delivery is still retried, and tells the buyer once the last attempt fails', async () => {
    const email = 'retry.notice@example.com';
    const num = await paidOrderThatFails('en', email, 'fan_notice_retry');
    // BIGO is unreachable rather than refusing: the job backs off and tries again.
    expect(
      (
        await api('PUT', '/sandbox/bigo/controls', {
          fail_next: { http_status: 503, count: 20, endpoint: 'recharge' },
        })
      ).status,
    ).toBe(200);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGING);
    expect(await mailsTo(email)).toHaveLength(0);

    // The last attempt gives up: 10, and now the buyer hears of it.
    await t.app.database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'`, attempts: 11 })
      .where(eq(jobs.dedupeKey, `deliver:${num}`));
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
    expect(await subjectsTo(email)).toEqual([subject(num, 10, 'en')]);
  });
});
