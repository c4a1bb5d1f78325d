import { FIUU_REFUND, type FiuuSandboxRefund, setFiuuRefundControls } from '@ezrecharge/sandboxes';
import { fiuuFormFields, MESSAGES, ORDER_STATUS, orderNote } from '@ezrecharge/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, orderEvents, orders, sandboxRecords, users } from '../src/db/schema';
import { createFiuuClient } from '../src/gateways/fiuu/fiuu-client';
import { fiuuRefundSignature } from '../src/gateways/fiuu/fiuu-protocol';
import type { FiuuClient } from '../src/gateways/fiuu/fiuu-types';
import { type GatewaySettings, gatewaySettings } from '../src/gateways/gateway-settings';
import { createSandboxStore } from '../src/infra/sandbox-store';
import { writeMove } from '../src/modules/order-lifecycle/order-moves';
import { bearer, createUser } from './support/auth';
import { insertOrder } from './support/orders';
import { readOutbox } from './support/outbox';
import { formsOf } from './support/sandbox-pages';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

const SECRET = 'refunds-fiuu-test-secret-0123456789abcdef';

type Fields = Record<string, string>;

describe('Fiuu refunds', () => {
  let t: TestApp;
  let url: string;
  let settings: GatewaySettings;
  let fiuu: FiuuClient;
  let admin: string;
  let adminId: number;

  const db = () => t.app.database.db;
  const httpPost = (target: string, fields: Fields) =>
    fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  /**
   * An order paid at the Fiuu sandbox (hosted page, Pay button) whose delivery then failed: status 10, with the
   * sandbox's tranID as gateway_ref, as the payment and the fulfilment job leave it.
   */
  const paidFiuuOrder = async (outcome: 'pay' | 'pay_fpx' = 'pay') => {
    const order = await insertOrder(t.app, {
      productId: null,
      priceId: null,
      currency: 'MYR',
      unitAmount: 2760,
      status: ORDER_STATUS.CHARGE_FAILED,
      gateway: 'fiuu',
    });
    const handoff = fiuu.handoff({
      orderNum: order.orderNum,
      amount: 2760,
      currency: 'MYR',
      email: 'buyer@example.com',
      gameId: 'bigo_test_id',
      amountGame: 100,
      productName: 'Test product',
      lang: 'en',
      registered: false,
    });
    const page = await (
      await httpPost(handoff.payment_url, fiuuFormFields({ ...handoff, method: 'form', order_status: 3 }))
    ).text();
    const pay = formsOf(page).find((f) => f.fields.outcome === outcome);
    if (!pay) throw new Error('no Pay form on the sandbox page');
    expect((await httpPost(new URL(pay.action, url).toString(), pay.fields)).status).toBe(200);
    const [txn] = await db()
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(
        and(eq(sandboxRecords.kind, 'fiuu_txn'), sql`${sandboxRecords.data}->>'orderid' = ${order.orderNum}`),
      );
    const paid = txn?.data as { tranID?: string; channel?: string } | undefined;
    const tranId = paid?.tranID;
    if (!tranId) throw new Error('the sandbox recorded no transaction');
    // As the paid notification records them: the tranID and the channel the buyer paid through.
    await db()
      .update(orders)
      .set({ gatewayRef: tranId, paymentChannel: paid.channel ?? null })
      .where(eq(orders.id, order.id));
    return { ...order, tranId };
  };

  const refund = (
    orderNum: string,
    body: unknown = { reason: 'BIGO ID closed, buyer asked for the money back' },
    auth: string | null = admin,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/order/refund?order_num=${encodeURIComponent(orderNum)}`,
      headers: auth ? { authorization: auth } : {},
      payload: body as Record<string, unknown>,
    });

  const rowOf = async (orderNum: string) => {
    const [row] = await db().select().from(orders).where(eq(orders.orderNum, orderNum));
    if (!row) throw new Error(`order ${orderNum} missing`);
    return row;
  };
  const eventsOf = (orderId: number) =>
    db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  const refundsOf = async (tranId: string) =>
    (
      await db()
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, FIUU_REFUND), sql`${sandboxRecords.data}->>'TxnID' = ${tranId}`))
        .orderBy(asc(sandboxRecords.id))
    ).map((r) => r.data as FiuuSandboxRefund);
  const auditOf = (orderNum: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderNum)))
      .orderBy(asc(auditLog.id));
  const refundJobsOf = (orderNum: string) =>
    db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'refund-order'), sql`${jobs.payload}->>'order_num' = ${orderNum}`))
      .orderBy(asc(jobs.id));
  /** Makes the order's queued refund job due now (instead of waiting for its recheck time). */
  const makeDue = (orderNum: string) =>
    db()
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.kind, 'refund-order'), sql`${jobs.payload}->>'order_num' = ${orderNum}`));

  const logLines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      { APP_SECRET: SECRET },
      { listen: true, logStream: { write: (line) => logLines.push(line) } },
    );
    url = t.url ?? '';
    settings = gatewaySettings(t.config, SECRET);
    fiuu = createFiuuClient(settings.fiuu, t.app.log);
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const [row] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, TEST_ADMIN.username));
    adminId = row?.id ?? 0;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refunds a failed charge through the Fiuu refund API: 10 → 11 → 12, with events and an audit row', async () => {
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed' });
    const order = await paidFiuuOrder();
    const res = await refund(order.orderNum);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; data: { order_num: string; order_status: number } };
    expect(body.message).toBe(MESSAGES.order_refund_started);
    expect(body.data).toMatchObject({ order_num: order.orderNum, order_status: ORDER_STATUS.REFUNDING });
    expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDING);
    expect(await refundJobsOf(order.orderNum)).toHaveLength(1);
    // Nothing reaches the gateway before the job runs.
    expect(await refundsOf(order.tranId)).toEqual([]);

    await t.app.jobs.runDue();

    const row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDED);
    const [sent] = await refundsOf(order.tranId);
    expect(await refundsOf(order.tranId)).toHaveLength(1);
    expect(sent).toMatchObject({
      RefID: `${order.orderNum}R1`,
      TxnID: order.tranId,
      Amount: '27.60',
      Status: '00',
    });
    expect(row.refundRef).toBe(sent?.RefundID);

    const moves = (await eventsOf(order.id)).map((e) => [e.fromStatus, e.toStatus, e.cause, e.actor]);
    expect(moves).toEqual([
      [10, 11, 'admin refund: BIGO ID closed, buyer asked for the money back', `admin:${adminId}`],
      [11, 12, 'fiuu refund succeeded', 'gateway:fiuu'],
    ]);
    const audit = await auditOf(order.orderNum);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, action: 'order.refund', entity: 'order' });
    expect(audit[0]?.detail).toMatchObject({
      reason: 'BIGO ID closed, buyer asked for the money back',
      from: 10,
    });

    // A refunded order cannot be refunded again.
    const again = await refund(order.orderNum);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: MESSAGES.order_action_not_allowed });
  });

  it('a refund Fiuu rejects ends in 13 with the reason; the retry is a new refund (new RefID) and ends in 12', async () => {
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'reject' });
    const order = await paidFiuuOrder();
    expect((await refund(order.orderNum)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    let row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUND_FAILED);
    expect(row.failureReason).toContain('Fiuu rejected the refund');
    expect(row.failureReason).toContain('sandbox control');
    expect((await refundsOf(order.tranId)).map((r) => [r.RefID, r.Status])).toEqual([
      [`${order.orderNum}R1`, '11'],
    ]);

    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed' });
    const retry = await refund(order.orderNum, { reason: 'card issue fixed, try again' });
    expect(retry.statusCode).toBe(200);
    row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDING);
    expect(row.failureReason).toBeNull();
    expect(row.refundRef).toBeNull();
    await t.app.jobs.runDue();

    row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDED);
    const sent = await refundsOf(order.tranId);
    expect(sent.map((r) => [r.RefID, r.Status])).toEqual([
      [`${order.orderNum}R1`, '11'],
      [`${order.orderNum}R2`, '00'],
    ]);
    expect(row.refundRef).toBe(sent[1]?.RefundID);
    expect((await eventsOf(order.id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [10, 11],
      [11, 13],
      [13, 11],
      [11, 12],
    ]);
    expect((await auditOf(order.orderNum)).map((a) => a.action)).toEqual([
      'order.refund',
      'order.refund_retry',
    ]);
    expect(await refundJobsOf(order.orderNum)).toHaveLength(2);
  });

  describe('online banking (FPX)', () => {
    const bank = {
      bank_code: 'MBBEMYKL',
      bank_country: 'my',
      name: 'Jane Doe',
      account_no: '5140-1234567890',
    };
    const reason = 'BIGO ID closed, buyer asked for the money back';

    it('asks for the buyer’s bank, sends it to Fiuu, and keeps it nowhere but sealed until the refund ends', async () => {
      const order = await paidFiuuOrder('pay_fpx');
      expect((await rowOf(order.orderNum)).paymentChannel).toBe('FPX_MB2U');
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/v1/order/?order_num=${order.orderNum}`,
        headers: { authorization: admin },
      });
      expect(listed.json().data.page_data[0]).toMatchObject({
        payment_channel: 'FPX_MB2U',
        refund_bank_details: 'required',
      });

      const without = await refund(order.orderNum, { reason });
      expect(without.statusCode).toBe(400);
      expect(without.json()).toMatchObject({
        message: MESSAGES.refund_bank_details_required,
        errors: { bank: MESSAGES.refund_bank_details_required },
      });
      const badCode = await refund(order.orderNum, { reason, bank: { ...bank, bank_code: 'MBB' } });
      expect(badCode.json()).toMatchObject({
        errors: { 'bank.bank_code': MESSAGES.refund_bank_code_invalid },
      });
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);

      const started = await refund(order.orderNum, { reason, bank });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.body).not.toContain('1234567890');
      const sealed = (await rowOf(order.orderNum)).refundBeneficiary ?? '';
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain('1234567890');

      // The sandbox refuses an FPX refund without the bank fields (PR014): reaching 12 proves they were sent.
      await t.app.jobs.runDue();
      const done = await rowOf(order.orderNum);
      expect(done.orderStatus).toBe(ORDER_STATUS.REFUNDED);
      expect(done.refundBeneficiary).toBeNull();
      expect(logLines.some((line) => line.includes(order.orderNum))).toBe(true);
      for (const text of [
        JSON.stringify(await eventsOf(order.id)),
        JSON.stringify(await auditOf(order.orderNum)),
        logLines.join('\n'),
      ]) {
        expect(text).not.toContain('1234567890');
        expect(text).not.toContain('Jane Doe');
      }
      expect((await auditOf(order.orderNum)).at(-1)?.detail).toMatchObject({ bank_details_given: true });
    });

    it('refunds a card payment without bank details, and does not keep any that were given', async () => {
      const order = await paidFiuuOrder('pay');
      const started = await refund(order.orderNum, { reason, bank });
      expect(started.statusCode, started.body).toBe(200);
      expect((await rowOf(order.orderNum)).refundBeneficiary).toBeNull();
      await t.app.jobs.runDue();
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDED);
    });

    it('retries a refund Fiuu refuses as busy (PR015) and ends in 13 with Fiuu’s words on a final refusal (PR017)', async () => {
      const busy = await paidFiuuOrder('pay');
      await setFiuuRefundControls(createSandboxStore(db()), { mode: 'busy' });
      expect((await refund(busy.orderNum)).statusCode).toBe(200);
      await t.app.jobs.runDue();
      expect((await rowOf(busy.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDING);
      const [job] = await refundJobsOf(busy.orderNum);
      expect(job?.lastError).toMatch(/PR015 Server is busy/);
      await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed' });
      await makeDue(busy.orderNum);
      await t.app.jobs.runDue();
      expect((await rowOf(busy.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDED);

      const late = await paidFiuuOrder('pay');
      await setFiuuRefundControls(createSandboxStore(db()), { mode: 'expired' });
      expect((await refund(late.orderNum)).statusCode).toBe(200);
      await t.app.jobs.runDue();
      const ended = await rowOf(late.orderNum);
      expect(ended.orderStatus).toBe(ORDER_STATUS.REFUND_FAILED);
      expect(ended.failureReason).toBe(
        'Fiuu refused the refund: PR017 Refund request for transaction that is out of the allowed period.',
      );
      await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed' });
    });
  });

  it('a pending refund is asked about again later and ends in 12 when Fiuu reports success', async () => {
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'pending' });
    const order = await paidFiuuOrder();
    expect((await refund(order.orderNum)).statusCode).toBe(200);
    const before = Date.now();
    await t.app.jobs.runDue();

    let row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDING);
    const [sent] = await refundsOf(order.tranId);
    expect(sent?.Status).toBe('22');
    expect(row.refundRef).toBe(sent?.RefundID);
    const [job] = await refundJobsOf(order.orderNum);
    expect(job).toMatchObject({ state: 'queued', lastError: 'refund pending at fiuu' });
    expect(job?.runAt.getTime()).toBeGreaterThanOrEqual(before + 29 * 60_000);

    // Not due yet: nothing happens.
    await t.app.jobs.runDue();
    expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDING);

    await makeDue(order.orderNum);
    await t.app.jobs.runDue();
    row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDED);
    expect(await refundsOf(order.tranId)).toHaveLength(1);
  });

  it('a job run again after a crash reaches the refund the crashed run sent, and never refunds twice', async () => {
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'pending' });
    const order = await paidFiuuOrder();
    expect((await refund(order.orderNum)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await refundsOf(order.tranId)).toHaveLength(1);
    // The crash: the refund went out, but its answer was never stored.
    await db().update(orders).set({ refundRef: null }).where(eq(orders.id, order.id));

    await makeDue(order.orderNum);
    await t.app.jobs.runDue();

    const row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDED);
    const sent = await refundsOf(order.tranId);
    expect(sent).toHaveLength(1);
    expect(row.refundRef).toBe(sent[0]?.RefundID);
  });

  it('a refund still pending after 24 hours stays in 11; past Fiuu’s 14 days it waits in the operator’s queue', async () => {
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'stuck' });
    const order = await paidFiuuOrder();
    expect((await refund(order.orderNum)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDING);

    const startedAgo = (interval: string) =>
      db()
        .update(orderEvents)
        .set({ createdAt: sql`now() - ${interval}::interval` })
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, ORDER_STATUS.REFUNDING)));
    await startedAgo('25 hours');
    await makeDue(order.orderNum);
    await t.app.jobs.runDue();
    let row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDING);
    expect(row.refundOverdueAt).toBeNull();
    // Asked again later, the pause growing with the refund's age: a quarter of 25 hours.
    const [job] = await refundJobsOf(order.orderNum);
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 6 * 3_600_000);

    await startedAgo('17 days');
    await makeDue(order.orderNum);
    await t.app.jobs.runDue();
    row = await rowOf(order.orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDING);
    expect(row.refundOverdueAt).not.toBeNull();
    expect(row.failureReason).toBeNull();
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/v1/order/overview',
      headers: { authorization: admin },
    });
    expect(overview.json().data).toMatchObject({ refund_overdue: expect.any(Number) });
    expect(overview.json().data.refund_overdue).toBeGreaterThanOrEqual(1);
    // Once in the queue, however often it is asked about since: one event, one e-mail.
    await makeDue(order.orderNum);
    await t.app.jobs.runDue();
    const notes = (await eventsOf(order.id)).filter((e) => e.cause.startsWith('refund overdue'));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.cause).toContain('Fiuu');
    await t.app.jobs.runDue();
    const alerts = (await readOutbox(t.dataDir)).filter((m) =>
      m.subject.includes(`refund of order ${order.orderNum}`),
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.to).toContain(TEST_ADMIN.email);
    expect(await refundsOf(order.tranId)).toHaveLength(1);
  });

  it('a refund whose status inquiries answer PR015 stays in 11 through ten of them and ends in 12 once Fiuu answers', async () => {
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'pending', inquiry: 'busy' });
    const order = await paidFiuuOrder();
    expect((await refund(order.orderNum)).statusCode).toBe(200);
    // The refund itself goes through (Fiuu refuses a second one under the same RefID), answered pending.
    await t.app.jobs.runDue();
    expect(await refundsOf(order.tranId)).toHaveLength(1);
    expect((await rowOf(order.orderNum)).refundRef).toBe((await refundsOf(order.tranId))[0]?.RefundID);
    for (let inquiry = 1; inquiry <= 10; inquiry++) {
      await makeDue(order.orderNum);
      await t.app.jobs.runDue();
      const row = await rowOf(order.orderNum);
      expect(row.orderStatus, `after inquiry ${inquiry}`).toBe(ORDER_STATUS.REFUNDING);
      expect(row.failureReason).toBeNull();
      const [job] = await refundJobsOf(order.orderNum);
      expect(job).toMatchObject({ state: 'queued' });
      expect(job?.lastError).toContain('PR015');
    }
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'pending', inquiry: 'answer' });
    await makeDue(order.orderNum);
    await t.app.jobs.runDue();
    expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDED);
    expect(await refundsOf(order.tranId)).toHaveLength(1);
    expect((await eventsOf(order.id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [10, 11],
      [11, 12],
    ]);
  });

  it('an inquiry that gets no HTTP answer (503) is no answer either: the order stays in 11', async () => {
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'pending', inquiry: 'down' });
    const order = await paidFiuuOrder();
    expect((await refund(order.orderNum)).statusCode).toBe(200);
    await t.app.jobs.runDue();
    await makeDue(order.orderNum);
    await t.app.jobs.runDue();
    expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDING);
    const [job] = await refundJobsOf(order.orderNum);
    expect(job?.lastError).toMatch(/no answer from fiuu/);
    await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed' });
    await makeDue(order.orderNum);
    await t.app.jobs.runDue();
    expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDED);
    expect(await refundsOf(order.tranId)).toHaveLength(1);
  });

  describe('a retried refund asks about the earlier ones first', () => {
    /** An order whose first refund Fiuu holds in `mode`, moved to 13 by hand (as the code before issue #26 did). */
    const failedWhileHeld = async (mode: 'stuck' | 'succeed') => {
      await setFiuuRefundControls(createSandboxStore(db()), { mode });
      const order = await paidFiuuOrder();
      expect((await refund(order.orderNum)).statusCode).toBe(200);
      if (mode === 'stuck') await t.app.jobs.runDue();
      else {
        // Sent, but its answer lost: the job never learnt of it.
        await fiuu.refund({
          orderNum: order.orderNum,
          tranId: order.tranId,
          amount: 2760,
          currency: 'MYR',
          refId: `${order.orderNum}R1`,
          earlierRefIds: [],
        });
      }
      const moved = await writeMove(db(), {
        orderNum: order.orderNum,
        to: ORDER_STATUS.REFUND_FAILED,
        from: [ORDER_STATUS.REFUNDING],
        cause: orderNote('refund_failed', { gateway: 'fiuu' }),
        actor: 'gateway:fiuu',
        set: { failure: orderNote('text', { text: 'Fiuu holds no refund with this reference' }) },
      });
      expect(moved.moved).toBe(true);
      await db()
        .update(jobs)
        .set({ state: 'done' })
        .where(sql`${jobs.payload}->>'order_num' = ${order.orderNum}`);
      return order;
    };

    it('while the first is pending: no second refund is sent, and the order ends in 12 when the first settles', async () => {
      const order = await failedWhileHeld('stuck');
      await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed' });
      expect((await refund(order.orderNum, { reason: 'try again' })).statusCode).toBe(200);
      await t.app.jobs.runDue();
      let row = await rowOf(order.orderNum);
      expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDING);
      expect(row.refundRef).toBeNull();
      expect((await refundsOf(order.tranId)).map((r) => r.RefID)).toEqual([`${order.orderNum}R1`]);
      const [, job] = await refundJobsOf(order.orderNum);
      expect(job?.lastError).toContain(`RefID ${order.orderNum}R1`);

      // Fiuu settles the first refund.
      const [first] = await refundsOf(order.tranId);
      await db()
        .update(sandboxRecords)
        .set({ data: { ...first, Status: '00' } })
        .where(and(eq(sandboxRecords.kind, FIUU_REFUND), eq(sandboxRecords.key, `${order.orderNum}R1`)));
      await makeDue(order.orderNum);
      await t.app.jobs.runDue();
      row = await rowOf(order.orderNum);
      expect(row.orderStatus).toBe(ORDER_STATUS.REFUNDED);
      expect(await refundsOf(order.tranId)).toHaveLength(1);
      expect((await eventsOf(order.id)).at(-1)?.cause).toBe(
        `fiuu refund succeeded (the earlier refund RefID ${order.orderNum}R1)`,
      );
    });

    it('when the first was done: the retry ends in 12 at once, without a second refund', async () => {
      const order = await failedWhileHeld('succeed');
      expect((await refundsOf(order.tranId)).map((r) => [r.RefID, r.Status])).toEqual([
        [`${order.orderNum}R1`, '00'],
      ]);
      expect((await refund(order.orderNum, { reason: 'try again' })).statusCode).toBe(200);
      await t.app.jobs.runDue();
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDED);
      expect(await refundsOf(order.tranId)).toHaveLength(1);
    });

    it('when Fiuu cannot answer about the first: nothing is sent until it can', async () => {
      const order = await failedWhileHeld('stuck');
      await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed', inquiry: 'busy' });
      expect((await refund(order.orderNum, { reason: 'try again' })).statusCode).toBe(200);
      await t.app.jobs.runDue();
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.REFUNDING);
      expect(await refundsOf(order.tranId)).toHaveLength(1);
      await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed' });
    });
  });

  describe('the sandbox refund API', () => {
    const endpoint = () => `${url}/sandbox/fiuu-api/RMS/API/refundAPI/index.php`;
    const signed = (over: Partial<Fields>, secret = settings.fiuu.secretKey): Fields => {
      const fields = {
        RefundType: 'P',
        MerchantID: settings.fiuu.merchantId,
        RefID: `direct${Date.now()}`,
        TxnID: '0',
        Amount: '27.60',
        ...over,
      };
      return { ...fields, Signature: fiuuRefundSignature(fields, secret) };
    };

    it('refuses a forged signature, an unknown transaction and more than was paid, with Fiuu codes', async () => {
      await setFiuuRefundControls(createSandboxStore(db()), { mode: 'succeed' });
      const order = await paidFiuuOrder();
      const call = async (fields: Fields) => (await (await httpPost(endpoint(), fields)).json()) as Fields;

      const forged = await call(signed({ TxnID: order.tranId }, 'not-the-secret-key'));
      expect(forged).toEqual({ error_code: 'PR008', error_desc: 'Invalid Signature.' });
      const tampered = { ...signed({ TxnID: order.tranId, Amount: '1.00' }), Amount: '27.60' };
      expect(await call(tampered)).toMatchObject({ error_code: 'PR008' });
      expect(await call(signed({ TxnID: '123' }))).toEqual({
        error_code: 'PR009',
        error_desc: 'Txn ID not found.',
      });
      expect(await call(signed({ TxnID: order.tranId, Amount: '27.61' }))).toEqual({
        error_code: 'PR011',
        error_desc: 'Exceed refund amount for this transaction.',
      });
      expect(await refundsOf(order.tranId)).toEqual([]);

      // The same request correctly signed is a refund; the order's own refund would then exceed what is left.
      const ok = await call(signed({ TxnID: order.tranId, Amount: '20.00' }));
      expect(ok).toMatchObject({ Status: '00', TxnID: order.tranId, Amount: '20.00' });
      const client = await fiuu.refund({
        orderNum: order.orderNum,
        tranId: order.tranId,
        amount: 2760,
        currency: 'MYR',
        refId: `${order.orderNum}X`,
        earlierRefIds: [],
      });
      expect(client.state).toBe('failed');
      expect(client.reason).toContain('PR011');
      expect(await refundsOf(order.tranId)).toHaveLength(1);
    });
  });

  describe('access and refusals', () => {
    it('needs a signed-in superuser', async () => {
      const order = await paidFiuuOrder();
      expect((await refund(order.orderNum, undefined, null)).statusCode).toBe(401);
      await createUser(t.app, {
        username: 'refund_user',
        password: 'user-pass-1',
        email: 'refund_user@example.com',
      });
      const user = await bearer(t.app, 'refund_user', 'user-pass-1');
      expect((await refund(order.orderNum, undefined, user)).statusCode).toBe(403);
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);
      expect(await auditOf(order.orderNum)).toEqual([]);
      expect(await refundJobsOf(order.orderNum)).toEqual([]);
    });

    it('refuses orders in other statuses (400), unknown orders (404) and a missing reason', async () => {
      for (const status of [
        ORDER_STATUS.PENDING_PAYMENT,
        ORDER_STATUS.PAYMENT_COMPLETED,
        ORDER_STATUS.CHARGED,
        ORDER_STATUS.REFUNDING,
      ]) {
        const order = await insertOrder(t.app, {
          productId: null,
          priceId: null,
          status,
          gatewayRef: '5550001',
        });
        const res = await refund(order.orderNum);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: MESSAGES.order_action_not_allowed });
        expect((await rowOf(order.orderNum)).orderStatus).toBe(status);
        expect(await auditOf(order.orderNum)).toEqual([]);
      }
      const missing = await refund('EZ20990101nosuchorder000000000');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: MESSAGES.order_not_found });

      const order = await insertOrder(t.app, {
        productId: null,
        priceId: null,
        status: 10,
        gatewayRef: '5550002',
      });
      const noReason = await refund(order.orderNum, { reason: '   ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toMatchObject({ errors: { reason: MESSAGES.order_reason_required } });
      expect((await rowOf(order.orderNum)).orderStatus).toBe(ORDER_STATUS.CHARGE_FAILED);

      // Paid without a gateway reference: there is nothing to refund through.
      const unpaid = await insertOrder(t.app, { productId: null, priceId: null, status: 10 });
      const res = await refund(unpaid.orderNum);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MESSAGES.refund_unavailable });
    });
  });
});
