import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsOf, postForm } from './support/html-forms';
import { OPERATOR_TOKEN, type SandboxApp, startSandboxApp } from './support/sandbox-app';
import { stripeSdk } from './support/stripe-sdk';

/**
 * Issue #28: the Stripe sandbox's disputes through the real `stripe` SDK: an operator opens one on a paid session,
 * the shop finds the session of the disputed PaymentIntent, submits evidence (kept, and read back), and the bank
 * decides; each change reaches the shop's webhook as a signed charge.dispute.* event.
 */
describe('Stripe sandbox: disputes', () => {
  let t: SandboxApp;
  let stripe: Stripe;
  let webhookSecret: string;

  beforeAll(async () => {
    t = await startSandboxApp();
    stripe = stripeSdk(`${t.url}/sandbox/stripe`, t.options.stripe?.secretKey ?? '');
    webhookSecret = t.options.stripe?.webhookSecret ?? '';
  });
  afterAll(async () => t.close());

  async function paidSession(): Promise<Stripe.Checkout.Session> {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'hkd', unit_amount: 3900, product_data: { name: '100 diamonds' } },
        },
      ],
      metadata: { order_num: 'EZ1' },
      success_url: `${t.url}/shop/done`,
    });
    const page = await (await fetch(session.url ?? '')).text();
    const pay = formsOf(page).find((f) => f.fields.action === 'pay');
    if (!pay) throw new Error('no Pay button');
    await postForm(new URL(pay.action, t.url).toString(), pay.fields);
    return stripe.checkout.sessions.retrieve(session.id);
  }

  const control = (path: string, body: unknown, token = OPERATOR_TOKEN) =>
    fetch(`${t.url}/sandbox/stripe${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  /** The events the shop received since `from`, each checked by the SDK's own verifier. */
  const eventsSince = (from: number) =>
    t.shopPosts
      .slice(from)
      .map((post) =>
        stripe.webhooks.constructEvent(post.raw, String(post.headers['stripe-signature']), webhookSecret),
      );

  it('opens a dispute on a paid session, signed to the webhook, and lists the session of its PaymentIntent', async () => {
    const session = await paidSession();
    const pi = String(session.payment_intent);
    expect((await control('/disputes', { payment_intent: pi }, 'wrong')).status).toBe(401);
    const from = t.shopPosts.length;
    const res = await control('/disputes', { payment_intent: pi, reason: 'product_not_received' });
    expect(res.status).toBe(200);
    const opened = (await res.json()) as { id: string };
    const events = eventsSince(from);
    expect(events.map((e) => e.type)).toEqual(['charge.dispute.created', 'charge.dispute.created']);
    expect(events[0]?.data.object).toMatchObject({
      object: 'dispute',
      id: opened.id,
      amount: 3900,
      currency: 'hkd',
      payment_intent: pi,
      reason: 'product_not_received',
      status: 'needs_response',
    });
    const due = (events[0]?.data.object as Stripe.Dispute | undefined)?.evidence_details.due_by ?? 0;
    expect(due).toBeGreaterThan(Date.now() / 1000);

    const listed = await stripe.checkout.sessions.list({ payment_intent: pi, limit: 1 });
    expect(listed.data.map((s) => s.id)).toEqual([session.id]);
    expect(listed.data[0]?.metadata).toEqual({ order_num: 'EZ1' });
    expect((await stripe.checkout.sessions.list({ payment_intent: 'pi_none' })).data).toEqual([]);

    const unpaid = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'hkd', unit_amount: 100, product_data: { name: 'x' } } },
      ],
      success_url: `${t.url}/shop/done`,
    });
    expect((await control('/disputes', { session: unpaid.id })).status).toBe(404);
  });

  it('keeps submitted evidence (read back), moves the dispute under review, and refuses a second answer', async () => {
    const session = await paidSession();
    const opened = (await (await control('/disputes', { session: session.id })).json()) as { id: string };
    const from = t.shopPosts.length;
    const long = 'x'.repeat(5000);
    const updated = await stripe.disputes.update(opened.id, {
      evidence: {
        customer_email_address: 'buyer@example.com',
        customer_purchase_ip: '203.0.113.7',
        product_description: '100 BIGO LIVE diamonds',
        service_date: '2026-12-01',
        access_activity_log: 'placed 2026-12-01 10:00:00 UTC',
        uncategorized_text: long,
      },
      submit: true,
    });
    expect(updated.status).toBe('under_review');
    expect(updated.evidence_details.submission_count).toBe(1);
    expect(eventsSince(from).map((e) => e.type)).toEqual([
      'charge.dispute.updated',
      'charge.dispute.updated',
    ]);

    const read = await stripe.disputes.retrieve(opened.id);
    expect(read.evidence).toMatchObject({
      customer_email_address: 'buyer@example.com',
      customer_purchase_ip: '203.0.113.7',
      service_date: '2026-12-01',
      uncategorized_text: long,
      billing_address: null,
    });
    const again = await stripe.disputes
      .update(opened.id, { evidence: { uncategorized_text: 'more' } })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400 });
    const unknown = await stripe.disputes
      .update(opened.id, { evidence: { nonsense: 'x' } as Stripe.DisputeUpdateParams.Evidence })
      .catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
  });

  it('closes a dispute won or lost once, sending charge.dispute.closed', async () => {
    const session = await paidSession();
    const opened = (await (await control('/disputes', { session: session.id })).json()) as { id: string };
    const from = t.shopPosts.length;
    const closed = await control(`/disputes/${opened.id}/close`, { outcome: 'lost' });
    expect(closed.status).toBe(200);
    const events = eventsSince(from);
    expect(events.map((e) => e.type)).toEqual(['charge.dispute.closed', 'charge.dispute.closed']);
    expect(events[0]?.data.object).toMatchObject({ id: opened.id, status: 'lost' });
    expect((await control(`/disputes/${opened.id}/close`, { outcome: 'won' })).status).toBe(400);
    expect((await control('/disputes/du_none/close', { outcome: 'won' })).status).toBe(404);
    expect((await stripe.disputes.retrieve(opened.id)).status).toBe('lost');
  });
});
