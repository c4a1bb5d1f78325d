import type {
  TCurrency,
  TErrorCode,
  TFiuuHandoff,
  TOrderNote,
  TPaymentChannel,
  TRedirectHandoff,
} from '@ezrecharge/shared';

/**
 * The one port every payment provider implements (DESIGN.md §7): hand an order to the provider, read what the
 * provider reports back into an outcome, ask about a payment, close an open payment, refund it and follow the
 * refund. The orders, payments and refunds modules only ever talk to this interface; which provider an order
 * uses is decided once (payment-providers.ts, the registry of descriptors) and stored on the order.
 *
 * Each provider lives in its own folder (fiuu/, stripe/) and speaks its vendor's protocol over HTTP to whatever
 * its settings name: the real service, or the built-in sandbox on our own server.
 */

/** A provider's id (its descriptor's, gateways/payment-providers.ts): stored in `orders.gateway`. */
export type PaymentProviderId = string;

/** The parts of an order a provider sees. Amounts in the currency's minor units. */
export interface OrderForPayment {
  orderNum: string;
  amount: number;
  currency: TCurrency;
  email: string;
  gameId: string;
  amountGame: number;
  productName: string;
  lang: 'en' | 'zh';
  /** The buyer ordered signed in (a registered account), not as a visitor. */
  registered: boolean;
  /** Issue #30: the provider's channel the buyer chose on our page; null: the provider's page chooses. */
  channel?: string | null | undefined;
  /** Issue #29: the risk rules marked the order risky: a card payment asks for 3-D Secure (Stripe). */
  threeDSecure?: boolean;
}

/** An order as a provider works with it: the order, and what the provider gave us for it so far. */
export interface PaymentOrder extends OrderForPayment {
  /** The provider's reference of the payment: Fiuu's tranID once reported, Stripe's Checkout Session id. */
  ref: string | null;
  /** The provider's hosted page of an open payment, when it keeps one (Stripe Checkout). */
  checkoutUrl: string | null;
}

/**
 * Issue #29: what the gateway's own fraud screening said about a paid payment (Stripe Radar's `outcome` on the
 * PaymentIntent's latest charge, with the card's fingerprint and issuing country), or why it could not be read. A
 * payment is never lost for want of it: the rules then decide without it, and the order's history says so.
 */
export type PaymentRisk =
  | {
      read: true;
      /** Stripe's `outcome.risk_level`: normal | elevated | highest | not_assessed | unknown. */
      level: string;
      /** Stripe's `outcome.risk_score` (0-100), where Radar gives one. */
      score: number | null;
      cardFingerprint: string | null;
      /** Two-letter ISO code of the card's issuing country. */
      cardCountry: string | null;
    }
  | { read: false; reason: string };

/** The provider's answer to "what happened to the payment of this order?". */
export interface PaymentStatus {
  /** paid: money taken; failed: attempt failed or cancelled; pending: still open at the provider; unknown: no answer. */
  state: 'paid' | 'failed' | 'pending' | 'unknown';
  /** Provider reference: Fiuu tranID or Stripe session id. */
  ref?: string;
  /** As the provider reports it, in minor units; compared with the order before believing "paid". */
  amount?: number;
  currency?: string;
  /** Human-readable reason for failed/unknown, for the order event. */
  reason?: string;
  /** How the buyer paid, as the provider names it (Fiuu's channel), when it says. */
  channel?: string;
  /**
   * With 'unknown': the provider was not asked, because it allows no call before this moment (Fiuu's requery limit):
   * ask again then. Not a failure of the provider.
   */
  notBefore?: Date;
  /** Issue #29: the gateway's payment whose risk assessment can be asked (Stripe: the PaymentIntent id). */
  riskRef?: string;
  /** Issue #29: the gateway's risk assessment of a paid payment, once asked (PaymentProvider.paymentRisk). */
  risk?: PaymentRisk;
}

/** The hand-off the buyer's browser follows, as the commit and Pay Now answer it (without the order's status). */
export type HandoffBody = Omit<TFiuuHandoff, 'order_status'> | Omit<TRedirectHandoff, 'order_status'>;

export type Handoff =
  /**
   * A page to send the buyer to. `session` is set when the provider opened (or kept) a payment session that the
   * order must remember; `reused` sessions keep the deadline they were opened with.
   */
  | { kind: 'page'; body: HandoffBody; session?: { ref: string; url: string; reused: boolean } }
  /** The provider reports the order already paid (e.g. a webhook is late): there is nothing left to pay. */
  | { kind: 'paid'; status: PaymentStatus };

