import type { TPaymentChannel, TPaymentChannelKind } from '@ezrecharge/shared';
import type Stripe from 'stripe';

/**
 * Issue #30: the Stripe payment methods a buyer may choose on our page for a Stripe currency, each opened as a
 * Checkout Session limited to it. Since API version 2026-09-30.endive (our stripe-node 23
 * speaks 2026-10-28.endive) a Checkout Session takes no `payment_method_types`: `allowed_payment_method_types:
 * [code]` filters the account's dynamic methods to it, and the session's `payment_method_types` lists what remains
 * (https://docs.stripe.com/changelog/endive/2026-09-30/remove-payment-method-types-checkout-sessions). From
 * Stripe's documents, for a business in Singapore (the shop's Stripe account):
 *
 * - cards: every presentment currency (https://docs.stripe.com/currencies);
 * - Alipay, "Accept an Alipay payment" (Checkout), "Determine compatibility": presentment currencies aud, cad, cny,
 *   eur, gbp, hkd, jpy, nzd, sgd, usd, myr (https://docs.stripe.com/payments/alipay/accept-a-payment?payment-ui=checkout);
 * - WeChat Pay, "Accept a WeChat Pay payment" (Checkout), "Determine compatibility": business locations include
 *   SG; presentment currencies aud, cad, cny, eur, gbp, hkd, jpy, sgd, usd, dkk, nok, sek, chf; the session needs
 *   `payment_method_options[wechat_pay][client]` (`web` for a browser); the buyer scans a QR code
 *   (https://docs.stripe.com/payments/wechat-pay/accept-a-payment?payment-ui=checkout).
 *
 * Limits: Stripe's least charge is set in the account's settlement currency (SGD 0.50 for ours,
 * https://docs.stripe.com/currencies "Minimum and maximum charge amounts"), not per method or presentment currency,
 * so no method here names a least amount of its own (0) or a most (null); the price check of the catalogue keeps
 * every pack chargeable. STRIPE_METHODS narrows the list to what the account has switched on.
 */

export interface StripeMethod {
  /** Stripe's payment method type (`payment_method_types[]`, `payment_method_details.type`). */
  code: string;
  kind: TPaymentChannelKind;
  name: string;
  /** Lower-case ISO codes; null: every currency Stripe presents. */
  currencies: readonly string[] | null;
}

export const STRIPE_METHODS: readonly StripeMethod[] = [
  { code: 'card', kind: 'card', name: 'Visa / Mastercard', currencies: null },
  {
    code: 'alipay',
    kind: 'ewallet',
    name: 'Alipay',
    currencies: ['aud', 'cad', 'cny', 'eur', 'gbp', 'hkd', 'jpy', 'nzd', 'sgd', 'usd', 'myr'],
  },
  {
    code: 'wechat_pay',
    kind: 'qr',
    name: 'WeChat Pay',
    currencies: ['aud', 'cad', 'cny', 'eur', 'gbp', 'hkd', 'jpy', 'sgd', 'usd', 'dkk', 'nok', 'sek', 'chf'],
  },
];

/** The codes STRIPE_METHODS may name (config.ts checks the variable against them). */
export const STRIPE_METHOD_CODES: readonly string[] = STRIPE_METHODS.map((m) => m.code);

/** The method of a code, in any case; undefined for one the shop does not know. */
export function stripeMethod(code: string): StripeMethod | undefined {
  const wanted = code.trim().toLowerCase();
  return STRIPE_METHODS.find((m) => m.code === wanted);
}

/**
 * The methods offered for a currency, as the storefront shows them: every known one Stripe takes it in, or only
 * the `enabled` ones (STRIPE_METHODS), in the table's order.
 */
export function stripeChannelsFor(currency: string, enabled?: readonly string[]): TPaymentChannel[] {
  const code = currency.toLowerCase();
  const only = enabled ? new Set(enabled.map((m) => m.toLowerCase())) : null;
  return STRIPE_METHODS.filter(
    (m) => (m.currencies === null || m.currencies.includes(code)) && (only === null || only.has(m.code)),
  ).map((m) => ({ code: m.code, kind: m.kind, name: m.name, min: 0, max: null, reported: [m.code] }));
}

/**
 * The Checkout Session's method parameters of an order: the method the buyer chose on our page, alone, with what it
 * requires (WeChat Pay: the client the buyer pays from, `web`); none chosen: the session offers what the account
 * enables. Issue #29: a card payment of an order the risk rules mark risky asks for 3-D Secure.
 */
export function sessionMethodParams(order: {
  channel?: string | null | undefined;
  threeDSecure?: boolean | undefined;
}): Pick<Stripe.Checkout.SessionCreateParams, 'allowed_payment_method_types' | 'payment_method_options'> {
  const method = order.channel ? stripeMethod(order.channel) : undefined;
  const options: Stripe.Checkout.SessionCreateParams.PaymentMethodOptions = {
    ...(order.threeDSecure ? { card: { request_three_d_secure: 'any' as const } } : {}),
    ...(method?.code === 'wechat_pay' ? { wechat_pay: { client: 'web' as const } } : {}),
  };
  return {
    ...(method ? { allowed_payment_method_types: [method.code] } : {}),
    ...(Object.keys(options).length > 0 ? { payment_method_options: options } : {}),
  };
}
