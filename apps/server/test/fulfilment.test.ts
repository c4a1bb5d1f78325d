import {
  formatMinor,
  MESSAGES,
  ORDER_STATUS,
  orderNote,
  orderNoteText,
  type TOrder,
  type TOrderEvent,
  type TOrderOverview,
} from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobs, orderEvents, orders, users } from '../src/db/schema';
import { callSent, duplicateWithoutDeliveryReason } from '../src/modules/fulfilment/recharge-record';
import { writeMove } from '../src/modules/order-lifecycle/order-moves';
import { bearer, createUser } from './support/auth';
import { fiuuPaidFields } from './support/fiuu-notify';
import { eventsOf, orderRow, placeSgdOrder } from './support/order-commit';
import { insertOrder } from './support/orders';
import { readOutbox } from './support/outbox';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Fulfilment (DESIGN.md §6, §8) end to end on a listening app: a verified Fiuu notification moves an order to 7,
 * the delivery job calls the built-in BIGO simulator over HTTP, and the simulator's ledger says how many times
 * the diamonds were credited. Failure modes are set through the simulator's controls, as an operator would.
 */

const SECRET = 'fulfilment-test-secret-0123456789abcdefghij';
/** The app's BIGO client gives up after this long, so the "BIGO hangs" case takes a second, not fifteen. */
const RECHARGE_TIMEOUT_MS = 1_000;

type Json = Record<string, unknown>;