/** A result the provider reported, once its signature checked out. */
export interface PaymentReport {
  result: 'paid' | 'failed' | 'cancelled' | 'expired' | 'pending' | 'ignored';
  amount: number | null;
  currency: string | null;
  ref: string | null;
  /** How the buyer paid, as the provider names it (Fiuu's `channel`), when it says. */
  channel?: string | null;
  /**
   * A session-based provider's session the report is about. A non-paid report about another session than the
   * order's current one is stale (Pay Now opened a new one); money always counts.
   */
  session?: string;
  /** For the order event: 'fiuu notify 00', 'stripe checkout.session.completed' (shared order-notes.ts). */
  cause: TOrderNote;
  detail: Record<string, unknown>;
  /** Issue #29: the gateway's payment whose risk assessment can be asked (Stripe: the PaymentIntent id). */
  riskRef?: string | null;
  /** Issue #29: the gateway's risk assessment of a paid payment, once asked (PaymentProvider.paymentRisk). */
  risk?: PaymentRisk;
}

/** What a provider calls, or sends the buyer back to, under /api/v1/payment/{provider}/{name}. */
export interface PaymentEndpoint {
  name: string;
  method: 'GET' | 'POST';
  /**
   * notification: the provider reports a result that proves itself (signature), stored and applied.
   * abandon: the buyer came back without paying; proves nothing, so the provider is asked before anything moves.
   */
  role: 'notification' | 'abandon';
  summary: string;
  description: string;
}

/** A request to one of the provider's endpoints, as received (the body unparsed: signatures cover raw bytes). */
export interface RawPaymentRequest {
  endpoint: string;
  body: Buffer;
  headers: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, string | undefined>>;
}

export interface ReceivedNotification {
  /** What payment_notifications keeps of it (bounded, as received; never logged). */
  payload: Record<string, unknown>;
  /** The order number the request names, when it has the shape of one (safe to put in a URL). */
  orderNum: string | null;
  /** How repeats of the same report are recognised (Fiuu tranID:status, Stripe event id). */
  dedupeKey: string | null;
  /**
   * True when each dedupe key must be applied at most once (Stripe events: a repeat is ignored even if the order
   * changed since). False when a repeat is harmless to apply again (Fiuu posts: the order's status decides).
   */
  onceByKey: boolean;
  /** The verified report, or null when the request does not prove itself (missing or wrong signature). */
  report: PaymentReport | null;
  /**
   * Issue #26: the request proved itself (its signature checked out) but does not have the shape its type promises
   * (Stripe: a known event type whose data is not what Stripe documents for it). Says what is wrong; `report` is
   * null then. Answered with a 400, never applied.
   */
  malformed?: string;
  /** Why it did not verify, for the log (never the signature itself). */
  rejection?: string;
  /** What payment_notifications.channel records, when more telling than the endpoint (Stripe's event type). */
  label?: string;
  /** Issue #28: the verified request is about a dispute of a payment (`report` is then an 'ignored' one). */
  dispute?: DisputeReport;
  /**
   * Issue #29: the verified request reports a card attempt the gateway declined while the order's payment stays open
   * (Stripe's `payment_intent.payment_failed`; `report` is then an 'ignored' one): an unsuccessful payment for the
   * card-testing rule.
   */
  cardFailure?: CardFailureReport;
}

/** Issue #29: a declined card attempt, as the gateway reports it. */
export interface CardFailureReport {
  /** The gateway's reference of the attempt (Stripe: the declined charge's id, else the PaymentIntent's). */
  attemptRef: string;
  /** The card's fingerprint and issuing country, where the gateway reports them. */
  cardFingerprint: string | null;
  cardCountry: string | null;
  /** The gateway's reason (Stripe: `decline_code`, else `code`). */
  reason: string;
}

/**
 * Issue #28: what a gateway's verified notification says about a card holder's dispute of a payment (Stripe's
 * `charge.dispute.created`, `.updated`, `.closed`), in the gateway's words for its reason and status.
 */
export interface DisputeReport {
  event: 'created' | 'updated' | 'closed';
  /** The gateway's dispute id (Stripe: du_…). */
  ref: string;
  /** The payment disputed (Stripe: the PaymentIntent id), which leads to the order. */
  paymentRef: string | null;
  /** ISO minor units; null when the gateway's amount cannot be read exactly in them. */
  amount: number | null;
  /** Upper case ISO code. */
  currency: string;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
  /** The gateway's time of the event: updates of one dispute apply in this order. */
  eventAt: Date;
}

/** The evidence a shop sends for a dispute, in the fields Stripe's dispute API documents (`evidence[...]`). */
export interface DisputeEvidenceFields {
  customer_email_address: string;
  customer_purchase_ip?: string;
  product_description: string;
  /** YYYY-MM-DD: when the diamonds were delivered. */
  service_date?: string;
  access_activity_log: string;
  uncategorized_text: string;
}

