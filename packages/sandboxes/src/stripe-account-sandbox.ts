import type { FastifyInstance } from 'fastify';
import type { StripeSandboxOptions } from './sandbox-options';

/**
 * The account side of the built-in Stripe, for a merchant's credential check ("retrieve account", "list webhook
 * endpoints" in Stripe's API reference; shapes as the `account` and `webhook_endpoint` fixtures of
 * github.com/stripe/openapi openapi/fixtures3.json): one sandbox account, and the one webhook endpoint the shop
 * registered (its URL), subscribed to the Checkout, PaymentIntent failure and dispute events the sandbox sends.
 */

/** The events the sandbox's Checkout and disputes send to the registered endpoint. */
const ENABLED_EVENTS = [
  'charge.dispute.closed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'checkout.session.async_payment_failed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.completed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
];

const ACCOUNT_ID = 'acct_sandbox0000000001';
const CREATED = 1_700_000_000;

export function registerStripeAccountApi(
  api: FastifyInstance,
  options: { stripe: StripeSandboxOptions },
): void {
  api.get('/stripe/v1/account', async () => ({
    id: ACCOUNT_ID,
    object: 'account',
    business_type: null,
    capabilities: { card_payments: 'active', transfers: 'inactive' },
    charges_enabled: true,
    payouts_enabled: false,
    country: 'SG',
    created: CREATED,
    default_currency: 'sgd',
    details_submitted: true,
    email: null,
    metadata: {},
    type: 'standard',
  }));

  api.get('/stripe/v1/webhook_endpoints', async () => ({
    object: 'list',
    url: '/v1/webhook_endpoints',
    has_more: false,
    data: [
      {
        id: 'we_sandbox0000000001',
        object: 'webhook_endpoint',
        api_version: null,
        application: null,
        created: CREATED,
        description: 'EzRecharge (sandbox)',
        enabled_events: ENABLED_EVENTS,
        livemode: false,
        metadata: {},
        status: 'enabled',
        url: options.stripe.webhookUrl,
      },
    ],
  }));
}
