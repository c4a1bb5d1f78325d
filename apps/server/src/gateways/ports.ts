import type { TCurrency, TOrderNote } from '@ezrecharge/shared';
import type { PaymentProviders } from './payment-providers';

/**
 * What the domain modules need from the far ends: the payment providers (Fiuu hosted page, Stripe Checkout; see
 * payment-provider.ts for their port) and the BIGO reseller API. Each speaks the real protocol over HTTP; without
 * keys it is pointed at the built-in sandbox on our own server (packages/sandboxes, under /sandbox), so the same
 * code runs in both cases and only the far end differs (DESIGN.md §7).
 */

/**
 * BIGO refused *us*, not the buyer's ID (bigo-rescodes.ts "denied"): API switched off (7212001, 7212002), our IP not
 * allowed (7212003), reseller not bound to our client id (7212006), or HTTP 401/403 (rescode null). `check` tells the
 * operator what to look at; nothing secret is in it.
 */
export interface BigoDenied {
  kind: 'denied';
  rescode: number | null;
  httpStatus: number | null;
  reason: string;
  /** `reason` as a note of the shared catalogue (issue #32); a test's gateway may leave it out. */
  note?: TOrderNote;
  check: string;
}

/** BIGO precheck (DESIGN.md §8 recharge_pre_check), mapped to what the order commit does with it. */
export type BigoPrecheckOutcome =
  /** The ID can be recharged; `balance` is the reseller's remaining balance when BIGO reports it. */
  | { kind: 'ok'; rescode: 0; balance: number | null }
  /** BIGO says no for this ID (7212004, 7212005, …): the order is stored in status 1 with the reason. */
  | { kind: 'rejected'; rescode: number; reason: string; note?: TOrderNote }
  /** We could not ask (network, HTTP ≠ 200, 7212012…): no order is created; try again later. */
  | { kind: 'unavailable'; rescode: number | null; reason: string; note?: TOrderNote }
  /** As unavailable for the buyer; the operator is alerted. */
  | BigoDenied;

/** BIGO rs_recharge (DESIGN.md §8), mapped to what the fulfilment job does with it. */
export type BigoRechargeOutcome =
  /** 0: BIGO credited the diamonds now. */
  | { kind: 'delivered'; rescode: number }
  /**
   * 7212010: BIGO says this bu_orderid was used before. A delivery only if an earlier call of ours may have
   * delivered (it got no answer); after definite refusals it proves nothing. The fulfilment job decides.
   */
  | { kind: 'duplicate'; rescode: number; reason: string; note?: TOrderNote }
  /**
   * Try again with backoff. rescode null: no definite answer (network error, timeout, HTTP ≠ 200, unreadable), so
   * the call may have reached BIGO and delivered; a rescode (7212012, 500001, unknown codes): BIGO answered.
   */
  | { kind: 'retry'; rescode: number | null; reason: string; note?: TOrderNote }
  /** Nothing to gain from retrying without an operator (bad ID, balance too low, limits…): status 10. */
  | { kind: 'failed'; rescode: number; reason: string; note?: TOrderNote }
  /** A definite refusal of our access: retried with backoff (the operator may fix it meanwhile) and alerted. */
  | BigoDenied;

/**
 * How often a recharge call (an order's delivery, a spun prize) is tried before an operator is needed: transient
 * failures back off 2 s, 4 s, 8 s … up to 10 minutes, so 12 attempts span about half an hour.
 */
export const BIGO_CALL_ATTEMPTS = 12;

export interface BigoRecharge {
  bigoId: string;
  /** Our order number, sent as bu_orderid so a repeated call can never deliver twice. */
  orderNum: string;
  diamonds: number;
  /** What the buyer paid, minor units, and its currency (BIGO's total_cost/currency). */
  amount: number;
  currency: TCurrency;
  /**
   * The call's seqid (13-32 of [0-9a-z]; newSeqid), when the caller made it first so that its record can name the
   * call before it is made (issue #26: an operator finds an unanswered call in BIGO's console by it). A new one
   * otherwise.
   */
  seqid?: string;
}

export interface BigoGateway {
  /** True when the far end is the built-in simulator. */
  readonly simulator: boolean;
  precheck(bigoId: string): Promise<BigoPrecheckOutcome>;
  recharge(request: BigoRecharge): Promise<BigoRechargeOutcome>;
  /** BIGO's signature test (/oauth2/test_sign): moves nothing, proves the client id, key and IP are accepted. */
  testSignature(): Promise<{ ok: boolean; detail: string }>;
}

export interface Gateways {
  /** Fiuu and Stripe behind the PaymentProvider port (payment-providers.ts). */
  payments: PaymentProviders;
  bigo: BigoGateway;
}
