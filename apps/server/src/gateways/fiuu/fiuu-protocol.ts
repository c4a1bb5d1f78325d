import { createHash, timingSafeEqual } from 'node:crypto';
import type { RefundReference } from '../payment-provider';

/**
 * Fiuu's (formerly Razer Merchant Services / MOLPay) hashes and codes, as pure functions (DESIGN.md §7). The
 * built-in sandbox (packages/sandboxes) has its own copy written from the spec; both are pinned to vectors computed
 * with Fiuu's own code (fiuu-protocol.vectors.test.ts, packages/vendor-vectors), so neither can drift from Fiuu.
 */

export const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * Hosted-form vcode (spec v13.86 "vcode (in payment request)"; Fiuu's Postman collection, PHP SDK and WooCommerce
 * plugin compute the same): md5(amount + merchantID + orderid + verify_key).
 */
export function fiuuVcode(amount: string, merchantId: string, orderId: string, verifyKey: string): string {
  return md5(`${amount}${merchantId}${orderId}${verifyKey}`);
}

/**
 * The extended vcode, with the currency appended (WooCommerce plugin `extend_vcode`): only valid when Fiuu support
 * enabled it for the merchant ID (FIUU_EXTENDED_VCODE=1); otherwise Fiuu refuses every payment as tampered.
 */
export function fiuuExtendedVcode(
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
 * (order status 4); any other failure is a failed payment (5). Fiuu's card channel says "CC_9935 Cancel payment by
 * customer." (spec "Error Codes from Payment Channel"), which the sandbox's Cancel button sends.
 */
export function isCancelledFailure(errorCode: string, errorDesc: string): boolean {
  return /cancel/i.test(errorCode) || /cancel/i.test(errorDesc);
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
 * An x-www-form-urlencoded body (Fiuu posts its results so) as fields; a repeated field keeps its first value.
 * formFields bounds the result.
 */
export function parseForm(body: Buffer | string): Record<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
    if (!out.has(key)) out.set(key, value);
  }
  return Object.fromEntries(out);
}

/**
 * Our RefID of a refund attempt: `{order}R{attempt}` for the order's own payment, `{order}E{id}R{attempt}` for an
 * extra payment of it (issue #26). Letters and digits only (order numbers are), well under Fiuu's 100 characters.
 */
export function fiuuRefundId(orderNum: string, reference: RefundReference): string {
  const payment = reference.payment === 'extra' ? `E${reference.id}` : '';
  return `${orderNum}${payment}R${reference.attempt}`;
}

