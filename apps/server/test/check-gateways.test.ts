import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { checkGateways } from '../src/gateways/gateway-check';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { fiuuRequeryWindowPasses } from './support/fiuu-requery';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * `npm run check:gateways` against far ends it does not know are sandboxes: a running shop's built-in Fiuu, Stripe
 * and BIGO, given to the check as if they were the vendors (their keys, their base URLs), so every call it makes —
 * Fiuu's status query, Stripe's account and webhook endpoints, BIGO's signature test and precheck — goes over HTTP
 * to an independent implementation of the vendor's side.
 */

const SECRET = 'check-gateways-secret-0123456789abcdef0123';

describe('check:gateways', () => {
  let t: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp({ APP_SECRET: SECRET }, { listen: true });
    const s = gatewaySettings(t.config, SECRET);
    env = {
      PUBLIC_URL: t.config.publicUrl,
      FIUU_MERCHANT_ID: s.fiuu.merchantId,
      FIUU_VERIFY_KEY: s.fiuu.verifyKey,
      FIUU_SECRET_KEY: s.fiuu.secretKey,
      FIUU_PAYMENT_URL: s.fiuu.paymentUrl,
      FIUU_API_URL: s.fiuu.apiUrl,
      STRIPE_SECRET_KEY: s.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: s.stripe.webhookSecret,
      STRIPE_API_BASE: s.stripe.apiBase ?? '',
      BIGO_API_BASE: s.bigo.apiBase,
      BIGO_CLIENT_ID: s.bigo.clientId,
      BIGO_PRIVATE_KEY: s.bigo.privateKey,
      BIGO_SIGN_ALG: s.bigo.signAlg,
      BIGO_RESELLER_ID: 'ezr_reseller',
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const check = async (over: Record<string, string> = {}) => {
    await fiuuRequeryWindowPasses(t.app);
    return checkGateways(loadConfig({ ...env, ...over }));
  };
  const line = (lines: Awaited<ReturnType<typeof checkGateways>>, vendor: string) =>
    lines.find((l) => l.vendor === vendor);

  it('says OK for each vendor whose credentials its far end accepts, with what it learnt', async () => {
    const lines = await check();
    expect(lines.map((l) => [l.vendor, l.result])).toEqual([
      ['fiuu', 'ok'],
      ['stripe', 'ok'],
      ['bigo', 'ok'],
    ]);
    expect(line(lines, 'stripe')?.text).toMatch(
      /^account acct_\w+ \(SG, charges enabled\); webhook we_\w+ receives/,
    );
    expect(line(lines, 'bigo')?.text).toMatch(/test_sign.*reseller ezr_reseller balance \d+ diamonds/);
  });

  it('fails the vendor whose key is wrong, and only that one', async () => {
    const fiuu = await check({ FIUU_VERIFY_KEY: 'f'.repeat(32) });
    expect(line(fiuu, 'fiuu')).toMatchObject({ result: 'failed' });
    expect(line(fiuu, 'fiuu')?.text).toMatch(/Q202 incorrect skey.*FIUU_VERIFY_KEY/);
    expect(line(fiuu, 'stripe')?.result).toBe('ok');

    const stripe = await check({ STRIPE_SECRET_KEY: 'sk_test_not_this_one' });
    expect(line(stripe, 'stripe')).toMatchObject({ result: 'failed' });
    expect(line(stripe, 'stripe')?.text).toMatch(/secret key was refused.*STRIPE_SECRET_KEY/);
    expect(line(stripe, 'stripe')?.text).not.toContain('sk_test_not_this_one');

    const bigo = await check({ BIGO_CLIENT_ID: 'someone-else' });
    expect(line(bigo, 'bigo')).toMatchObject({ result: 'failed' });
    expect(line(bigo, 'bigo')?.text).toMatch(/signature test failed: BIGO answered HTTP 401/);
  });

  it('fails Stripe when no enabled webhook endpoint points at our URL', async () => {
    const lines = await check({ PUBLIC_URL: 'https://elsewhere.example' });
    expect(line(lines, 'stripe')).toMatchObject({ result: 'failed' });
    expect(line(lines, 'stripe')?.text).toContain(
      'no enabled webhook endpoint for https://elsewhere.example/api/v1/payment/stripe/webhook',
    );
  });

  it('skips a vendor left on its built-in sandbox', async () => {
    const lines = await checkGateways(loadConfig({}));
    expect(lines.every((l) => l.result === 'skipped')).toBe(true);
  });
});
