import { createHmac } from 'node:crypto';
import { nowSeconds, stripeId } from './stripe-wire';

/**
 * The card a sandbox buyer pays with, and what Stripe makes of it, from Stripe's docs:
 * - "Testing" (docs.stripe.com/testing): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined
 *   (`card_declined`, `generic_decline`);
 * - "Test Stripe Radar" (docs.stripe.com/radar/testing): 4000 0000 0000 4954 gives a charge with risk level
 *   `highest` (paid when the "Block if :risk_level: = 'highest'" rule is off, as the sandbox plays it),
 *   4100 0000 0000 0019 a charge with risk level `highest` that is always blocked, 4000 0000 0000 9235 a charge with
 *   risk level `elevated`;
 * - "The Charge object" (`outcome`: network_status, reason, risk_level, risk_score, seller_message, type;
 *   `payment_method_details.card`: brand, country, exp_month, exp_year, fingerprint, funding, last4) and "The
 *   PaymentIntent object" (`latest_charge`, expandable; `last_payment_error` with its `payment_method`).
 * The objects follow a charge the Stripe CLI made in test mode (outcome with advice_code, network_advice_code,
 * network_decline_code, network_status, reason, risk_level, risk_score, seller_message, type).
 * Radar's scores run 0-100 (normal below 65, elevated 65-74, highest 75 and above: "Risk evaluations"); the
 * sandbox gives each card one fixed score in its band.
 */

export type SandboxRiskLevel = 'normal' | 'elevated' | 'highest';

export interface SandboxCardBehaviour {
  riskLevel: SandboxRiskLevel;
  riskScore: number;
  /** authorized: paid; blocked: Radar blocked it; issuer_declined: the bank declined it. */
  outcome: 'authorized' | 'blocked' | 'issuer_declined';
}

export const SANDBOX_DEFAULT_CARD = '4242424242424242';

const CARDS: Readonly<Record<string, SandboxCardBehaviour>> = {
  '4242424242424242': { riskLevel: 'normal', riskScore: 18, outcome: 'authorized' },
  '4000000000009235': { riskLevel: 'elevated', riskScore: 69, outcome: 'authorized' },
  '4000000000004954': { riskLevel: 'highest', riskScore: 88, outcome: 'authorized' },
  '4100000000000019': { riskLevel: 'highest', riskScore: 95, outcome: 'blocked' },
  '4000000000000002': { riskLevel: 'normal', riskScore: 24, outcome: 'issuer_declined' },
};

/** The card number as typed ("4242 4242 4242 4242"), digits only; null when it is not 12-19 digits. */
export function cardNumberOf(typed: string | undefined): string | null {
  const digits = (typed ?? SANDBOX_DEFAULT_CARD).replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** What paying with `card` does; a number Stripe documents no behaviour for is an ordinary card that pays. */
export function cardBehaviour(card: string): SandboxCardBehaviour {
  return CARDS[card] ?? { riskLevel: 'normal', riskScore: 12, outcome: 'authorized' };
}

/** The card details Stripe reports of a payment method (`card`): the fingerprint is per account and card number. */
export function cardDetails(accountKey: string, card: string) {
  const now = new Date();
  return {
    brand: card.startsWith('4') ? 'visa' : card.startsWith('5') ? 'mastercard' : 'unknown',
    // Stripe's test cards by brand are issued in the United States ("Testing › Cards by brand").
    country: 'US',
    exp_month: 12,
    exp_year: now.getUTCFullYear() + 3,
    fingerprint: createHmac('sha256', accountKey)
      .update(`card-fingerprint\0${card}`)
      .digest('base64url')
      .slice(0, 16),
    funding: 'credit',
    last4: card.slice(-4),
  };
}

export type SandboxCard = ReturnType<typeof cardDetails>;

/** "The Charge object", as far as a shop reads one. */
export interface SandboxCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  currency: string;
  created: number;
  livemode: false;
  paid: boolean;
  captured: boolean;
  status: 'succeeded' | 'failed';
  payment_intent: string;
  payment_method: string;
  failure_code: string | null;
  failure_message: string | null;
  outcome: {
    advice_code: string | null;
    network_advice_code: string | null;
    network_decline_code: string | null;
    network_status: 'approved_by_network' | 'declined_by_network' | 'not_sent_to_network';
    reason: string | null;
    risk_level: SandboxRiskLevel;
    risk_score: number;
    seller_message: string;
    type: 'authorized' | 'blocked' | 'issuer_declined';
  };
  payment_method_details: { type: 'card'; card: SandboxCard };
  metadata: Record<string, string>;
}

/** "The PaymentIntent object", as far as a shop reads one; latest_charge is the charge's id unless expanded. */
export interface SandboxPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  created: number;
  livemode: false;
  status: 'succeeded' | 'requires_payment_method';
  latest_charge: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_payment_error: null | {
    type: 'card_error';
    code: 'card_declined';
    decline_code: string;
    message: string;
    charge: string;
    payment_method: { id: string; object: 'payment_method'; type: 'card'; card: SandboxCard };
  };
}

/** One attempt to pay a session's amount with a card: the charge it made, and the PaymentIntent after it. */
export function chargeAttempt(
  accountKey: string,
  card: string,
  payment: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    intent: SandboxPaymentIntent | null;
  },
): { intent: SandboxPaymentIntent; charge: SandboxCharge } {
  const behaviour = cardBehaviour(card);
  const details = cardDetails(accountKey, card);
  const paid = behaviour.outcome === 'authorized';
  const intentId = payment.intent?.id ?? stripeId('pi');
  const paymentMethod = stripeId('pm');
  const charge: SandboxCharge = {
    id: stripeId('ch'),
    object: 'charge',
    amount: payment.amount,
    amount_captured: paid ? payment.amount : 0,
    currency: payment.currency,
    created: nowSeconds(),
    livemode: false,
    paid,
    captured: paid,
    status: paid ? 'succeeded' : 'failed',
    payment_intent: intentId,
    payment_method: paymentMethod,
    failure_code: paid ? null : 'card_declined',
    failure_message: paid ? null : 'Your card was declined.',
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status:
        behaviour.outcome === 'blocked'
          ? 'not_sent_to_network'
          : paid
            ? 'approved_by_network'
            : 'declined_by_network',
      reason: behaviour.outcome === 'blocked' ? 'highest_risk_level' : paid ? null : 'generic_decline',
      risk_level: behaviour.riskLevel,
      risk_score: behaviour.riskScore,
      seller_message:
        behaviour.outcome === 'blocked'
          ? 'Stripe blocked this payment as too risky.'
          : paid
            ? 'Payment complete.'
            : 'The bank did not return any further details with this decline.',
      type: behaviour.outcome,
    },
    payment_method_details: { type: 'card', card: details },
    metadata: payment.metadata,
  };
  const intent: SandboxPaymentIntent = {
    id: intentId,
    object: 'payment_intent',
    amount: payment.amount,
    amount_received: paid ? payment.amount : 0,
    currency: payment.currency,
    created: payment.intent?.created ?? nowSeconds(),
    livemode: false,
    status: paid ? 'succeeded' : 'requires_payment_method',
    latest_charge: charge.id,
    payment_method: paid ? paymentMethod : null,
    metadata: payment.metadata,
    last_payment_error: paid
      ? null
      : {
          type: 'card_error',
          code: 'card_declined',
          decline_code: behaviour.outcome === 'blocked' ? 'fraudulent' : 'generic_decline',
          message: 'Your card was declined.',
          charge: charge.id,
          payment_method: { id: paymentMethod, object: 'payment_method', type: 'card', card: details },
        },
  };
  return { intent, charge };
}