/** Issue #28: a gateway's disputes API, for a provider that has one (Stripe). */
export interface DisputeApi {
  /**
   * The order (its number) and the payment reference the shop recorded for it (Stripe: the Checkout Session id) of
   * a disputed payment, asked of the gateway itself; null when the gateway knows no order for it; 'unknown' when it
   * did not answer. Never throws.
   */
  paymentOf(dispute: DisputeReport): Promise<{ orderNum: string; ref: string } | null | 'unknown'>;
  /** Submits the evidence (submit=true); the dispute's status after it, or why it was refused. Never throws. */
  submitEvidence(
    disputeRef: string,
    evidence: DisputeEvidenceFields,
  ): Promise<{ ok: true; status: string } | { ok: false; reason: string }>;
}

/** What happened to a request, for the provider to word its answer. */
export interface EndpointOutcome {
  verified: boolean;
  orderNum: string | null;
  /** The order is paid after this request. */
  paid: boolean;
  /** Handling threw: the provider should be told so (it will send again). */
  failed: boolean;
  /** The request proved itself but did not have the shape of its type (ReceivedNotification.malformed). */
  malformed?: boolean;
}

export type EndpointReply =
  /** Send the buyer to the order result page (/home-order). */
  | { kind: 'result-page' }
  | { kind: 'text'; status: number; body: string }
  | { kind: 'json'; body: Record<string, unknown> }
  /** The API's error body (DESIGN.md §4) with the status of `code`. */
  | { kind: 'error'; code: TErrorCode; message: string; detail: string };

/**
 * Which refund of which payment (issue #26): a refund of the order's own payment, or of an extra payment the gateway
 * captured for the order besides it (`extra_payments.id`), and its attempt (1, 2, …). The provider derives its
 * references from it (Fiuu's RefID, Stripe's idempotency key), so the same attempt asked twice is the same refund
 * and a new attempt is a new one; attempts below `attempt` are the earlier refunds of the same payment.
 */
export type RefundReference =
  | { payment: 'order'; attempt: number }
  | { payment: 'extra'; id: number; attempt: number };

/**
 * A gateway's answer about a refund (start or status query). The state is only ever what the gateway said (issue
 * #26): succeeded: the money is on its way back; failed: the gateway refused the refund, reported it failed, or says
 * explicitly that it holds no refund under our reference; pending: accepted, not settled yet; unknown: no answer we
 * can believe (network, HTTP error, "busy", bad signature) — ask again later, with the same reference, never a new
 * refund.
 */
export interface RefundResult {
  state: 'succeeded' | 'pending' | 'failed' | 'unknown';
  /** The gateway's refund id (Fiuu RefundID, Stripe re_…), once it gave one. */
  ref?: string;
  reason?: string;
  /**
   * The answer is about another refund of the same payment, found pending or done before this attempt sent
   * anything (an earlier attempt's, or one made in the gateway's portal): this attempt sent nothing and must not.
   * `reference` names it for the order's history (Fiuu's RefID, Stripe's refund id).
   */
  earlier?: { reference: string };
}

/** A full refund of a paid payment, one attempt of it. */
export interface RefundRequest {
  orderNum: string;
  /** The provider's reference of the payment (orders.gateway_ref, or an extra payment's ref). */
  paymentRef: string;
  amount: number;
  currency: TCurrency;
  reference: RefundReference;
  /** The buyer's bank, for a payment whose refund goes back by bank transfer (never logged). */
  bank?: RefundBank | undefined;
}

/** The buyer's bank for an online-banking refund (Fiuu: BankCode, BankCountry, BeneficiaryName, BeneficiaryAccNo). */
export interface RefundBank {
  bankCode: string;
  bankCountry: string;
  name: string;
  accountNo: string;
}

export interface RefundQuery {
  orderNum: string;
  reference: RefundReference;
  /** The provider's refund id, once it gave one. */
  refundRef: string | null;
}

/**
 * One thing a gateway recorded in a time window (issue #28, daily reconciliation), as its own report or list says
 * it: a payment (paid, failed or still pending) or a refund or chargeback of one.
 */
export interface GatewayRecord {
  kind: 'payment' | 'refund';
  state: 'paid' | 'failed' | 'pending' | 'refunded' | 'chargeback';
  /** The order number the gateway holds for it (Fiuu's OrderID, Stripe's client_reference_id), when it names one. */
  orderNum: string | null;
  /** The gateway's reference: Fiuu's TranID (a refund's RefundID), a Stripe Checkout Session or refund id. */
  ref: string;
  /** A refund's: the reference of the payment it returns, where the gateway names it (Fiuu's AcquirerReference). */
  paymentRef?: string;
  /** The amount as the gateway wrote it, in major units ("27.60"), or null when it gave none. */
  amount: string | null;
  /** Upper-case ISO code; null when the gateway's record has none (Fiuu's daily report names no currency). */
  currency: string | null;
  /** When the gateway dates it (ISO). */
  at: string | null;
  /** Further fields of the record, for the evidence an operator reads (never a secret). */
  detail: Record<string, string>;
}

