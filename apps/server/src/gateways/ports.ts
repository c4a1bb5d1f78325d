import type { TCurrency, TFiuuHandoff } from '@ezrecharge/shared';
import type Stripe from 'stripe';

/**
 * What the domain modules (orders, payments, fulfilment) need from the far ends: the Fiuu hosted page, Stripe
 * Checkout and the BIGO reseller API. Each port has one implementation that speaks the real protocol over HTTP;
 * without keys it is pointed at the built-in sandbox on our own server (gateways/sandbox), so the same code runs
 * in both cases and only the far end differs (DESIGN.md §7).
 */

/** The parts of an order a gateway sees. Amounts in minor units. */
export interface OrderForPayment {
  orderNum: string;
  amount: number;
  currency: TCurrency;
  email: string;
  gameId: string;
  amountGame: number;
  productName: string;
  lang: 'en' | 'zh';
}

/** The gateway's answer to "what happened to the payment of this order?" (status query / session retrieve). */
export interface PaymentStatus {
  /** paid: money taken; failed: attempt failed or cancelled; pending: still open at the gateway; unknown: no answer. */
  state: 'paid' | 'failed' | 'pending' | 'unknown';
  /** Gateway reference: Fiuu tranID or Stripe session id. */
  ref?: string;
  /** As the gateway reports it, in minor units; compared with the order before believing "paid". */
  amount?: number;
  currency?: string;
  /** Human-readable reason for failed/unknown, for the order event. */
  reason?: string;
}

/** A Fiuu result post (return, notify or callback) whose skey checked out. */
export interface FiuuResult {
  tranId: string;
  orderId: string;
  /** 00 → paid, 11 → failed, 22 → pending. */
  state: 'paid' | 'failed' | 'pending';
  /** A failed result that the buyer cancelled (→ status 4 rather than 5). */
  cancelled: boolean;
  /** `amount` parsed to minor units; null if it is not a plain two-decimal amount. */
  amount: number | null;
  currency: string;
  paydate: string;
  channel: string;
  errorCode: string;
  errorDesc: string;
  /** '2' notify URL, '1' callback URL, undefined on the browser return. */
  nbcb: string | undefined;
}

/**
 * A gateway's answer about a refund (start or status query). succeeded: the money is on its way back; failed: the
 * gateway refused or gave up (reason says why); pending: accepted, not settled yet; unknown: no answer we can
 * believe (network, HTTP error, bad signature) — ask again later, with the same reference, never a new refund.
 */
export interface RefundResult {
  state: 'succeeded' | 'pending' | 'failed' | 'unknown';
  /** The gateway's refund id (Fiuu RefundID, Stripe re_…), once it gave one. */
  ref?: string;
  reason?: string;
}

/** A full refund of a paid Fiuu transaction (Fiuu's refund API, RefundType P with the whole amount). */
export interface FiuuRefundRequest {
  orderNum: string;
  /** Fiuu's tranID of the payment (orders.gateway_ref). */
  tranId: string;
  /** Minor units; sent as a two-decimal amount. */
  amount: number;
  currency: string;
  /**
   * Our reference of this refund (Fiuu's RefID), unique per refund attempt: asking again with the same RefID is the
   * same refund, never a second one.
   */
  refId: string;
}

/** A full refund of a paid Checkout Session (its PaymentIntent). */
export interface StripeRefundRequest {
  /** Kept in the refund's metadata, for whoever reads it in Stripe's dashboard. */
  orderNum: string;
  sessionId: string;
  /** Minor units. */
  amount: number;
  /** One per refund attempt: a repeated create with it is the same refund. */
  idempotencyKey: string;
}

export interface FiuuGateway {
  /** True when the far end is the built-in sandbox. */
  readonly sandbox: boolean;
  readonly merchantId: string;
  /** Hosted-form fields for an order (vcode in the extended form, DESIGN.md §7). Pure. */
  handoff(order: OrderForPayment): Omit<TFiuuHandoff, 'method' | 'order_status'>;
  /** Checks the skey of a result post; null when it is missing or wrong (nothing in it may be believed). */
  verifyResult(fields: Record<string, string>): FiuuResult | null;
  /** POSTs the received fields plus treq=1 to the IPN endpoint. Never throws: an unreachable IPN is logged only. */
  acknowledge(fields: Record<string, string>): Promise<void>;
  /** Asks Fiuu's status query API about an order; never throws (state 'unknown' on any failure). */
  queryStatus(order: Pick<OrderForPayment, 'orderNum' | 'amount' | 'currency'>): Promise<PaymentStatus>;
  /**
   * Refunds a transaction through Fiuu's refund API. Idempotent on `refId`: a refund Fiuu already holds under that
   * RefID is answered, not sent again. Never throws ('unknown' on any failure to get a believable answer).
   */
  refund(request: FiuuRefundRequest): Promise<RefundResult>;
  /** Asks Fiuu's refund status API about the refund with this RefID; never throws. */
  refundStatus(refId: string): Promise<RefundResult>;
}

export interface StripeCheckout {
  id: string;
  url: string;
}

export interface StripeGateway {
  readonly sandbox: boolean;
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
  /** Refunds the session's PaymentIntent (stripe.refunds.create with the idempotency key); never throws. */
  refund(request: StripeRefundRequest): Promise<RefundResult>;
  /** Retrieves a refund by its id; never throws. */
  refundStatus(refundId: string): Promise<RefundResult>;
}

/** BIGO precheck (DESIGN.md §8 recharge_pre_check), mapped to what the order commit does with it. */
export type BigoPrecheckOutcome =
  /** The ID can be recharged; `balance` is the reseller's remaining balance when BIGO reports it. */
  | { kind: 'ok'; rescode: 0; balance: number | null }
  /** BIGO says no for this ID (7212004, 7212005, …): the order is stored in status 1 with the reason. */
  | { kind: 'rejected'; rescode: number; reason: string }
  /** We could not ask (network, HTTP ≠ 200, API disabled, 7212012…): no order is created; try again later. */
  | { kind: 'unavailable'; rescode: number | null; reason: string };

/** BIGO rs_recharge (DESIGN.md §8), mapped to what the fulfilment job does with it. */
export type BigoRechargeOutcome =
  /** 0, or 7212010 (this bu_orderid was already delivered). */
  | { kind: 'delivered'; rescode: number }
  /** Transport failure, timeout, HTTP ≠ 200, 7212012, 500001…: try again with backoff. */
  | { kind: 'retry'; rescode: number | null; reason: string }
  /** Nothing to gain from retrying without an operator (bad ID, balance too low, limits…): status 10. */
  | { kind: 'failed'; rescode: number; reason: string };

export interface BigoRecharge {
  bigoId: string;
  /** Our order number, sent as bu_orderid so a repeated call can never deliver twice. */
  orderNum: string;
  diamonds: number;
  /** What the buyer paid, minor units, and its currency (BIGO's total_cost/currency). */
  amount: number;
  currency: TCurrency;
}

export interface BigoGateway {
  /** True when the far end is the built-in simulator. */
  readonly simulator: boolean;
  precheck(bigoId: string): Promise<BigoPrecheckOutcome>;
  recharge(request: BigoRecharge): Promise<BigoRechargeOutcome>;
}

export interface Gateways {
  fiuu: FiuuGateway;
  stripe: StripeGateway;
  bigo: BigoGateway;
}
