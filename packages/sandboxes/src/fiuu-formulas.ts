import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Fiuu's hashes as Fiuu computes and checks them, written from Fiuu's "API Spec for Merchant" v13.86 (the PDF in
 * github.com/FiuuPayment/Documentation-Fiuu_API_Spec) and nothing else: the shop's client has its own copy, so a
 * formula wrong on one side shows up as a refused call instead of agreeing with itself. All are lower-case hex
 * MD5 over the fields joined with nothing between them.
 *
 *   vcode            "Security Guidelines › vcode (in payment request)": md5(amount + merchantID + orderID +
 *                    verify_key), optionally (enabled per merchant by Fiuu support) + currency. The sandbox
 *                    merchant has the currency form enabled, as multi-currency shops need.
 *   skey             "Security Guidelines › skey (in payment response)": pre_skey = md5(txnID + orderID + status +
 *                    merchantID + amount + currency); skey = md5(paydate + merchantID + pre_skey + appcode +
 *                    secret_key). Signs the return, notification and callback posts.
 *   q_by_oid         "Merchant Request APIs › Indirect status requery › Query by order ID (single output)":
 *                    request skey = md5(oID + domain + verify_key + amount); answer
 *                    VrfKey = md5(Amount + secret_key + Domain + OrderID + StatCode).
 *   refund           "Advanced Full/Partial Refund": request Signature = md5(RefundType + MerchantID + RefID + TxnID +
 *                    Amount + secret_key); answer Signature = md5(RefundType + MerchantID + RefID + RefundID +
 *                    TxnID + Amount + Status + secret_key).
 *   q_by_refID       "Partial Refund Status Inquiry by TxnID/RefID", request type 2:
 *                    Signature = md5(RefID + MerchantID + verify_key).
 *   psq-daily        "Daily Transaction Report (Reconciliation)": skey = md5(rdate + merchantID + secret_key), the
 *                    secret key (the Postman collection's PRIVATE_KEY), not the verify key.
 */

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

export function vcode(
  fields: { amount: string; merchantId: string; orderId: string; currency?: string },
  verifyKey: string,
): string {
  return md5(`${fields.amount}${fields.merchantId}${fields.orderId}${verifyKey}${fields.currency ?? ''}`);
}

/** The fields of a payment result (return URL, notification, callback) that its skey covers. */
export interface ResultFields {
  tranID: string;
  orderid: string;
  status: string;
  domain: string;
  amount: string;
  currency: string;
  paydate: string;
  appcode: string;
}

export function resultSkey(f: ResultFields, secretKey: string): string {
  const preSkey = md5(`${f.tranID}${f.orderid}${f.status}${f.domain}${f.amount}${f.currency}`);
  return md5(`${f.paydate}${f.domain}${preSkey}${f.appcode}${secretKey}`);
}

export function queryRequestSkey(
  f: { oID: string; domain: string; amount: string },
  verifyKey: string,
): string {
  return md5(`${f.oID}${f.domain}${verifyKey}${f.amount}`);
}

export function queryAnswerVrfKey(
  f: { Amount: string; Domain: string; OrderID: string; StatCode: string },
  secretKey: string,
): string {
  return md5(`${f.Amount}${secretKey}${f.Domain}${f.OrderID}${f.StatCode}`);
}

/** The fields of a refund request that its Signature covers. */
export interface RefundRequestFields {
  RefundType: string;
  MerchantID: string;
  RefID: string;
  TxnID: string;
  Amount: string;
}

export function refundRequestSignature(f: RefundRequestFields, secretKey: string): string {
  return md5(`${f.RefundType}${f.MerchantID}${f.RefID}${f.TxnID}${f.Amount}${secretKey}`);
}

export function refundAnswerSignature(
  f: RefundRequestFields & { RefundID: string; Status: string },
  secretKey: string,
): string {
  return md5(
    `${f.RefundType}${f.MerchantID}${f.RefID}${f.RefundID}${f.TxnID}${f.Amount}${f.Status}${secretKey}`,
  );
}

export function refundQuerySignature(f: { RefID: string; MerchantID: string }, verifyKey: string): string {
  return md5(`${f.RefID}${f.MerchantID}${verifyKey}`);
}

export function dailyReportSkey(f: { rdate: string; merchantID: string }, secretKey: string): string {
  return md5(`${f.rdate}${f.merchantID}${secretKey}`);
}

/** The Settlement Report's token (spec v13.86 p.87): md5({merchantID}{verify_key}{date}), the verify key. */
export function settlementReportToken(f: { merchant_id: string; date: string }, verifyKey: string): string {
  return md5(`${f.merchant_id}${verifyKey}${f.date}`);
}

/** A hash a caller sent against the one expected, in constant time; anything but 32 hex digits never matches. */
export function sameHash(expected: string, given: string | undefined): boolean {
  const hex = /^[0-9a-f]{32}$/i;
  if (given === undefined || !hex.test(given) || !hex.test(expected)) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** `paydate`/`BillingDate` as Fiuu writes them, `YYYY-MM-DD HH:mm:ss`, in Malaysia time (UTC+8). */
export function fiuuDateTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
