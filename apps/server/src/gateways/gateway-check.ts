import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../config';
import { createGateways } from '.';
import type { PaymentProvider } from './payment-provider';
import { describeStripeFailure } from './stripe/stripe-http-client';
import { createStripeSdk } from './stripe/stripe-payments';

/**
 * `npm run check:gateways` (docs/go-live.md): checks the live credentials of each vendor without moving money, one
 * line per vendor.
 * - Fiuu: a status query (q_by_oid) for an order id that cannot exist. Fiuu answers "record not found" only to a
 *   request whose merchant ID and verify-key skey it accepted; a wrong one is answered with an skey or merchant
 *   error. (The secret key signs only answers about real transactions: the first real payment proves it.)
 * - Stripe: the account the secret key belongs to, and whether a webhook endpoint for our URL receives the Checkout
 *   events the shop acts on (the signing secret itself can only be checked by an event).
 * - BIGO: BIGO's signature test API (/oauth2/test_sign: client id, key, algorithm and our IP), then a precheck of the
 *   reseller's own BIGO ID when BIGO_RESELLER_ID is set (its diamond balance).
 */

export interface CheckLine {
  vendor: 'fiuu' | 'stripe' | 'bigo';
  /** skipped: the vendor runs on the built-in sandbox (no keys), nothing to check. */
  result: 'ok' | 'failed' | 'skipped';
  text: string;
}

/** The webhook events the Stripe provider acts on (stripe-provider.ts). */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  // Issue #28: disputes attach to their orders.
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  // Issue #29: a card declined on an open Checkout Session, for the card-testing rule.
  'payment_intent.payment_failed',
] as const;

const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

async function checkFiuu(fiuu: PaymentProvider, merchantId: string): Promise<CheckLine> {
  const orderNum = `EZCHECK${Date.now()}`;
  const status = await fiuu.queryStatus({
    orderNum,
    amount: 100,
    currency: 'MYR',
    email: 'check@example.com',
    gameId: 'check',
    amountGame: 0,
    productName: 'check',
    lang: 'en',
    registered: false,
    ref: null,
    checkoutUrl: null,
  });
  if (status.state === 'failed') {
    return {
      vendor: 'fiuu',
      result: 'ok',
      text: `merchant ${merchantId} and verify key accepted (status query of an unknown order: ${status.reason ?? 'not found'})`,
    };
  }
  return {
    vendor: 'fiuu',
    result: 'failed',
    text: `status query not accepted: ${status.reason ?? status.state} — check FIUU_MERCHANT_ID, FIUU_VERIFY_KEY and FIUU_API_URL`,
  };
}

async function checkStripe(stripe: Stripe, webhookUrl: string): Promise<CheckLine> {
  let account: Stripe.Account;
  try {
    account = await stripe.accounts.retrieveCurrent();
  } catch (err) {
    const failure = describeStripeFailure(err);
    return {
      vendor: 'stripe',
      result: 'failed',
      text: `the secret key was refused (${String(failure.message ?? failure.type ?? 'no answer')}) — check STRIPE_SECRET_KEY`,
    };
  }
  const who = `account ${account.id} (${account.country ?? '?'}, charges ${account.charges_enabled ? 'enabled' : 'NOT enabled'})`;
  if (!account.charges_enabled) {
    return {
      vendor: 'stripe',
      result: 'failed',
      text: `${who}: finish the account's activation in the Dashboard`,
    };
  }
  let endpoints: Stripe.WebhookEndpoint[];
  try {
    endpoints = (await stripe.webhookEndpoints.list({ limit: 100 })).data;
  } catch (err) {
    const failure = describeStripeFailure(err);
    return {
      vendor: 'stripe',
      result: 'ok',
      text: `${who}; webhook endpoints not readable with this key (${String(failure.message ?? 'refused')}): check ${webhookUrl} by hand`,
    };
  }
  const ours = endpoints.find((e) => e.url === webhookUrl && e.status === 'enabled');
  const missing = ours
    ? STRIPE_WEBHOOK_EVENTS.filter(
        (e) => !ours.enabled_events.includes('*') && !ours.enabled_events.includes(e),
      )
    : [...STRIPE_WEBHOOK_EVENTS];
  if (!ours) {
    return {
      vendor: 'stripe',
      result: 'failed',
      text: `${who}; no enabled webhook endpoint for ${webhookUrl}`,
    };
  }
  if (missing.length > 0) {
    return {
      vendor: 'stripe',
      result: 'failed',
      text: `${who}; webhook ${ours.id} does not receive ${missing.join(', ')}`,
    };
  }
  return { vendor: 'stripe', result: 'ok', text: `${who}; webhook ${ours.id} receives the Checkout events` };
}

export async function checkGateways(config: Config): Promise<CheckLine[]> {
  // The sandboxes' keys derive from APP_SECRET, but a vendor on its sandbox is skipped: any secret serves.
  const { gateways, settings } = createGateways(
    config,
    'check-gateways'.repeat(4),
    quiet as unknown as FastifyBaseLogger,
  );
  const lines: CheckLine[] = [];

  if (settings.fiuu.sandbox) {
    lines.push({ vendor: 'fiuu', result: 'skipped', text: 'built-in sandbox (no FIUU_* keys set)' });
  } else {
    lines.push(await checkFiuu(gateways.payments.get('fiuu'), settings.fiuu.merchantId));
  }

  if (settings.stripe.sandbox) {
    lines.push({ vendor: 'stripe', result: 'skipped', text: 'built-in sandbox (no STRIPE_* keys set)' });
  } else {
    lines.push(
      await checkStripe(
        createStripeSdk(settings.stripe),
        `${config.publicUrl}/api/v1/payment/stripe/webhook`,
      ),
    );
  }

  if (settings.bigo.sandbox) {
    lines.push({ vendor: 'bigo', result: 'skipped', text: 'built-in simulator (no BIGO_* keys set)' });
  } else {
    const signature = await gateways.bigo.testSignature();
    if (!signature.ok) {
      lines.push({
        vendor: 'bigo',
        result: 'failed',
        text: `signature test failed: ${signature.detail} — check BIGO_CLIENT_ID, BIGO_PRIVATE_KEY, BIGO_SIGN_ALG and the IP allow-list`,
      });
    } else if (!settings.bigo.resellerId) {
      lines.push({
        vendor: 'bigo',
        result: 'ok',
        text: `${signature.detail} (set BIGO_RESELLER_ID to check the reseller's balance too)`,
      });
    } else {
      const precheck = await gateways.bigo.precheck(settings.bigo.resellerId);
      lines.push(
        precheck.kind === 'ok'
          ? {
              vendor: 'bigo',
              result: 'ok',
              text: `${signature.detail}; reseller ${settings.bigo.resellerId} balance ${precheck.balance ?? 'not reported'} diamonds`,
            }
          : {
              vendor: 'bigo',
              result: 'failed',
              text: `${signature.detail}, but the reseller precheck failed: ${precheck.reason}`,
            },
      );
    }
  }
  return lines;
}