export type GatewayRecords = { ok: true; records: GatewayRecord[] } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** The vendor's name as operators know it ("Fiuu", "Stripe"): for their e-mails and the order's history. */
  readonly displayName: string;
  /** True when the far end is the built-in sandbox. */
  readonly sandbox: boolean;
  /**
   * True when handing an order off needs no call to the provider (a signed form built from the order alone), so
   * an order can be stored already awaiting payment in the transaction that creates it.
   */
  readonly statelessHandoff: boolean;
  readonly endpoints: readonly PaymentEndpoint[];

  /**
   * Issue #30: the channels the buyer may choose on our page for a currency, with their amount limits; empty when
   * the provider offers no choice there (its own page chooses).
   */
  channels(currency: TCurrency): readonly TPaymentChannel[];
  /** Issue #30: whether a channel a result reports is the one chosen on our page (the provider's names for it). */
  sameChannel(chosen: string, reported: string): boolean;

  /** Where to send the buyer for an order awaiting payment; throws AppError 503 when the provider cannot open one. */
  handOff(order: PaymentOrder, deadline: Date): Promise<Handoff>;

  /** Reads and verifies a request to a notification endpoint. Pure: never throws, never calls out. */
  receive(request: RawPaymentRequest): ReceivedNotification;
  /** Tells the provider a verified notification arrived (Fiuu's IPN). Never throws. */
  acknowledge(request: RawPaymentRequest, notification: ReceivedNotification): Promise<void>;
  /** The HTTP answer of an endpoint. */
  reply(endpoint: string, outcome: EndpointOutcome): EndpointReply;
  /** The order number an abandon endpoint names (unverified: the caller checks it against the provider). */
  abandonedOrder(request: RawPaymentRequest): string | null;

  /**
   * Asks the provider about the order's payment; never throws ('unknown' when there is no believable answer). A paid
   * answer carries the gateway's risk assessment (`risk`) where the provider has one (issue #29).
   */
  queryStatus(order: PaymentOrder): Promise<PaymentStatus>;
  /**
   * Issue #29: the gateway's risk assessment of a paid payment (`riskRef` of its report), for a provider that has
   * one (Stripe Radar); a notification carries none, so it is asked before the report is applied. Never throws:
   * `read: false` with the reason when it cannot be read.
   */
  paymentRisk?(riskRef: string | null | undefined): Promise<PaymentRisk>;
  /**
   * Makes the order's open payment impossible to complete, when the provider can; false when the provider refused
   * (most likely it was just paid: ask again). Never throws.
   */
  expire(order: PaymentOrder): Promise<boolean>;

  /**
   * What a refund of this payment needs of the buyer's bank: `required` (online banking: the money goes back by
   * bank transfer), `optional` (the payment's channel is not known), `none`.
   */
  refundBankDetails(payment: { paymentChannel: string | null }): 'required' | 'optional' | 'none';
  /**
   * How long the gateway documents that a refund may take to settle (Fiuu: "about 7-14 days"), or null when it
   * documents none but ends every refund in a decided state (Stripe: failed or canceled). A refund still undecided
   * past this (and a margin) goes to the operator's queue; it is never given up on by our own clock.
   */
  readonly refundSettlesWithinMs: number | null;
  /**
   * Starts (or finds again) one attempt's refund; never throws. Before sending anything it asks about the payment's
   * earlier refunds: one pending or done is the answer (`earlier` set) and nothing is sent; no believable answer
   * about one is 'unknown', and nothing is sent either. Then this attempt's own refund, if the gateway holds it.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Follows an attempt's refund; never throws. */
  refundStatus(query: RefundQuery): Promise<RefundResult>;
  /** Issue #28: the gateway's disputes API; absent where the gateway offers none (Fiuu: its reports only). */
  readonly disputes?: DisputeApi;

  /**
   * Issue #28: everything the gateway recorded in [from, to) — its payments and their refunds — as the vendor's own
   * report or list endpoints answer it (Fiuu's Daily Transaction Report, Stripe's Checkout Sessions and refunds).
   * Never throws: `ok: false` with the reason when the far end gave no readable answer.
   */
  records(window: { from: Date; to: Date }): Promise<GatewayRecords>;
}