/** The RefIDs of the same payment's earlier attempts, oldest first. */
export function fiuuEarlierRefundIds(orderNum: string, reference: RefundReference): string[] {
  return Array.from({ length: Math.max(0, reference.attempt - 1) }, (_, i) =>
    fiuuRefundId(orderNum, { ...reference, attempt: i + 1 }),
  );
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

/**
 * What an error answer of the status requery means (spec v13.86 "Payment Status Query (PSQ) Error": the direct
 * requery's 5-digit codes Q0000n and the indirect requery's Q01…Q502, grouped as the spec groups them).
 * - not_found: Fiuu holds no transaction for the order (nothing was paid);
 * - credentials: Fiuu refused our merchant ID, verify key or request (a configuration error: tell the operator);
 * - blocked: "Service blocked due to massive connection. Please send only 1 request every 5 minutes";
 * - retry: busy, service disruption, query period expired: no answer about the payment now.
 */
export type FiuuQueryErrorKind = 'not_found' | 'credentials' | 'blocked' | 'retry';

const QUERY_ERRORS: Readonly<Record<string, { kind: FiuuQueryErrorKind; meaning: string }>> = {
  Q01: { kind: 'credentials', meaning: 'missing required parameter' },
  Q00001: { kind: 'credentials', meaning: 'missing required parameter' },
  Q02: { kind: 'credentials', meaning: 'invalid parameter value' },
  Q00002: { kind: 'credentials', meaning: 'invalid parameter value' },
  Q03: { kind: 'retry', meaning: 'system busy, temporarily out of service' },
  Q00007: { kind: 'retry', meaning: 'system busy, temporarily out of service' },
  Q04: { kind: 'credentials', meaning: 'merchant info not found' },
  Q00003: { kind: 'credentials', meaning: 'merchant info not found' },
  Q05: { kind: 'retry', meaning: 'send result to merchant URL failed' },
  Q06: { kind: 'retry', meaning: 'query period expired' },
  Q07: { kind: 'credentials', meaning: 'exceeded the maximum number of ids' },
  Q00008: { kind: 'retry', meaning: 'external service disruption' },
  Q99: { kind: 'blocked', meaning: 'service blocked: only 1 request every 5 minutes' },
  Q101: { kind: 'credentials', meaning: 'correct skey with invalid data' },
  Q201: { kind: 'credentials', meaning: 'correct skey with invalid data' },
  Q00004: { kind: 'credentials', meaning: 'incorrect skey' },
  Q102: { kind: 'credentials', meaning: 'incorrect skey' },
  Q202: { kind: 'credentials', meaning: 'incorrect skey' },
  Q302: { kind: 'credentials', meaning: 'incorrect skey' },
  Q402: { kind: 'credentials', meaning: 'incorrect skey' },
  Q502: { kind: 'credentials', meaning: 'incorrect skey' },
  Q203: { kind: 'not_found', meaning: 'transaction record not found' },
  Q303: { kind: 'not_found', meaning: 'transaction record not found' },
  Q00005: { kind: 'not_found', meaning: 'transaction record not found' },
  Q204: { kind: 'credentials', meaning: 'incorrect amount' },
  Q401: { kind: 'credentials', meaning: 'delimiter error' },
};

/**
 * The PSQ error code of an answer without a StatCode, and what it means. The spec lists the codes but shows no error
 * body, so the code is looked for where a body could carry it (error_code, ErrorCode, StatName, the text itself);
 * without a code, wording that says "not found" still counts as not found.
 */
export function fiuuQueryError(
  answer: Record<string, string>,
  text: string,
): { code: string | null; kind: FiuuQueryErrorKind; meaning: string } {
  const candidates = [
    answer.error_code,
    answer.ErrorCode,
    answer.StatName,
    answer.error_desc,
    answer.ErrorDesc,
    text,
  ];
  for (const candidate of candidates) {
    const match = /\bQ\d{2,5}\b/.exec(candidate ?? '');
    const known = match ? QUERY_ERRORS[match[0]] : undefined;
    if (match && known) return { code: match[0], ...known };
  }
  if (/not found|no record|no transaction|does not exist/i.test(candidates.join(' '))) {
    return { code: null, kind: 'not_found', meaning: 'transaction record not found' };
  }
  return { code: null, kind: 'retry', meaning: 'no status in the answer' };
}

/**
 * Online-banking channels, whose refunds Fiuu pays back by bank transfer and so need the buyer's bank details
 * (refund API: BankCode, BankCountry, BeneficiaryName, BeneficiaryAccNo are "Applicable for Online Banking only";
 * PR014 "Bank information is mandatory for non-credit channel transaction", PR012 "… not applicable for credit
 * channel transaction"). The channel names are the spec's ("Value of channel in return URL" › "Indirect / Direct
 * Internet Banking"): every FPX channel, the Malaysian banks' own internet banking, Singapore's eNets Debit, the
 * Thai banks' `_IB` channels, the Philippine bank transfers and Vietnam's VTC Pay banks.
 */
const ONLINE_BANKING = [
  /^FPX/i,
  /^(MB2u|CIMB-Clicks|RHB-ONL|PBeBank|HLB-ONL|PEXPLUS|AMB-W2W|ALB-ONL|Affin-EPG)$/i,
  /^eNets-D/i,
  /_IB(_U)?$/i,
  /^(Dragonpay|BPI|UPAY.*)$/i,
  /^VTCP_(?!EW)/i,
];

/**
 * What a refund of a payment through `channel` needs of the buyer's bank: required for online banking, none for
 * cards and e-wallets (every other channel Fiuu names), optional when the channel is not known (a payment
 * recorded before channels were kept): the operator may give the details, and Fiuu refuses them for a card (PR012).
 */
export function fiuuRefundBankDetails(channel: string | null): 'required' | 'optional' | 'none' {
  const name = (channel ?? '').trim();
  if (name === '') return 'optional';
  return ONLINE_BANKING.some((re) => re.test(name)) ? 'required' : 'none';
}

/**
 * The refund API's error codes (spec Appendix C; "Can retry?" from the cheatsheet's Tip #12): `retry` when asking
 * again later with the same request can succeed on its own (server busy, a transaction still pending, the merchant's
 * balance not yet enough), `query` when Fiuu already holds our RefID (the refund exists: look it up), `final` for
 * everything else — including the codes the cheatsheet calls retryable "after amending" something: those need an
 * operator, and a retry from status 13 is a new refund with a new RefID.
 */
export function fiuuRefundErrorKind(code: string, desc: string): 'retry' | 'query' | 'final' {
  switch (code.trim().toUpperCase()) {
    case 'PR015':
    case 'PR020':
      return 'retry';
    case 'PR010':
      // "Transaction must be in authorized/captured/settled status. Current transaction is in {STATUS} status":
      // retryable "if the current status is pending".
      return /\bpending\b/i.test(desc) ? 'retry' : 'final';
    case 'PR016':
      return 'query';
    default:
      return 'final';
  }
}
