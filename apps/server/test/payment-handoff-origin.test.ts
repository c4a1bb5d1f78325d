import {
  encryptWireJson,
  fiuuFormFields,
  formatEventTime,
  type TOrderHandoff,
  WIRE_CONTEXT,
} from '@ezrecharge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadFor, publicPack } from './support/order-commit';
import { freePort, startTestApp, type TestApp } from './support/test-app';

/**
 * The payment hand-off from whatever address the buyer typed (issue #13): `npm start` announces
 * http://localhost:3000 (PUBLIC_URL) while Fastify logs http://127.0.0.1:3000, and a buyer on the second one had the
 * hidden form to the sandbox at the first one blocked by the CSP's `form-action 'self'`, so the page hung. The
 * CSP now allows exactly the origins the hand-off forms post to (infra/security.ts).
 */

/** The sources a CSP header gives one directive. */
function directive(csp: string | null, name: string): string[] {
  const entry = (csp ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  if (!entry) throw new Error(`no ${name} in ${csp}`);
  return entry.slice(1);
}

describe('payment hand-off from another name of the same server', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    // PUBLIC_URL as `npm start` sets it by default; the test app listens on 127.0.0.1.
    t = await startTestApp({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}` }, { listen: true });
  });
  afterAll(() => t?.close());

  it('lets a page at 127.0.0.1 post the hand-off to the sandbox at PUBLIC_URL, which answers its payment page', async () => {
    const page = await fetch(`http://127.0.0.1:${port}/recharge`);
    expect(page.status).toBe(200);
    const formAction = directive(page.headers.get('content-security-policy'), 'form-action');

    // The order placed from that page, over HTTP to 127.0.0.1, as the recharge form sends it.
    const pack = await publicPack(t.app, 'SGD', 500);
    const eventtime = formatEventTime();
    const commit = await fetch(`http://127.0.0.1:${port}/api/v1/order/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: await encryptWireJson(payloadFor(pack, 1), eventtime, WIRE_CONTEXT.order),
        eventtime,
        email: 'loopback.buyer@example.com',
      }),
    });
    expect(commit.status).toBe(200);
    const handoff = ((await commit.json()) as { data: TOrderHandoff }).data;
    if (handoff.method !== 'form') throw new Error(`expected a form hand-off, got ${handoff.method}`);

    const target = new URL(handoff.payment_url);
    expect(target.origin).toBe(`http://localhost:${port}`);
    // 'self' is the page's own origin (127.0.0.1), so the sandbox's origin has to be listed by name.
    expect(formAction).toEqual(["'self'", `http://localhost:${port}`]);

    // What the browser then posts reaches the sandbox's hosted page for this order.
    const hosted = await fetch(handoff.payment_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://127.0.0.1:${port}`,
      },
      body: new URLSearchParams(fiuuFormFields(handoff)).toString(),
    });
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain(handoff.order_num);
  });

  it('gives the page at PUBLIC_URL itself the same form-action', async () => {
    const page = await fetch(`http://localhost:${port}/recharge`);
    expect(directive(page.headers.get('content-security-policy'), 'form-action')).toEqual([
      "'self'",
      `http://localhost:${port}`,
    ]);
  });
});

describe('form-action with the real gateways', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      PUBLIC_URL: 'https://shop.example',
      FIUU_MERCHANT_ID: 'acme',
      FIUU_VERIFY_KEY: 'v'.repeat(32),
      FIUU_SECRET_KEY: 's'.repeat(32),
      FIUU_PAYMENT_URL: 'https://sandbox-payment.fiuu.com',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
    });
  });
  afterAll(() => t?.close());

  it('allows only this site and the configured Fiuu payment host (Stripe Checkout is a redirect)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/recharge' });
    expect(directive(String(page.headers['content-security-policy']), 'form-action')).toEqual([
      "'self'",
      'https://sandbox-payment.fiuu.com',
    ]);
  });
});
