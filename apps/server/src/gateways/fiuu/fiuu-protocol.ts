import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Fiuu's (formerly Razer Merchant Services / MOLPay) hashes and codes, as pure functions (DESIGN.md §7). The
 * client and the built-in sandbox both use them, so the sandbox can only agree with the client by speaking the
 * same protocol; the unit tests pin them to Fiuu's published check value and to independently written formulas.
 */

export const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/** Hosted-form vcode, extended form (needed for multi-currency): md5(amount + merchantID + orderid + verify_key + currency). */
export function fiuuVcode(
  amount: string,
  merchantId: string,
  orderId: string,
  verifyKey: string,
  currency: string,
): string {
  return md5(`${amount}${merchantId}${orderId}${verifyKey}${currency}`);
}

/** The fields of a result post (return, notify, callback) that its skey covers. */
export interface FiuuSkeyFields {
  tranID: string;
  orderid: string;
  status: string;
  domain: string;
  amount: string;
  currency: string;
  paydate: string;
  appcode: string;
}

/** skey = md5(paydate + domain + md5(tranID + orderid + status + domain + amount + currency) + appcode + secret_key). */
export function fiuuSkey(fields: FiuuSkeyFields, secretKey: string): string {
  const key0 = md5(
    `${fields.tranID}${fields.orderid}${fields.status}${fields.domain}${fields.amount}${fields.currency}`,
  );
  return md5(`${fields.paydate}${fields.domain}${key0}${fields.appcode}${secretKey}`);
}

/** Status query by order id (`/RMS/query/q_by_oid.php`), request: skey = md5(oID + domain + verify_key + amount). */
export function fiuuQuerySkey(
  orderId: string,
  merchantId: string,
  verifyKey: string,
  amount: string,
): string {
  return md5(`${orderId}${merchantId}${verifyKey}${amount}`);
}

/** Status query by order id, answer: VrfKey = md5(Amount + secret_key + Domain + OrderID + StatCode). */
export function fiuuQueryVrfKey(
  fields: { Amount: string; Domain: string; OrderID: string; StatCode: string },
  secretKey: string,
): string {
  return md5(`${fields.Amount}${secretKey}${fields.Domain}${fields.OrderID}${fields.StatCode}`);
}

/** Compares two MD5 hex digests in constant time; anything that is not 32 hex digits never matches. */
export function sameDigest(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{32}$/i.test(given) || !/^[0-9a-f]{32}$/i.test(expected)) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** Fiuu's status codes: 00 paid, 11 failed, 22 pending (result posts' `status`, status query's `StatCode`). */
export const FIUU_STATUS = { paid: '00', failed: '11', pending: '22' } as const;

export function fiuuState(code: string | undefined): 'paid' | 'failed' | 'pending' | null {
  if (code === FIUU_STATUS.paid) return 'paid';
  if (code === FIUU_STATUS.failed) return 'failed';
  if (code === FIUU_STATUS.pending) return 'pending';
  return null;
}

/**
 * Fiuu has no status code of its own for "the buyer cancelled": a cancelled payment arrives as status 11 whose
 * channel error says so (its status query names it StatName "cancelled"). Our rule: a failed result whose
 * error_code or error_desc contains "cancel" (any case, also "cancelled"/"canceled") was cancelled by the buyer
 * (order status 4); any other failure is a failed payment (5). The sandbox's Cancel button sends exactly this.
 */
export function isCancelledFailure(errorCode: string, errorDesc: string): boolean {
  return /cancel/i.test(errorCode) || /cancel/i.test(errorDesc);
}

/** What the sandbox's Cancel button sends (matches the rule above). */
export const SANDBOX_CANCEL_ERROR = { code: 'CANCELLED', desc: 'Payment cancelled by the buyer' } as const;
/** What the sandbox's Fail button sends. */
export const SANDBOX_DECLINE_ERROR = { code: 'DECLINED', desc: 'Payment declined by the issuer' } as const;

/** Fiuu's paydate format, `YYYY-MM-DD HH:mm:ss` (Malaysia time, UTC+8, as Fiuu's servers report it). */
export function fiuuPaydate(at: Date): string {
  const local = new Date(at.getTime() + 8 * 3600_000);
  return local.toISOString().slice(0, 19).replace('T', ' ');
}

const MAX_FIELDS = 64;
const MAX_FIELD_CHARS = 2_000;

/**
 * A posted form as plain strings: a repeated field keeps its first value, anything that is not text is dropped,
 * and the number and length of fields are capped, so a stored notification is bounded whatever was sent.
 */
export function formFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
  let count = 0;
  for (const [key, raw] of Object.entries(body)) {
    if (count >= MAX_FIELDS) break;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value !== 'string' || key.length > 64) continue;
    out[key] = value.slice(0, MAX_FIELD_CHARS);
    count++;
  }
  return out;
}

/**
 * Fiuu's refund API (Advanced Full/Partial Refund, `/RMS/API/refundAPI/index.php`). RefundType `P` with the whole
 * amount is a full refund; it is the only type Fiuu documents for this API, so it is the one we send.
 */
export const FIUU_REFUND_TYPE = 'P';

/** The fields of a refund request that its Signature covers. */
export interface FiuuRefundFields {
  RefundType: string;
  MerchantID: string;
  RefID: string;
  TxnID: string;
  Amount: string;
}

/** Refund request: Signature = md5(RefundType + MerchantID + RefID + TxnID + Amount + secret_key). */
export function fiuuRefundSignature(fields: FiuuRefundFields, secretKey: string): string {
  return md5(
    `${fields.RefundType}${fields.MerchantID}${fields.RefID}${fields.TxnID}${fields.Amount}${secretKey}`,
  );
}

/**
 * Refund answer: Signature = md5(RefundType + MerchantID + RefID + RefundID + TxnID + Amount + Status + secret_key),
 * so an answer that did not come from Fiuu (or was changed on the way) is not believed.
 */
export function fiuuRefundAnswerSignature(
  fields: FiuuRefundFields & { RefundID: string; Status: string },
  secretKey: string,
): string {
  return md5(
    `${fields.RefundType}${fields.MerchantID}${fields.RefID}${fields.RefundID}${fields.TxnID}${fields.Amount}${fields.Status}${secretKey}`,
  );
}

/** Refund status by our reference (`/RMS/API/refundAPI/q_by_refID.php`): Signature = md5(RefID + MerchantID + verify_key). */
export function fiuuRefundQuerySignature(refId: string, merchantId: string, verifyKey: string): string {
  return md5(`${refId}${merchantId}${verifyKey}`);
}

/**
 * A refund's state in Fiuu's words: the refund API answers a code (00 success, 11 rejected, 22 pending), the status
 * query a word (success, pending, processing, rejected). Anything else is not understood (null).
 */
export function fiuuRefundState(status: string | undefined): 'succeeded' | 'pending' | 'failed' | null {
  const s = (status ?? '').trim().toLowerCase();
  if (s === '00' || s === 'success') return 'succeeded';
  if (s === '22' || s === 'pending' || s === 'processing') return 'pending';
  if (s === '11' || s === 'rejected') return 'failed';
  return null;
}
