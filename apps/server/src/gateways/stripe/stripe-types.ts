import type Stripe from 'stripe';
import type { OrderForPayment, PaymentStatus, RefundResult } from '../payment-provider';

/** The types of the Stripe client (stripe-payments.ts, stripe-refunds.ts) the Stripe provider is built on. */

export interface StripeCheckout {
  id: string;
  url: string;
}

/** A full refund of a paid Checkout Session (its PaymentIntent). */
export interface StripeRefundRequest {
  /** Kept in the refund's metadata, for whoever reads it in Stripe's dashboard. */
  orderNum: string;
  sessionId: string;
  /** ISO minor units of `currency`; Stripe's own unit is worked out from the two. */
  amount: number;
  currency: string;
  /**
   * One per refund attempt: a repeated create with it is the same refund. Also kept in the refund's metadata
   * (`refund_key`), so that the PaymentIntent's list of refunds tells this attempt's refund from the others.
   */
  idempotencyKey: string;
}

export interface StripeClient {
  /** Creates a Checkout Session (mode payment) that expires at `expiresAt` (≥ 30 min ahead, Stripe's minimum). */
  createCheckout(
    order: OrderForPayment,
    urls: { successUrl: string; cancelUrl: string },
    expiresAt: Date,
  ): Promise<StripeCheckout>;
  /** Retrieves a session's payment state; never throws (state 'unknown' on any failure). */
  retrieveCheckout(sessionId: string): Promise<PaymentStatus>;
  /** Expires an open session so it can no longer be paid; false when Stripe refused (e.g. already complete). */
  expireCheckout(sessionId: string): Promise<boolean>;
  /** Verifies the Stripe-Signature header over the raw body (300 s tolerance); throws on a bad signature. */
  constructEvent(rawBody: Buffer | string, signature: string): Stripe.Event;
  /**
   * Refunds the session's PaymentIntent (stripe.refunds.create with the idempotency key), unless the PaymentIntent
   * already has a refund pending or done under another key (answered with `earlier`); never throws.
   */
  refund(request: StripeRefundRequest): Promise<RefundResult>;
  /** Retrieves a refund by its id; never throws. */
  refundStatus(refundId: string): Promise<RefundResult>;
}
