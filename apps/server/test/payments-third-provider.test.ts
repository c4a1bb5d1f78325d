import { ORDER_STATUS, type TRedirectHandoff } from '@ezrecharge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { prices } from '../src/db/schema';
import { checkGateways } from '../src/gateways/gateway-check';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import {
  commitOrder,
  eventsOf,
  handoffOf,
  orderRow,
  payloadFor,
  publicPack,
  publicPacks,
} from './support/order-commit';
import { startTestApp, type TestApp } from './support/test-app';
import { testPayDescriptor } from './support/test-provider/test-pay-descriptor';
import { TEST_PAY_SIGNATURE_HEADER, testPaySign } from './support/test-provider/test-pay-protocol';
import { createTestPayProvider, type TestPaySettings } from './support/test-provider/test-pay-provider';

/**
 * Issue #30, "one descriptor per provider", done when a provider made only for the test is registered by one line
 * and a buyer pays through it end to end. TestPay (test/support/test-provider/) takes the shop's JPY, which Stripe
 * takes otherwise: the buyer commits a JPY order through the real HTTP API, follows the hand-off to TestPay's page,
 * pays there, TestPay notifies the shop with a signed post, and the order is delivered by the BIGO sandbox.
 */

const SECRET = 'third-provider-secret-0123456789abcdef0123';

describe('a third payment provider, registered by one line (issue #30)', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true, providers: [testPayDescriptor] });
    url = t.url ?? '';
    const { productId } = await publicPacks(t.app);
    await t.app.database.db
      .insert(prices)
      .values({ productId, currency: 'JPY', gameAmount: 500, unitAmount: 1200 });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The settings the app built for TestPay from its descriptor (the sandbox's key, derived from APP_SECRET). */
  const testPaySettings = () => gatewaySettings(t.config, SECRET).testpay as unknown as TestPaySettings;

  it('routes JPY to it, and a buyer pays through its page until the diamonds are delivered', async () => {
    expect(testPaySettings().sandbox).toBe(true);
    const pack = await publicPack(t.app, 'JPY', 500);
    const handoff = handoffOf(
      await commitOrder(t.app, payloadFor(pack, 2), { email: 'yen.buyer@example.com' }),
    ) as TRedirectHandoff;
    expect(handoff.method).toBe('redirect');
    expect(handoff.payment_url.startsWith(`${url}/sandbox/testpay/pay?`)).toBe(true);
    const before = await orderRow(t.app, handoff.order_num);
    expect(before).toMatchObject({
      gateway: 'testpay',
      orderStatus: ORDER_STATUS.PENDING_PAYMENT,
      amount: 2400,
      currency: 'JPY',
    });

    // The buyer's browser follows the redirect to TestPay's page and presses Pay.
    const page = await fetch(handoff.payment_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Pay JPY 2400 for ${handoff.order_num}`);
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
    const order = /name="order" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const paid = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ order }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${url}/home-order?order_num=${handoff.order_num}`);

    // TestPay's signed notification was applied: paid, then delivered through the BIGO sandbox.
    const afterPay = await orderRow(t.app, handoff.order_num);
    expect(afterPay.orderStatus).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect(afterPay.gatewayRef).toMatch(/^TP\d+$/);
    await t.app.jobs.runDue();
    const delivered = await orderRow(t.app, handoff.order_num);
    expect(delivered.orderStatus).toBe(ORDER_STATUS.CHARGED);
    expect(delivered.deliveredAt).not.toBeNull();
    const notes = (await eventsOf(t.app, handoff.order_num)).map((e) => e.note?.key ?? e.cause);
    expect(notes).toContain('payment_handoff');

    // Asked again (the buyer's return, the timeout job), TestPay's status API says the same.
    const status = await createTestPayProvider(testPaySettings(), t.app.log).queryStatus({
      orderNum: handoff.order_num,
      amount: 2400,
      currency: 'JPY',
      email: 'yen.buyer@example.com',
      gameId: 'buyer_bigo_1',
      amountGame: 1000,
      productName: '',
      lang: 'en',
      registered: false,
      ref: afterPay.gatewayRef,
      checkoutUrl: null,
    });
    expect(status).toMatchObject({ state: 'paid', amount: 2400, currency: 'JPY' });
  });

  it('refuses a notification whose signature is not TestPay’s, and the order stays unpaid', async () => {
    const pack = await publicPack(t.app, 'JPY', 500);
    const handoff = handoffOf(
      await commitOrder(t.app, payloadFor(pack, 1), { email: 'yen.buyer@example.com' }),
    );
    const body = JSON.stringify({
      order: handoff.order_num,
      status: 'paid',
      amount: 1200,
      currency: 'JPY',
      ref: 'TP99',
    });
    const forged = await fetch(`${url}/api/v1/payment/testpay/notify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TEST_PAY_SIGNATURE_HEADER]: testPaySign('not-the-key', body),
      },
      body,
    });
    expect(forged.status).toBe(400);
    expect((await orderRow(t.app, handoff.order_num)).orderStatus).toBe(ORDER_STATUS.PENDING_PAYMENT);
  });

  it('reads its variables, half of them is an error, and check:gateways checks its key against its far end', async () => {
    expect(() => loadConfig({ TESTPAY_KEY: 'k' }, { providers: [testPayDescriptor] })).toThrow(ConfigError);
    expect(() => loadConfig({ TESTPAY_KEY: 'k' }, { providers: [testPayDescriptor] })).toThrow(
      /^TESTPAY_URL must be set together with TESTPAY_KEY \(TestPay is either fully configured/,
    );
    const own = testPaySettings();
    const lines = await checkGateways(
      loadConfig(
        { PUBLIC_URL: t.config.publicUrl, TESTPAY_KEY: own.key, TESTPAY_URL: own.pageUrl },
        { providers: [testPayDescriptor] },
      ),
    );
    expect(lines.map((l) => [l.vendor, l.result])).toEqual([
      ['fiuu', 'skipped'],
      ['stripe', 'skipped'],
      ['testpay', 'ok'],
      ['bigo', 'skipped'],
    ]);
    const wrong = await checkGateways(
      loadConfig(
        { PUBLIC_URL: t.config.publicUrl, TESTPAY_KEY: 'wrong', TESTPAY_URL: own.pageUrl },
        { providers: [testPayDescriptor] },
      ),
    );
    expect(wrong.find((l) => l.vendor === 'testpay')?.result).toBe('failed');
  });
});
