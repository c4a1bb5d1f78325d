import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The sandboxes are served only for the vendors that have no keys (gateways/sandboxes.ts): a vendor with keys is
 * the real far end, and nothing answers in its name under /sandbox.
 */

const FIUU_KEYS = {
  FIUU_MERCHANT_ID: 'realmerchant',
  FIUU_VERIFY_KEY: 'v'.repeat(32),
  FIUU_SECRET_KEY: 's'.repeat(32),
};
const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_real', STRIPE_WEBHOOK_SECRET: 'whsec_real' };
const BIGO_KEYS = {
  BIGO_API_BASE: 'https://bigo.invalid',
  BIGO_CLIENT_ID: 'real-client',
  BIGO_SIGN_ALG: 'ES256',
  BIGO_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
};

describe('which sandboxes are served', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Status of one endpoint of each far end (a served sandbox answers it; an absent one is a JSON 404). */
  async function statuses(app: TestApp['app']) {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const fiuu = await app.inject({
      method: 'POST',
      url: '/sandbox/fiuu-api/RMS/query/q_by_oid.php',
      headers: form,
      payload: 'oID=x',
    });
    const stripe = await app.inject({ method: 'GET', url: '/sandbox/stripe/v1/checkout/sessions/cs_test_x' });
    const bigo = await app.inject({ method: 'GET', url: '/sandbox/bigo/ledger?bu_orderid=x' });
    return { fiuu: fiuu.statusCode, stripe: stripe.statusCode, bigo: bigo.statusCode };
  }

  it('serves none with every vendor configured', async () => {
    t = await startTestApp({ ...FIUU_KEYS, ...STRIPE_KEYS, ...BIGO_KEYS });
    expect(await statuses(t.app)).toEqual({ fiuu: 404, stripe: 404, bigo: 404 });
  });

  it('serves only the far ends of the vendors without keys', async () => {
    t = await startTestApp({ ...BIGO_KEYS });
    // Fiuu answers the query; Stripe refuses a call without its key (401); BIGO is the real one.
    expect(await statuses(t.app)).toEqual({ fiuu: 200, stripe: 401, bigo: 404 });
  });

  it('serves all three without any keys', async () => {
    t = await startTestApp();
    expect(await statuses(t.app)).toEqual({ fiuu: 200, stripe: 401, bigo: 200 });
  });
});
