import { isStripeCurrency, stripeAmountProblem } from '@ezrecharge/shared';
import type Stripe from 'stripe';
import { channelChoice, httpUrl, knownCodes, optionalText } from '../../config-fields';
import type { CheckLine, ProviderConfigBase, ProviderDescriptor } from '../provider-descriptor';
import { StripeCatalogue } from './stripe-catalogue';
import { describeStripeFailure } from './stripe-http-client';
import { STRIPE_METHOD_CODES, stripeChannelsFor } from './stripe-methods';
import { createStripeSdk } from './stripe-payments';
import { createStripeProvider, stripeSameChannel } from './stripe-provider';
import type { StripeSettings } from './stripe-settings';

/**
 * Stripe as the registry knows it (issue #30's "one descriptor per provider"; gateways/provider-descriptor.ts).
 * Stripe takes every shop currency no other provider claims (SPEC.md §7), and mirrors every price of the catalogue.
 */

export interface StripeConfig extends ProviderConfigBase {
  keys: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /** STRIPE_METHODS: the methods offered on our page; undefined = every known one; [] = none (Checkout chooses). */
  methods: string[] | undefined;
}

/** The webhook events the Stripe provider acts on (stripe-provider.ts). */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  // Issue #29: a declined card on an open session counts against card testing.
  'payment_intent.payment_failed',
  // Issue #28: disputes attach to their orders.
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const;

/**
 * The one Stripe SDK client of a set of settings: Checkout, refunds and the catalogue sync share it (the descriptor
 * owns it; nothing else builds one for the shop's own use).
 */
const sdks = new WeakMap<StripeSettings, Stripe>();
function sdkOf(settings: StripeSettings): Stripe {
  let sdk = sdks.get(settings);
  if (!sdk) {
    sdk = createStripeSdk(settings);
    sdks.set(settings, sdk);
  }
  return sdk;
}

const VARIABLES = {
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: httpUrl.optional(),
  // Issue #30 (no DESIGN.md §3 row): the Stripe payment methods a buyer of a Stripe currency may choose on our page
  // (card, alipay, wechat_pay: the ones the account has switched on). Unset: every method of stripe-methods.ts its
  // currency takes; `none`: no choice on our page (Checkout shows the account's).
  STRIPE_METHODS: optionalText.superRefine(knownCodes('Stripe payment method types', STRIPE_METHOD_CODES)),
};

const text = (env: Readonly<Record<string, unknown>>, name: keyof typeof VARIABLES): string | undefined => {
  const value = env[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The account the secret key belongs to, and whether a webhook endpoint for our URL receives the Checkout events
 * the shop acts on (the signing secret itself can only be checked by an event).
 */
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

export const stripeDescriptor = {
  id: 'stripe' as const,
  displayName: 'Stripe',

  takesCurrency: isStripeCurrency,
  fallback: true,
  amountProblem: stripeAmountProblem,

  // Issue #30: the methods Stripe presents the currency in (stripe-methods.ts); STRIPE_METHODS narrows them.
  channelTable: (currency) => stripeChannelsFor(currency),
  sameChannel: stripeSameChannel,

  variables: VARIABLES,
  requiredTogether: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  variablePrefix: 'STRIPE',
  parseConfig(env): StripeConfig {
    const secretKey = text(env, 'STRIPE_SECRET_KEY');
    const webhookSecret = text(env, 'STRIPE_WEBHOOK_SECRET');
    const keys =
      secretKey && webhookSecret
        ? { secretKey, webhookSecret, apiBase: text(env, 'STRIPE_API_BASE') }
        : undefined;
    return { live: keys !== undefined, keys, methods: channelChoice(text(env, 'STRIPE_METHODS')) };
  },
  settings(config, { sandboxBase, derive }): StripeSettings {
    return config.keys
      ? { sandbox: false, ...config.keys, methods: config.methods }
      : {
          sandbox: true,
          methods: config.methods,
          secretKey: `sk_test_sandbox${derive('stripe-key').slice(0, 24)}`,
          webhookSecret: `whsec_sandbox${derive('stripe-webhook').slice(0, 32)}`,
          apiBase: `${sandboxBase}/stripe`,
        };
  },

  // Checkout is reached by a redirect, never by a form post.
  handoffOrigins: (settings) => ({
    form: [],
    redirect: [
      settings.sandbox && settings.apiBase ? new URL(settings.apiBase).origin : 'https://checkout.stripe.com',
    ],
  }),
  sandbox: {
    workspaceOptions: (settings, { payments }) => ({
      stripe: {
        secretKey: settings.secretKey,
        webhookSecret: settings.webhookSecret,
        webhookUrl: `${payments}/stripe/webhook`,
      },
    }),
  },
  checkCredentials: (settings, { publicUrl }) =>
    checkStripe(sdkOf(settings), `${publicUrl}/api/v1/payment/stripe/webhook`),
  // The catalogue mirror: Stripe Products and Prices, on the same SDK client as Checkout.
  priceSync: (settings) => new StripeCatalogue(sdkOf(settings)),

  create: ({ settings, publicUrl, log }) =>
    createStripeProvider(settings, publicUrl, log, { stripe: sdkOf(settings) }),
} satisfies ProviderDescriptor<StripeConfig, StripeSettings>;
