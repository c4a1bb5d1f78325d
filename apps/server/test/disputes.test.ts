import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ORDER_STATUS, type TOrderDisputes } from '@ezrecharge/shared';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes, paymentNotifications } from '../src/db/schema';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { adminAndPlainUser, auditRows } from './support/api';
import {
  commitOrder,
  eventsOf,
  handoffOf,
  orderRow,
  payloadFor,
  publicPack,
  publicPacks,
} from './support/order-commit';
import { readOutbox } from './support/outbox';
import { formsOf } from './support/sandbox-pages';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

const BUYER_IP = '203.0.113.9';
const BUYER_AGENT = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36';

/**
 * Issue #28: a Stripe dispute end to end over HTTP: an HKD order placed (its address and browser kept), paid on the
 * sandbox's Checkout page and delivered; the sandbox opens a dispute, whose signed webhook (delivered twice) attaches
 * it to the order once and mails the operator once; an older event delivered late changes nothing; the order page's
 * evidence is gathered and a superuser submits it to the sandbox, which keeps it (read back here); the bank decides.
 */
describe('Stripe disputes', () => {
  let t: TestApp;
  let admin: string;
  let plain: string;
  let secretKey: string;
  let webhookSecret: string;
  let orderNum: string;
  let sessionId: string;
  let disputeRef: string;

  const db = () => t.app.database.db;

  const api = (method: 'GET' | 'POST', url: string, auth: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });

  /** An operator's control of the Stripe sandbox (outside its API: the shop's sign-in). */
  const sandboxControl = async (url: string, body: object) => {
    const res = await fetch(`${t.url}/sandbox/stripe${url}`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { id: string; created: number } & Record<string, unknown>;
  };

  /** A hand-signed charge.dispute.* event, as Stripe would send it. */
  const deliverDispute = (type: string, object: Record<string, unknown>, created: number) => {
    const payload = JSON.stringify({
      id: `evt_test_${type}_${created}_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      created,
      data: { object },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
    });
  };

  const disputeRows = () => db().select().from(disputes).orderBy(asc(disputes.id));
  const adminMails = async () =>
    (await readOutbox(t.dataDir)).filter(
      (m) => m.to.includes(TEST_ADMIN.email) && /dispute/i.test(m.subject),
    );
  const overview = async () =>
    (
      (await api('GET', '/api/v1/order/overview', admin)).json() as {
        data: { disputes_open: number };
      }
    ).data.disputes_open;
  const disputedList = async () =>
    (
      (await api('GET', '/api/v1/order/?page=1&page_size=50&attention=disputed', admin)).json() as {
        data: { items?: { order_num: string }[]; list?: { order_num: string }[] };
      }
    ).data;

  beforeAll(async () => {
    t = await startTestApp({}, { listen: true });
    ({ admin, plain } = await adminAndPlainUser(t));
    const secret = (await readFile(path.join(t.dataDir, 'app-secret'), 'utf8')).trim();
    ({ secretKey, webhookSecret } = gatewaySettings(t.config, secret).stripe);

    // An HKD pack (Stripe's currency), ordered by a visitor from a known address and browser.
    const { productId } = await publicPacks(t.app);
    const created = await api('POST', '/api/v1/price/create', admin, {
      product_id: productId,
      game_amount: 1000,
      currency: 'HKD',
      unit_amount: 14_800,
    });
    expect(created.statusCode, created.body).toBe(200);
    const hkd = await publicPack(t.app, 'HKD', 1000);
    const handoff = handoffOf(
      await commitOrder(t.app, payloadFor(hkd, 1, { game_id: 'dispute_buyer' }), {
        email: 'disputer@example.com',
        ip: BUYER_IP,
        userAgent: BUYER_AGENT,
      }),
    );
    if (handoff.method !== 'redirect') throw new Error('expected Stripe Checkout');
    orderNum = handoff.order_num;

    // Paid on the sandbox's Checkout page (its webhook reaches us over HTTP), then delivered and the receipt sent.
    const page = await (await fetch(handoff.payment_url)).text();
    const pay = formsOf(page).find((f) => f.fields.action === 'pay');
    if (!pay) throw new Error('no Pay button');
    await fetch(new URL(pay.action, t.url), {
      method: 'POST',
      body: new URLSearchParams(pay.fields),
      redirect: 'manual',
    });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const row = await orderRow(t.app, orderNum);
    expect(row.orderStatus).toBe(ORDER_STATUS.CHARGED);
    sessionId = row.gatewayRef ?? '';
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the address and browser an order was placed from', async () => {
    expect(await orderRow(t.app, orderNum)).toMatchObject({ clientIp: BUYER_IP, userAgent: BUYER_AGENT });
  });

  it('attaches the sandbox’s dispute to its order once (delivered twice), leaves the order status, mails once', async () => {
    expect(await overview()).toBe(0);
    const opened = await sandboxControl('/disputes', { session: sessionId, reason: 'fraudulent' });
    disputeRef = opened.id;

    const rows = await disputeRows();
    expect(rows).toHaveLength(1);
    const order = await orderRow(t.app, orderNum);
    expect(rows[0]).toMatchObject({
      orderId: order.id,
      gateway: 'stripe',
      disputeRef,
      amount: 14_800,
      currency: 'HKD',
      reason: 'fraudulent',
      status: 'needs_response',
      evidenceSubmittedAt: null,
    });
    expect(rows[0]?.evidenceDueBy?.getTime()).toBeGreaterThan(Date.now());
    // A dispute is not an order status: the order stays delivered, with a note in its history.
    expect(order.orderStatus).toBe(ORDER_STATUS.CHARGED);
    const notes = (await eventsOf(t.app, orderNum)).filter((e) => e.cause.includes(disputeRef));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ fromStatus: ORDER_STATUS.CHARGED, toStatus: ORDER_STATUS.CHARGED });

    const outcomes = (
      await db()
        .select({ outcome: paymentNotifications.outcome })
        .from(paymentNotifications)
        .where(eq(paymentNotifications.channel, 'charge.dispute.created'))
    ).map((n) => n.outcome);
    expect(outcomes.sort()).toEqual(['dispute', 'duplicate']);

    await t.app.jobs.runDue();
    const mails = await adminMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(orderNum);
    expect(mails[0]?.text).toContain(disputeRef);
    expect(mails[0]?.text).toContain('HKD 148.00');
    expect(mails[0]?.text).toContain('fraudulent');

    expect(await overview()).toBe(1);
    const listed = await disputedList();
    expect(JSON.stringify(listed)).toContain(orderNum);
  });

  it('applies dispute events in the order of their time: an older one delivered late changes nothing', async () => {
    const [row] = await disputeRows();
    const at = Math.floor((row?.lastEventAt.getTime() ?? 0) / 1000);
    const object = {
      object: 'dispute',
      id: disputeRef,
      amount: 14_800,
      currency: 'hkd',
      payment_intent: (await fetchDispute()).payment_intent,
      reason: 'fraudulent',
      status: 'warning_under_review',
      evidence_details: { due_by: at + 86_400 },
    };
    const late = await deliverDispute('charge.dispute.updated', object, at - 60);
    expect(late.statusCode, late.body).toBe(200);
    expect((await disputeRows())[0]?.status).toBe('needs_response');
    expect(await adminMails()).toHaveLength(1);

    // A dispute event whose payment is none of ours is acknowledged and kept, never attached anywhere.
    const stranger = await deliverDispute(
      'charge.dispute.created',
      { ...object, id: 'du_stranger', payment_intent: 'pi_not_ours', status: 'needs_response' },
      at,
    );
    expect(stranger.statusCode).toBe(200);
    expect(await disputeRows()).toHaveLength(1);

    // A signed dispute event without a dispute's shape is answered 400, never applied.
    const broken = await deliverDispute('charge.dispute.updated', { ...object, amount: 'lots' }, at + 1);
    expect(broken.statusCode).toBe(400);
    expect((await disputeRows())[0]?.status).toBe('needs_response');
  });

  /** The dispute as the sandbox's API answers it (what Stripe holds). */
  async function fetchDispute() {
    const res = await fetch(`${t.url}/sandbox/stripe/v1/disputes/${disputeRef}`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      status: string;
      payment_intent: string;
      evidence: Record<string, string | null>;
    };
  }

  it('gathers the evidence the shop holds, for superusers only', async () => {
    const url = `/api/v1/order/disputes?order_num=${orderNum}`;
    expect((await api('GET', url, plain)).statusCode).toBe(403);
    const res = await api('GET', url, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { disputes: list, evidence } = (res.json() as { data: TOrderDisputes }).data;
    expect(list).toEqual([
      expect.objectContaining({
        dispute_ref: disputeRef,
        status: 'needs_response',
        amount: 14_800,
        currency: 'HKD',
      }),
    ]);
    expect(evidence).toMatchObject({
      order_num: orderNum,
      email: 'disputer@example.com',
      client_ip: BUYER_IP,
      user_agent: BUYER_AGENT,
      bigo_id: 'dispute_buyer',
      diamonds: 1000,
      amount: 14_800,
      currency: 'HKD',
    });
    expect(evidence.paid_at).not.toBeNull();
    expect(evidence.delivered_at).not.toBeNull();
    expect(evidence.delivery_confirmation).toMatch(/\S/);
    expect(evidence.receipt_sent_at).not.toBeNull();
    expect(evidence.explanation).toContain('dispute_buyer');
    expect(evidence.explanation).toContain(BUYER_IP);
  });

  it('submits the evidence to Stripe in one step (superusers, audited), which keeps it; a second is refused', async () => {
    const [row] = await disputeRows();
    const body = {
      order_num: orderNum,
      dispute_id: row?.id,
      explanation: 'The buyer received 1000 diamonds.',
    };
    const refused = await api('POST', '/api/v1/order/dispute/evidence', plain, body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await fetchDispute()).evidence.uncategorized_text).toBeNull();

    const res = await api('POST', '/api/v1/order/dispute/evidence', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message_key: 'dispute_evidence_submitted',
      data: { status: 'under_review', dispute_ref: disputeRef },
    });
    const held = await fetchDispute();
    expect(held.status).toBe('under_review');
    expect(held.evidence).toMatchObject({
      uncategorized_text: 'The buyer received 1000 diamonds.',
      customer_email_address: 'disputer@example.com',
      customer_purchase_ip: BUYER_IP,
    });
    expect(held.evidence.access_activity_log).toContain(BUYER_AGENT);
    expect(held.evidence.product_description).toContain('dispute_buyer');
    expect(held.evidence.service_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const [after] = await disputeRows();
    expect(after?.evidenceSubmittedAt).not.toBeNull();
    expect(after?.status).toBe('under_review');
    expect(await auditRows(t, 'order.dispute_evidence', orderNum)).toHaveLength(1);

    const again = await api('POST', '/api/v1/order/dispute/evidence', admin, body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message_key: 'dispute_not_answerable' });
    const missing = await api('POST', '/api/v1/order/dispute/evidence', admin, {
      ...body,
      dispute_id: 999_999,
    });
    expect(missing.statusCode).toBe(404);
    const empty = await api('POST', '/api/v1/order/dispute/evidence', admin, { ...body, explanation: '  ' });
    expect(empty.statusCode).toBe(400);
  });

  it('closes the dispute when the bank decides, mails the operator once more, and leaves the queue', async () => {
    await sandboxControl(`/disputes/${disputeRef}/close`, { outcome: 'won' });
    expect((await disputeRows())[0]?.status).toBe('won');
    await t.app.jobs.runDue();
    const mails = await adminMails();
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject).join('\n')).toMatch(/closed: won/);
    expect(await overview()).toBe(0);
    expect(JSON.stringify(await disputedList())).not.toContain(orderNum);
    expect((await orderRow(t.app, orderNum)).orderStatus).toBe(ORDER_STATUS.CHARGED);
  });
});
