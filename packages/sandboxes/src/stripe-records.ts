import type { SandboxRecords } from './sandbox-store';
import type { SandboxCharge, SandboxPaymentIntent } from './stripe-charges';
import { nowSeconds } from './stripe-wire';

/** The Checkout Sessions the Stripe sandbox keeps (kind stripe_session, key = session id). */

export const STRIPE_SESSION = 'stripe_session';

/**
 * A Checkout Session in Stripe's shape ("The Checkout Session object"): the fields a shop reads, with Stripe's
 * values for what the sandbox does not model.
 */
export interface SandboxSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  url: string | null;
  livemode: false;
  locale: string | null;
  payment_intent: string | null;
  /**
   * Stripe's `payment_method_options` as the session was created with them (issue #29 reads
   * `card.request_three_d_secure`: `any` asks the card's issuer for 3-D Secure; Stripe's default is `automatic`).
   */
  payment_method_options?: { card?: { request_three_d_secure: string }; wechat_pay?: { client: string } };
  /** The methods the session offers: the account's, filtered by `allowed_payment_method_types` and the currency. */
  payment_method_types?: string[];
}

export interface StoredSession {
  session: SandboxSession;
  productName: string;
  /** The API version the session was created with (`Stripe-Version`): its events are rendered in it. */
  apiVersion?: string | null;
  /** The session's PaymentIntent, from the buyer's first attempt to pay (issue #29: Radar's outcome, the card). */
  intent?: SandboxPaymentIntent;
  /** Every charge of the PaymentIntent, oldest first (a declined card, then the one that paid). */
  charges?: SandboxCharge[];
}

/** The session; an open one whose expires_at has passed is expired, and stays so, as Stripe expires it. */
export async function loadSession(store: SandboxRecords, id: string): Promise<StoredSession | undefined> {
  const stored = await store.get<StoredSession>(STRIPE_SESSION, id);
  if (stored && stored.session.status === 'open' && stored.session.expires_at <= nowSeconds()) {
    stored.session = { ...stored.session, status: 'expired', url: null };
    await store.put(STRIPE_SESSION, id, stored);
  }
  return stored;
}
