import type { FastifyInstance } from 'fastify';
import { registerRefundControls } from './refund-controls';
import type { OperatorGuard, StripeSandboxOptions } from './sandbox-options';
import { registerSandboxAssets } from './sandbox-page';
import type { SandboxStore } from './sandbox-store';
import { registerStripeAccountApi } from './stripe-account-sandbox';
import { registerStripeCatalogueApi } from './stripe-catalogue-sandbox';
import { registerCheckoutApi, registerCheckoutPage } from './stripe-checkout-sandbox';
import { registerStripeDisputeApi, registerStripeDisputeControls } from './stripe-dispute-sandbox';
import { registerStripePaymentIntentApi } from './stripe-payment-intent-sandbox';
import { registerStripeRefundApi, stripeRefundControls } from './stripe-refund-sandbox';
import { bearerMatches, stripeError } from './stripe-wire';

/**
 * The built-in Stripe. Its API lives at {prefix}/stripe/v1/… and the real `stripe` SDK talks to it (the shop
 * points the SDK's base at {publicUrl}/stripe): Checkout Sessions (stripe-checkout-sandbox.ts), Refunds
 * (stripe-refund-sandbox.ts), Products and Prices (stripe-catalogue-sandbox.ts), the account and its webhook
 * endpoint (stripe-account-sandbox.ts), Disputes (stripe-dispute-sandbox.ts), PaymentIntents and Charges with
 * Radar's outcome (stripe-payment-intent-sandbox.ts), each answering only the
 * account's secret key, as api.stripe.com does ("Authentication"). Beside it, outside the API: the hosted
 * Checkout page and the operators' refund and dispute controls.
 */
export async function registerStripeSandbox(
  app: FastifyInstance,
  options: {
    stripe: StripeSandboxOptions;
    store: SandboxStore;
    publicUrl: string;
    requireOperator: OperatorGuard;
  },
): Promise<void> {
  const { stripe, store, publicUrl, requireOperator } = options;
  registerSandboxAssets(app, '/stripe/assets');
  registerCheckoutPage(app, { stripe, store });
  // The operators' controls answer to the shop's sign-in, not to the Stripe API key the SDK sends.
  registerRefundControls(app, {
    path: '/stripe/refund-controls',
    vendor: 'Stripe',
    controls: stripeRefundControls,
    store,
    requireOperator,
  });
  registerStripeDisputeControls(app, { stripe, store, requireOperator });

  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (!bearerMatches(request, stripe.secretKey)) {
        return stripeError(reply, 401, 'Invalid API Key provided: sk_test_***');
      }
    });
    registerCheckoutApi(api, { stripe, store, publicUrl });
    registerStripeRefundApi(api, { store });
    registerStripeCatalogueApi(api, { store });
    registerStripeAccountApi(api, { stripe });
    registerStripeDisputeApi(api, { stripe, store });
    registerStripePaymentIntentApi(api, { store });
  });
}
