import type { TFiuuHandoff } from '@ezrecharge/shared';
import type { OrderForPayment, PaymentStatus, RefundBank, RefundResult } from '../payment-provider';

/** The types of the Fiuu protocol client (fiuu-client.ts, fiuu-refund.ts). */

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
  /**
   * The RefIDs of the same payment's earlier refund attempts: asked about before anything is sent, so that a
   * retry never refunds a payment whose earlier refund is pending or done (issue #26).
   */
  earlierRefIds: readonly string[];
  /** The buyer's bank, for an online-banking payment (never logged). */
  bank?: RefundBank | undefined;
}

/** The Fiuu protocol client: what the Fiuu provider (fiuu-provider.ts) is built on. */
export interface FiuuClient {
  readonly merchantId: string;
  /** Hosted-form fields for an order. Pure. */
  handoff(order: OrderForPayment): Omit<TFiuuHandoff, 'method' | 'order_status'>;
  /** Checks the skey of a result post; null when it is missing or wrong (nothing in it may be believed). */
  verifyResult(fields: Record<string, string>): FiuuResult | null;
  /** POSTs the received fields plus treq=1 to the IPN endpoint. Never throws: an unreachable IPN is logged only. */
  acknowledge(fields: Record<string, string>): Promise<void>;
  /** Asks Fiuu's status query API about an order; never throws (state 'unknown' on any failure). */
  queryStatus(order: Pick<OrderForPayment, 'orderNum' | 'amount' | 'currency'>): Promise<PaymentStatus>;
  /**
   * Refunds a transaction through Fiuu's refund API. Nothing is sent while an earlier RefID's refund is pending or
   * done, or Fiuu gives no believable answer about one. Idempotent on `refId`: a refund Fiuu already holds under that
   * RefID is answered, not sent again (and a repeated send is refused by Fiuu, PR016). Never throws ('unknown' on
   * any failure to get a believable answer).
   */
  refund(request: FiuuRefundRequest): Promise<RefundResult>;
  /**
   * Asks Fiuu's refund status API about the refund with this RefID; never throws. Failed only when Fiuu says so:
   * the refund rejected, or INQ006 (Fiuu holds no refund under this RefID); any other error is 'unknown'.
   */
  refundStatus(refId: string): Promise<RefundResult>;
}