describe('fulfilment', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let adminId: number;
  let plain: string;
  let buyers = 0;

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const api = async (
    method: string,
    path: string,
    options: { auth?: string | null; body?: Json } = {},
  ): Promise<{ status: number; body: Json }> => {
    const headers: Record<string, string> = {};
    if (options.auth) headers.authorization = options.auth;
    if (options.body) headers['content-type'] = 'application/json';
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  const setControls = async (controls: Json) => {
    const res = await api('PUT', '/sandbox/bigo/controls', { auth: admin, body: controls });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  const ledger = async (orderNum: string): Promise<number> => {
    const res = await api('GET', `/sandbox/bigo/ledger?bu_orderid=${orderNum}`);
    expect(res.status).toBe(200);
    return Number(res.body.deliveries);
  };

  /** A Fiuu result post for the order's own amount and currency, signed with the sandbox secret key. */
  const paidFields = (orderNum: string) => fiuuPaidFields(t, SECRET, orderNum);

  const postFiuu = async (channel: 'notify' | 'callback', fields: Record<string, string>) => {
    const res = await fetch(`${url}/api/v1/payment/fiuu/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, nbcb: channel === 'notify' ? '2' : '1' }).toString(),
    });
    expect(res.status).toBe(200);
  };

  /** A visitor's order, paid at Fiuu (notify URL): it is in 7 when this returns. */
  const paidOrder = async (
    options: { gameId?: string; lang?: 'en' | 'zh'; email?: string } = {},
  ): Promise<string> => {
    const num = await placeSgdOrder(t.app, {
      gameId: options.gameId ?? 'fan_ok',
      email: options.email ?? `buyer${++buyers}@example.com`,
      acceptLanguage: options.lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-GB,en;q=0.9',
    });
    await postFiuu('notify', await paidFields(num));
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    return num;
  };

  const deliveryJob = async (orderNum: string) => {
    const [row] = await t.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `deliver:${orderNum}`));
    if (!row) throw new Error(`no delivery job for ${orderNum}`);
    return row;
  };

  /** Makes the order's delivery job due now (instead of after its backoff), optionally as if `attempts` were used. */
  const makeDue = async (orderNum: string, attempts?: number) => {
    await t.app.database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'`, ...(attempts === undefined ? {} : { attempts }) })
      .where(eq(jobs.dedupeKey, `deliver:${orderNum}`));
  };

  const causes = async (orderNum: string) =>
    (await eventsOf(t.app, orderNum)).map((e) => `${e.fromStatus}→${e.toStatus} ${e.cause}`);

  const mailsTo = async (email: string) =>
    (await readOutbox(t.dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
  const subjectsTo = async (email: string) => (await mailsTo(email)).map((m) => m.subject);
  const FAILED_NOTICE = (num: string) => `Delivery failed: we are on it (EzRecharge order ${num})`;

  beforeAll(async () => {
    t = await startTestApp(
      { APP_SECRET: SECRET },
      { listen: true, bigoClient: { rechargeTimeoutMs: RECHARGE_TIMEOUT_MS } },
    );
    url = t.url ?? '';
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const [me] = await t.app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, TEST_ADMIN.username));
    adminId = me?.id ?? 0;
    await createUser(t.app, { username: 'ful_plain', password: 'plain-pass-1', email: 'plain@example.com' });
    plain = await bearer(t.app, 'ful_plain', 'plain-pass-1');
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    const res = await api('DELETE', '/sandbox/bigo/controls', { auth: admin });
    expect(res.status).toBe(200);
  });

  it('delivers a paid order once: 7 → 8 → 9, one credit in the ledger, a receipt in the buyer’s language', async () => {
    const num = await paidOrder({ gameId: 'fan_zh', lang: 'zh', email: 'zh.buyer@example.com' });
    const queued = await deliveryJob(num);
    expect(queued).toMatchObject({ kind: 'deliver-order', state: 'queued', payload: { order_num: num } });
    // Transient failures are retried for about half an hour before the order is given up as failed.
    expect(queued.maxAttempts).toBe(12);

    expect(await t.app.jobs.runDue()).toBe(2);
    const row = await orderRow(t.app, num);
    expect(row.orderStatus).toBe(ORDER_STATUS.CHARGED);
    expect(row.deliveredAt).not.toBeNull();
    expect(await causes(num)).toEqual([
      'null→2 precheck ok',
      '2→3 payment hand-off (fiuu)',
      '3→7 fiuu notify 00',
      '7→8 delivery started',
      '8→9 BIGO delivered',
    ]);
    const credited = await api('GET', `/sandbox/bigo/ledger?bu_orderid=${num}`);
    expect(credited.body).toMatchObject({
      deliveries: 1,
      entries: [{ recharge_bigoid: 'fan_zh', value: row.amountGame, currency: 'SGD' }],
    });

    const [receipt, ...more] = await mailsTo('zh.buyer@example.com');
    expect(more).toHaveLength(0);
    expect(receipt?.subject).toBe(`EzRecharge 充值收据（订单 ${num}）`);
    for (const part of [receipt?.text, receipt?.html]) {
      expect(part).toContain(num);
      expect(part).toContain('fan_zh');
      expect(part).toContain('1,000');
      expect(part).toContain(`SGD ${formatMinor(row.amount, 'SGD')}`);
      expect(part).toContain('钻石一经发放，不予退款。');
      expect(part).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    }

    // Nothing is left to run, and nothing more is credited.
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await ledger(num)).toBe(1);
  });

  it('delivers once however many copies of the paid notification arrive', async () => {
    const num = await placeSgdOrder(t.app, { gameId: 'fan_dup', email: 'dup@example.com' });
    const fields = await paidFields(num);
    await postFiuu('notify', fields);
    await postFiuu('notify', fields);
    await postFiuu('callback', fields);
    const rows = await t.app.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'deliver-order'), sql`${jobs.payload}->>'order_num' = ${num}`));
    expect(rows).toHaveLength(1);

    await t.app.jobs.runDue();
    await postFiuu('notify', fields);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
    expect(await ledger(num)).toBe(1);
    const moves = (await eventsOf(t.app, num)).map((e) => e.toStatus);
    expect(moves.filter((s) => s === ORDER_STATUS.CHARGING)).toHaveLength(1);
    expect(moves.filter((s) => s === ORDER_STATUS.CHARGED)).toHaveLength(1);

    const mails = await mailsTo('dup@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your EzRecharge receipt for order ${num}`);
    expect(mails[0]?.text).toContain('Diamonds are not refundable once issued.');
  });

  it('ends in 10 with BIGO’s reason when BIGO says the ID does not exist, and tells the buyer instead of a receipt', async () => {
    const num = await placeSgdOrder(t.app, { gameId: 'fan_gone', email: 'gone@example.com' });
    // The ID passed the precheck at commit; BIGO refuses it by the time of the delivery.
    await setControls({ reject_ids: ['fan_gone'] });
    await postFiuu('notify', await paidFields(num));
    await t.app.jobs.runDue();
    const row = await orderRow(t.app, num);
    expect(row.orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
    expect(row.failureReason).toMatch(/^This BIGO ID does not exist \(BIGO 7212004/);
    expect((await causes(num)).at(-1)).toBe(`8→10 BIGO refused the delivery: ${row.failureReason}`);
    expect(await ledger(num)).toBe(0);
    expect((await deliveryJob(num)).state).toBe('done');
    expect(await subjectsTo('gone@example.com')).toEqual([FAILED_NOTICE(num)]);
  });

  it('answers an order’s history and failure reason as notes with keys and values, older free text as it was (issue #32)', async () => {
    const num = await placeSgdOrder(t.app, { gameId: 'fan_keys', email: 'keys@example.com' });
    await setControls({ reject_ids: ['fan_keys'] });
    await postFiuu('notify', await paidFields(num));
    await t.app.jobs.runDue();
    // An event written before notes had keys: its cause is its only text.
    const row = await orderRow(t.app, num);
    await t.app.database.db.insert(orderEvents).values({
      orderId: row.id,
      fromStatus: ORDER_STATUS.CHARGE_FAILED,
      toStatus: ORDER_STATUS.CHARGE_FAILED,
      cause: 'an old free-text note',
      actor: 'system',
    });

    const history = await api('GET', `/api/v1/order/events?order_num=${num}`, { auth: admin });
    expect(history.status).toBe(200);
    const events = history.body.data as { cause: string; note: unknown; actor: string }[];
    const refusal = {
      key: 'bigo_answer_said',
      values: { meaning: { key: 'bigo_7212004' }, rescode: 7212004, message: expect.any(String) },
    };
    expect(events.map(({ note, actor }) => ({ note, actor }))).toEqual([
      { note: { key: 'precheck_ok' }, actor: 'visitor' },
      { note: { key: 'payment_handoff', values: { gateway: 'fiuu' } }, actor: 'visitor' },
      { note: { key: 'fiuu_report', values: { endpoint: 'notify', status: '00' } }, actor: 'gateway:fiuu' },
      { note: { key: 'delivery_started' }, actor: 'system' },
      { note: { key: 'bigo_refused_delivery', values: { reason: refusal } }, actor: 'system' },
      { note: null, actor: 'system' },
    ]);
    // The English text beside each key, for API users and the logs.
    expect(events.map((e) => e.cause)).toEqual([
      'precheck ok',
      'payment hand-off (fiuu)',
      'fiuu notify 00',
      'delivery started',
      `BIGO refused the delivery: ${row.failureReason}`,
      'an old free-text note',
    ]);

    const list = await api('GET', `/api/v1/order/?order_num=${num}&page=1&page_size=10`, { auth: admin });
    expect(list.status).toBe(200);
    const [order] = (list.body.data as { page_data: TOrder[] }).page_data;
    expect(order?.failure_reason).toMatch(/^This BIGO ID does not exist \(BIGO 7212004/);
    expect(order?.failure_note).toEqual(refusal);
    expect(order?.payment_channel).toBe('credit');
  });

  it('ends in 10 when the reseller balance is too low', async () => {
    const num = await paidOrder({ gameId: 'fan_poor' });
    await setControls({ balance: 10 });
    await t.app.jobs.runDue();
    const row = await orderRow(t.app, num);
    expect(row.orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
    expect(row.failureReason).toMatch(/balance at BIGO is too low \(BIGO 7212011/);
    expect(await ledger(num)).toBe(0);
  });

  for (const [label, failure, reason] of [
    ['answers 7212012 (too frequent)', { rescode: 7212012 }, /Too many requests to BIGO.*7212012/],
    ['answers HTTP 500', { http_status: 500 }, /BIGO answered HTTP 500/],
  ] as const) {
    it(`retries with backoff, explaining why, when BIGO ${label}, then delivers`, async () => {
      const num = await paidOrder({ gameId: 'fan_retry' });
      await setControls({ fail_next: { ...failure, count: 1, endpoint: 'recharge' } });
      const before = Date.now();
      expect(await t.app.jobs.runDue()).toBe(1);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGING);
      const last = (await eventsOf(t.app, num)).at(-1);
      expect(last).toMatchObject({ fromStatus: 8, toStatus: 8, actor: 'system' });
      expect(last?.cause).toMatch(/^BIGO not reached, will retry: /);
      expect(last?.cause).toMatch(reason);
      const job = await deliveryJob(num);
      expect(job).toMatchObject({ state: 'queued', attempts: 1 });
      // First backoff: 2 s, up to a quarter less.
      expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + 1_400);
      expect(await ledger(num)).toBe(0);

      await makeDue(num);
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect((await causes(num)).slice(-2)).toEqual(['8→8 delivery resumed', '8→9 BIGO delivered']);
      expect(await ledger(num)).toBe(1);
    });
  }

  it('retries a call that hangs past the client timeout; the late credit and the retry end in 9 with one delivery', async () => {
    const num = await paidOrder({ gameId: 'fan_slow' });
    const hangMs = RECHARGE_TIMEOUT_MS + 1_500;
    await setControls({ fail_next: { hang_ms: hangMs, count: 1, endpoint: 'recharge' } });
    const started = Date.now();
    const run = t.app.jobs.runDue();
    // While the call is in flight the job holds a short lease (renewed while it runs, see jobs.test.ts): a process
    // dying now loses the job for seconds, not for a whole BIGO timeout.
    let running = await deliveryJob(num);
    while (running.state !== 'running' && Date.now() - started < 5_000) {
      await sleep(20);
      running = await deliveryJob(num);
    }
    expect(running.state).toBe('running');
    const lease = (running.lockedUntil?.getTime() ?? 0) - running.updatedAt.getTime();
    expect(lease).toBeGreaterThan(5_000);
    expect(lease).toBeLessThanOrEqual(10_000);
    await run;

    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGING);
    expect((await causes(num)).at(-1)).toBe(
      `8→8 BIGO not reached, will retry: BIGO did not answer within ${RECHARGE_TIMEOUT_MS} ms`,
    );
    // The slow BIGO still credits the first call once it is done with it.
    while ((await ledger(num)) === 0 && Date.now() - started < hangMs + 5_000) await sleep(100);
    expect(await ledger(num)).toBe(1);

    await makeDue(num);
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
    // The timed-out call is on the order's record as one that may have delivered, so 7212010 now proves it did.
    expect((await causes(num)).at(-1)).toBe(
      '8→9 BIGO had already delivered (rescode 7212010): an earlier call of ours got no answer',
    );
    expect(await ledger(num)).toBe(1);
  });

  it('keeps retrying while BIGO refuses our access (7212001), alerts the operator, and ends in 10 after the attempts', async () => {
    const num = await paidOrder({ gameId: 'fan_denied' });
    await setControls({ fail_next: { rescode: 7212001, count: 20, endpoint: 'recharge' } });
    // The simulator answers with reseller_api.md's own wording of 7212001.
    const reason =
      'The recharge API is disabled by BIGO (BIGO 7212001: The recharge API was disable by Bigo)';
    await t.app.jobs.runDue();
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGING);
    expect((await causes(num)).at(-1)).toBe(`8→8 BIGO refused our access, will retry: ${reason}`);
    expect(await deliveryJob(num)).toMatchObject({ state: 'queued', attempts: 1 });
    await t.app.jobs.runDue();
    const alerts = async () =>
      (await mailsTo(TEST_ADMIN.email)).filter((m) =>
        m.subject.startsWith('EzRecharge: BIGO refuses our calls'),
      );
    const [alert, ...more] = await alerts();
    expect(more).toHaveLength(0);
    expect(alert?.subject).toBe('EzRecharge: BIGO refuses our calls (rescode 7212001)');
    expect(alert?.text).toContain(`the diamond delivery of order ${num} (rs_recharge)`);
    expect(alert?.text).toContain('Check first: BIGO has switched the recharge API off for our client id');

    await makeDue(num, 11);
    await t.app.jobs.runDue();
    const row = await orderRow(t.app, num);
    expect(row.orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
    expect(row.failureReason).toBe(`Delivery kept failing: ${reason}`);
    expect(await deliveryJob(num)).toMatchObject({ state: 'done', attempts: 12 });
    expect(await ledger(num)).toBe(0);
    await t.app.jobs.runDue();
    const sent = await alerts();
    // At most one an hour: a second only if the test crossed the turn of an hour.
    expect(sent.length).toBeLessThanOrEqual(2);
  });

  it('gives up after the last attempt: 10 with "Delivery kept failing" and the reason', async () => {
    const num = await paidOrder({ gameId: 'fan_down' });
    await setControls({ fail_next: { rescode: 7212012, count: 5, endpoint: 'recharge' } });
    await makeDue(num, 11);
    await t.app.jobs.runDue();
    const row = await orderRow(t.app, num);
    expect(row.orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
    const reason = 'Delivery kept failing: Too many requests to BIGO, try again later (BIGO 7212012: ';
    expect(row.failureReason).toContain(reason);
    // Every call was answered: nothing may have been delivered, so nothing is uncertain.
    expect(row.deliveryUncertain).toBe(false);
    expect((await causes(num)).at(-1)).toContain(`8→10 ${reason}`);
    expect(await deliveryJob(num)).toMatchObject({ state: 'done', attempts: 12 });
    expect(await ledger(num)).toBe(0);
  });

  describe('an order BIGO may have delivered (issue #26)', () => {
    const adminAlerts = async (num: string) =>
      (await mailsTo(TEST_ADMIN.email)).filter((m) =>
        m.subject.includes(`delivery uncertain for order ${num}`),
      );
    const refund = (num: string, body: Json) =>
      api('POST', `/api/v1/order/refund?order_num=${num}`, { auth: admin, body });

    it('a hung call that delivered late, then 7212005: 10 as "delivery uncertain", the operator told, a refund refused (409) until confirmed', async () => {
      const num = await paidOrder({ gameId: 'fan_hung', email: 'hung@example.com' });
      const hangMs = RECHARGE_TIMEOUT_MS + 1_000;
      await setControls({ fail_next: { hang_ms: hangMs, count: 1, endpoint: 'recharge' } });
      const started = Date.now();
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGING);
      // BIGO credits the hung call after all; the shop never hears of it.
      while ((await ledger(num)) === 0 && Date.now() - started < hangMs + 5_000) await sleep(100);
      expect(await ledger(num)).toBe(1);

      // Then a definite refusal (the ID was closed meanwhile, say).
      await setControls({ fail_next: { rescode: 7212005, count: 1, endpoint: 'recharge' } });
      await makeDue(num);
      await t.app.jobs.runDue();
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      expect(row.deliveryUncertain).toBe(true);
      expect(row.failureReason).toContain('This BIGO ID cannot be recharged (BIGO 7212005');
      expect(row.failureReason).toContain('An earlier call to BIGO got no answer and may have delivered');
      expect((await causes(num)).at(-1)).toContain('(delivery uncertain: an earlier call got no answer)');

      // The operator's queue: the overview's card and the list it links to.
      const overview = (await api('GET', '/api/v1/order/overview', { auth: admin })).body
        .data as TOrderOverview;
      expect(overview.delivery_uncertain).toBeGreaterThanOrEqual(1);
      const queue = await api('GET', '/api/v1/order/?attention=delivery_uncertain&page_size=100', {
        auth: admin,
      });
      const listed = (queue.body.data as { page_data: TOrder[] }).page_data;
      expect(listed.map((o) => o.order_num)).toContain(num);
      expect(listed.find((o) => o.order_num === num)?.delivery_uncertain).toBe(true);
      expect(listed.every((o) => o.delivery_uncertain && o.order_status === 10)).toBe(true);
      // Nobody else sees the flag.
      const mine = await api('GET', `/api/v1/order/?attention=delivery_uncertain`, { auth: plain });
      expect((mine.body.data as { page_data: TOrder[] }).page_data.every((o) => !o.delivery_uncertain)).toBe(
        true,
      );

      // ADMIN_EMAIL is told, with both calls and their seqids.
      await t.app.jobs.runDue();
      const [alert, ...more] = await adminAlerts(num);
      expect(more).toEqual([]);
      const seqids = (await eventsOf(t.app, num))
        .map((e) => (e.detail as { seqid?: string } | null)?.seqid)
        .filter((v): v is string => typeof v === 'string');
      expect(new Set(seqids).size).toBe(2);
      for (const seqid of seqids) expect(alert?.text).toContain(`seqid ${seqid}`);
      expect(alert?.text).toContain('rescode 7212005');
      expect(alert?.text).toContain('unanswered');

      // A refund without the operator's word is refused, and changes nothing.
      const refused = await refund(num, { reason: 'buyer asked' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: MESSAGES.refund_needs_delivery_check,
        errors: { confirmed_not_delivered: MESSAGES.refund_needs_delivery_check },
      });
      expect(await refund(num, { reason: 'buyer asked', confirmed_not_delivered: false })).toMatchObject({
        status: 409,
      });
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      const refundJobs = await t.app.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'refund-order'), sql`${jobs.payload}->>'order_num' = ${num}`));
      expect(refundJobs).toEqual([]);

      // With it: refunded, and the audit row says who confirmed what, and when.
      const confirmed = await refund(num, {
        reason: 'BIGO console shows nothing',
        confirmed_not_delivered: true,
      });
      expect(confirmed.status).toBe(200);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.REFUNDING);
      const [audit] = await t.app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, num)));
      expect(audit).toMatchObject({ actorId: adminId, action: 'order.refund' });
      expect(audit?.detail).toMatchObject({
        confirmed_not_delivered: true,
        reason: 'BIGO console shows nothing',
      });
      expect(audit?.createdAt).toBeInstanceOf(Date);
    });

    it('twelve unanswered calls: 10 as "delivery uncertain", never silently', async () => {
      const num = await paidOrder({ gameId: 'fan_down' });
      await setControls({ fail_next: { http_status: 503, count: 5, endpoint: 'recharge' } });
      await makeDue(num, 11);
      await t.app.jobs.runDue();
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      expect(row.deliveryUncertain).toBe(true);
      expect(row.failureReason).toContain('Delivery kept failing: BIGO answered HTTP 503');
      expect(row.failureReason).toContain('may have delivered');
      await t.app.jobs.runDue();
      expect(await adminAlerts(num)).toHaveLength(1);
      // Retrying the charge stays safe: BIGO answers 7212010 if the lost call delivered, and that counts now.
      const retry = await api('POST', `/api/v1/order/retry?order_num=${num}`, {
        auth: admin,
        body: { reason: 'BIGO is back' },
      });
      expect(retry.status).toBe(200);
      await setControls({ fail_next: { rescode: 7212010, count: 1, endpoint: 'recharge' } });
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
    });

    it('an order whose every call was answered needs no confirmation to be refunded', async () => {
      const num = await paidOrder({ gameId: 'fan_gone' });
      await setControls({ reject_ids: ['fan_gone'] });
      await t.app.jobs.runDue();
      expect(await orderRow(t.app, num)).toMatchObject({
        orderStatus: ORDER_STATUS.CHARGE_FAILED,
        deliveryUncertain: false,
      });
      expect((await refund(num, { reason: 'the ID does not exist' })).status).toBe(200);
    });
  });

  describe('BIGO answers 7212010 (order id duplicated)', () => {
    const DUPLICATE = 'BIGO reports this order number as already used (BIGO 7212010: orderid is duplicated)';

    for (const [label, first, status] of [
      ['got no answer (HTTP 502)', { http_status: 502 }, ORDER_STATUS.CHARGED],
      ['was refused as too frequent (7212012)', { rescode: 7212012 }, ORDER_STATUS.CHARGE_FAILED],
      ['was refused with BIGO’s internal error (500001)', { rescode: 500001 }, ORDER_STATUS.CHARGE_FAILED],
    ] as const) {
      it(`counts as delivered only if an earlier call may have delivered: first call ${label}`, async () => {
        const num = await paidOrder({ gameId: 'fan_twice' });
        await setControls({ fail_next: { ...first, count: 1, endpoint: 'recharge' } });
        await t.app.jobs.runDue();
        expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGING);
        await setControls({ fail_next: { rescode: 7212010, count: 1, endpoint: 'recharge' } });
        await makeDue(num);
        await t.app.jobs.runDue();
        const row = await orderRow(t.app, num);
        expect(row.orderStatus).toBe(status);
        expect(await ledger(num)).toBe(0);
        if (status === ORDER_STATUS.CHARGED) {
          expect((await causes(num)).at(-1)).toBe(
            '8→9 BIGO had already delivered (rescode 7212010): an earlier call of ours got no answer',
          );
        } else {
          expect(row.failureReason).toBe(orderNoteText(duplicateWithoutDeliveryReason(DUPLICATE)));
          expect(row.deliveredAt).toBeNull();
        }
      });
    }

    it('is not proof of delivery on the very first call: 10, telling the operator what to check', async () => {
      const num = await paidOrder({ gameId: 'fan_first', email: 'first@example.com' });
      await setControls({ fail_next: { rescode: 7212010, count: 1, endpoint: 'recharge' } });
      await t.app.jobs.runDue();
      const row = await orderRow(t.app, num);
      expect(row.orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      expect(row.failureReason).toContain(DUPLICATE);
      expect(row.failureReason).toContain('no earlier call of ours may have delivered it');
      expect(row.failureReason).toContain("Check this order in BIGO's reseller console");
      expect(row.failureReason).toContain('mark it delivered if the diamonds arrived, or refund it');
      expect((await causes(num)).at(-1)).toBe(`8→10 BIGO refused the delivery: ${row.failureReason}`);
      expect(await subjectsTo('first@example.com')).toEqual([FAILED_NOTICE(num)]);
    });

    it('after a worker died mid-call, the resumed delivery counts the lost call as one that may have delivered', async () => {
      const num = await paidOrder({ gameId: 'fan_lost' });
      // What a worker that died inside its rs_recharge call leaves behind: the order moved to 8 with the call
      // marked as sent and nothing after it, its job still running with a lease now past.
      const moved = await writeMove(t.app.database.db, {
        orderNum: num,
        to: ORDER_STATUS.CHARGING,
        cause: orderNote('delivery_started'),
        actor: 'system',
        detail: { attempt: 1, ...callSent('mk4x1a2b3c4d5e6f7a8b') },
      });
      expect(moved.moved).toBe(true);
      await t.app.database.db
        .update(jobs)
        .set({
          state: 'running',
          attempts: 1,
          lockedBy: 'dead-worker',
          lockedUntil: sql`now() - interval '1 second'`,
        })
        .where(eq(jobs.dedupeKey, `deliver:${num}`));
      await setControls({ fail_next: { rescode: 7212010, count: 1, endpoint: 'recharge' } });
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect((await causes(num)).slice(-2)).toEqual([
        '8→8 delivery resumed: the previous call to BIGO got no recorded answer and may have delivered',
        '8→9 BIGO had already delivered (rescode 7212010): an earlier call of ours got no answer',
      ]);
    });
  });

  it('resumes an order a crash left in 8 once the job’s lease has passed', async () => {
    const num = await paidOrder({ gameId: 'fan_crash' });
    // As a worker that died mid-delivery leaves it: the order moved to 8, the job running with a lease now past.
    await t.app.database.db
      .update(orders)
      .set({ orderStatus: ORDER_STATUS.CHARGING })
      .where(eq(orders.orderNum, num));
    await t.app.database.db
      .update(jobs)
      .set({
        state: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.dedupeKey, `deliver:${num}`));
    expect(await t.app.jobs.runDue()).toBe(2);
    expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
    expect((await causes(num)).slice(-2)).toEqual(['8→8 delivery resumed', '8→9 BIGO delivered']);
    expect(await ledger(num)).toBe(1);
  });

  it('re-queues, every few minutes, the delivery of any order in 7 or 8 left without a live job', async () => {
    const product = { productId: null, priceId: null, unitAmount: 245, gameAmount: 100 };
    const stuckIn8 = await insertOrder(t.app, { ...product, status: ORDER_STATUS.CHARGING });
    const stuckIn7 = await insertOrder(t.app, { ...product, status: ORDER_STATUS.PAYMENT_COMPLETED });
    const [sweep] = await t.app.database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'delivery-sweep'));
    expect(sweep?.state).toBe('queued');
    // Not before a few minutes after the start.
    expect(sweep?.runAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    await t.app.database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.dedupeKey, 'delivery-sweep'));
    await t.app.jobs.runDue();
    for (const { orderNum } of [stuckIn8, stuckIn7]) {
      expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(await causes(orderNum)).toContain('8→9 BIGO delivered');
      expect(await ledger(orderNum)).toBe(1);
    }
    expect((await causes(stuckIn8.orderNum))[0]).toBe(
      '8→8 delivery re-queued: the order had no live delivery job',
    );
    const [again] = await t.app.database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'delivery-sweep'));
    expect(again?.state).toBe('queued');
    expect(again?.runAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  describe('admin retry charge', () => {
    const retry = (orderNum: string, auth: string | null, reason: unknown = 'BIGO ID fixed by the buyer') =>
      api('POST', `/api/v1/order/retry?order_num=${orderNum}`, { auth, body: { reason } });

    it('moves a failed charge back to 8 and delivers it, with an event, an audit row and a receipt', async () => {
      const num = await placeSgdOrder(t.app, { gameId: 'fan_later', email: 'later@example.com' });
      await setControls({ reject_ids: ['fan_later'] });
      await postFiuu('notify', await paidFields(num));
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      await setControls({});

      expect((await retry(num, null)).status).toBe(401);
      expect((await retry(num, plain)).status).toBe(403);
      const noReason = await retry(num, admin, '  ');
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual({ reason: MESSAGES.order_reason_required });
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);

      const res = await retry(num, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(MESSAGES.order_retry_started);
      const order = res.body.data as TOrder;
      expect(order).toMatchObject({
        order_num: num,
        order_status: ORDER_STATUS.CHARGING,
        pay_payment_num: 'later@example.com',
        failure_reason: null,
      });
      const event = (await eventsOf(t.app, num)).at(-1);
      expect(event).toMatchObject({
        fromStatus: 10,
        toStatus: 8,
        cause: 'admin retry: BIGO ID fixed by the buyer',
        actor: `admin:${adminId}`,
      });
      const audits = await t.app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, num)));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        actorId: adminId,
        action: 'order.retry_charge',
        detail: { reason: 'BIGO ID fixed by the buyer', from: 10, to: 8 },
      });

      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(await ledger(num)).toBe(1);
      // The failure was told when it happened; the receipt follows the delivery.
      expect(await subjectsTo('later@example.com')).toEqual([
        FAILED_NOTICE(num),
        `Your EzRecharge receipt for order ${num}`,
      ]);

      // 9 is final: a second retry is refused and changes nothing.
      const refused = await retry(num, admin);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(MESSAGES.order_action_not_allowed);
      expect(await ledger(num)).toBe(1);
    });

    it('refuses orders in other statuses (400) and unknown orders (404)', async () => {
      const num = await paidOrder({ gameId: 'fan_wait' });
      const notFailed = await retry(num, admin);
      expect(notFailed.status).toBe(400);
      expect(notFailed.body.message).toBe(MESSAGES.order_action_not_allowed);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);

      const unknown = await retry('EZ20260101AAAAAAAAAAAAAAAAAAAA', admin);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(MESSAGES.order_not_found);
      await t.app.jobs.runDue();
    });
  });

  describe('admin mark delivered', () => {
    const DUPLICATE = 'BIGO reports this order number as already used (BIGO 7212010: orderid is duplicated)';
    const markDelivered = (
      orderNum: string,
      auth: string | null,
      reason: unknown = 'Credited in BIGO console',
    ) => api('POST', `/api/v1/order/mark-delivered?order_num=${orderNum}`, { auth, body: { reason } });
    const retry = (orderNum: string) =>
      api('POST', `/api/v1/order/retry?order_num=${orderNum}`, {
        auth: admin,
        body: { reason: 'topped up' },
      });

    it('after a refusal and a retry that BIGO answers 7212010, the order waits in 10 until an operator marks it delivered', async () => {
      const num = await paidOrder({ gameId: 'fan_console', email: 'console@example.com' });
      // A definite refusal first: this call cannot have delivered.
      await setControls({ fail_next: { rescode: 7212005, count: 1, endpoint: 'recharge' } });
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).failureReason).toMatch(
        /^This BIGO ID cannot be recharged \(BIGO 7212005/,
      );

      // The operator retries; BIGO now says the order number is used.
      await setControls({ fail_next: { rescode: 7212010, count: 1, endpoint: 'recharge' } });
      expect((await retry(num)).status).toBe(200);
      await t.app.jobs.runDue();
      const failed = await orderRow(t.app, num);
      expect(failed.orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      expect(failed.failureReason).toBe(orderNoteText(duplicateWithoutDeliveryReason(DUPLICATE)));
      expect(failed.deliveredAt).toBeNull();
      // Each failed delivery is its own event: the refusal, then the retry BIGO answered 7212010.
      expect(await subjectsTo('console@example.com')).toEqual([FAILED_NOTICE(num), FAILED_NOTICE(num)]);

      expect((await markDelivered(num, null)).status).toBe(401);
      expect((await markDelivered(num, plain)).status).toBe(403);
      const noReason = await markDelivered(num, admin, ' ');
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual({ reason: MESSAGES.order_reason_required });
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);

      const res = await markDelivered(num, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(MESSAGES.order_marked_delivered);
      expect(res.body.data).toMatchObject({
        order_num: num,
        order_status: ORDER_STATUS.CHARGED,
        failure_reason: null,
      });
      const row = await orderRow(t.app, num);
      expect(row.deliveredAt).not.toBeNull();
      expect((await eventsOf(t.app, num)).at(-1)).toMatchObject({
        fromStatus: 10,
        toStatus: 9,
        cause: 'admin marked delivered: Credited in BIGO console',
        actor: `admin:${adminId}`,
        detail: { reason: 'Credited in BIGO console' },
      });
      const audits = await t.app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, num)));
      expect(audits.map((a) => a.action)).toEqual(['order.retry_charge', 'order.mark_delivered']);
      expect(audits[1]).toMatchObject({
        actorId: adminId,
        detail: { reason: 'Credited in BIGO console', from: 10, to: 9 },
      });

      await t.app.jobs.runDue();
      const [, , receipt, ...more] = await mailsTo('console@example.com');
      expect(more).toHaveLength(0);
      expect(receipt?.subject).toBe(`Your EzRecharge receipt for order ${num}`);
      // Marking delivered never calls BIGO: nothing was credited by us.
      expect(await ledger(num)).toBe(0);

      // 9 is final: a second mark is refused.
      const again = await markDelivered(num, admin);
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(MESSAGES.order_action_not_allowed);
    });

    it('refuses orders in other statuses (400) and unknown orders (404)', async () => {
      const num = await paidOrder({ gameId: 'fan_notyet' });
      const refused = await markDelivered(num, admin);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(MESSAGES.order_action_not_allowed);
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
      expect((await markDelivered('EZ20260101AAAAAAAAAAAAAAAAAAAA', admin)).status).toBe(404);
      await t.app.jobs.runDue();
    });
  });

  describe('a delivery BIGO keeps refusing with a transport error (issue #32)', () => {
    const overviewLate = async () =>
      ((await api('GET', '/api/v1/order/overview', { auth: admin })).body.data as TOrderOverview)
        .delivery_late;
    const lateQueue = async () => {
      const res = await api('GET', '/api/v1/order/?attention=delivery_late&page_size=100', { auth: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ((res.body.data as Json).page_data as TOrder[]).map((o) => o.order_num);
    };
    const paidMinutesAgo = async (orderNum: string, minutes: number) => {
      await t.app.database.db
        .update(orders)
        .set({ paidAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(orders.orderNum, orderNum));
    };

    it('is late for the operator past the threshold, and its retries are one history row with their count', async () => {
      const before = await overviewLate();
      const num = await paidOrder({ gameId: 'fan_late' });
      await setControls({ fail_next: { http_status: 503, count: 20, endpoint: 'recharge' } });
      for (let attempt = 0; attempt < 6; attempt++) {
        await makeDue(num);
        await t.app.jobs.runDue();
      }
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGING);
      expect(await ledger(num)).toBe(0);

      // Paid a moment ago, then four minutes ago: slow, but not yet late for the operator (5 minutes).
      expect(await overviewLate()).toBe(before);
      await paidMinutesAgo(num, 4);
      expect(await overviewLate()).toBe(before);
      expect(await lateQueue()).not.toContain(num);
      await paidMinutesAgo(num, 6);
      expect(await overviewLate()).toBe(before + 1);
      expect(await lateQueue()).toContain(num);

      // Every attempt stays its own row in the database; the history the console reads joins the repeats.
      const stored = await eventsOf(t.app, num);
      const res = await api('GET', `/api/v1/order/events?order_num=${num}`, { auth: admin });
      expect(res.status).toBe(200);
      const rows = res.body.data as TOrderEvent[];
      expect(rows.reduce((n, row) => n + row.count, 0)).toBe(stored.length);
      expect(rows.length).toBeLessThan(stored.length);
      const retry = 'BIGO not reached, will retry: BIGO answered HTTP 503';
      const retries = stored.filter((e) => e.cause === retry);
      expect(retries).toHaveLength(6);
      const joined = rows.find((row) => row.cause === retry && row.count > 1);
      expect(joined).toMatchObject({ from_status: 8, to_status: 8, actor: 'system', count: 5 });
      expect(joined?.created_at).toBe(retries[0]?.createdAt.toISOString());
      expect(joined?.last_at).toBe(retries[4]?.createdAt.toISOString());

      // Delivered at last: out of the queue.
      await api('DELETE', '/sandbox/bigo/controls', { auth: admin });
      await makeDue(num);
      await t.app.jobs.runDue();
      expect((await orderRow(t.app, num)).orderStatus).toBe(ORDER_STATUS.CHARGED);
      expect(await overviewLate()).toBe(before);
      expect(await lateQueue()).not.toContain(num);
    });
  });

  describe('operator overview', () => {
    const overview = async (auth: string | null = admin) => api('GET', '/api/v1/order/overview', { auth });

    it('is for superusers only', async () => {
      expect((await overview(null)).status).toBe(401);
      expect((await overview(plain)).status).toBe(403);
    });

    it('shows the balance of the latest precheck and counts the orders waiting for an operator', async () => {
      const first = (await overview()).body.data as TOrderOverview;
      expect(first.balance_alert_below).toBe(100_000);

      await setControls({ balance: 4_321_000 });
      const num = await placeSgdOrder(t.app, { gameId: 'fan_count' });
      const product = { productId: null, priceId: null };
      await insertOrder(t.app, { ...product, status: ORDER_STATUS.CHARGE_FAILED });
      await insertOrder(t.app, { ...product, status: ORDER_STATUS.REFUND_FAILED });
      await insertOrder(t.app, { ...product, status: ORDER_STATUS.REFUND_FAILED });
      const held = await insertOrder(t.app, { ...product, status: ORDER_STATUS.PENDING_PAYMENT });
      await t.app.database.db.update(orders).set({ paymentHeld: true }).where(eq(orders.id, held.id));

      const res = await overview();
      expect(res.status).toBe(200);
      const now = res.body.data as TOrderOverview;
      expect(now).toMatchObject({
        reseller_balance: 4_321_000,
        balance_checked_at: (await orderRow(t.app, num)).createdAt.toISOString(),
        balance_alert_below: 100_000,
        charge_failed: first.charge_failed + 1,
        refund_failed: first.refund_failed + 2,
        payment_held: first.payment_held + 1,
      });
    });
  });

  it('e-mails ADMIN_EMAIL when a precheck reports a balance below the threshold, at most once an hour', async () => {
    const warnings = async () =>
      (await mailsTo(TEST_ADMIN.email)).filter((m) => m.subject.includes('reseller balance is low'));
    const keys = async () =>
      (await t.app.database.db.select().from(jobs).where(eq(jobs.kind, 'balance-warning'))).map(
        (j) => j.dedupeKey,
      );
    expect(await warnings()).toHaveLength(0);

    await setControls({ balance: 150_000 });
    await placeSgdOrder(t.app, { gameId: 'fan_warn' });
    await t.app.jobs.runDue();
    expect(await warnings()).toHaveLength(0);

    await setControls({ balance: 54_321 });
    const num = await placeSgdOrder(t.app, { gameId: 'fan_warn' });
    expect((await orderRow(t.app, num)).precheckBalance).toBe(54_321);
    await placeSgdOrder(t.app, { gameId: 'fan_warn' });
    await t.app.jobs.runDue();
    // Once the warning is sent, more low prechecks within the hour send nothing more.
    await placeSgdOrder(t.app, { gameId: 'fan_warn' });
    await t.app.jobs.runDue();

    const sent = await warnings();
    const hours = await keys();
    // One per UTC+8 hour: normally one, two if the test ran across the turn of an hour.
    expect(hours.length).toBeGreaterThanOrEqual(1);
    expect(sent).toHaveLength(hours.length);
    for (const key of hours) expect(key).toMatch(/^balance-warning:\d{10}$/);
    expect(sent[0]?.subject).toBe('EzRecharge: BIGO reseller balance is low (54,321 diamonds)');
    expect(sent[0]?.text).toContain('below the warning threshold of 100,000 (BIGO_BALANCE_ALERT_BELOW)');
  });
});
