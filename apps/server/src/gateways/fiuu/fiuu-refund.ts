import { formatMinor } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RefundResult } from '../payment-provider';
import {
  FIUU_REFUND_TYPE,
  fiuuRefundAnswerSignature,
  fiuuRefundErrorKind,
  fiuuRefundQuerySignature,
  fiuuRefundSignature,
  fiuuRefundState,
  sameDigest,
} from './fiuu-protocol';
import type { FiuuSettings } from './fiuu-settings';
import type { FiuuClient, FiuuRefundRequest } from './fiuu-types';

/**
 * Fiuu refunds (DESIGN.md §6, §7; README.md in this folder): the refund API and its status query by RefID. Our
 * RefID names one refund attempt, so the status query is asked first: a refund Fiuu already holds under that RefID
 * (a job that crashed after sending it) is answered instead of being sent a second time, and so are the earlier
 * attempts' RefIDs of the same payment, so a retry never refunds twice (issue #26). What a refund's state is, only
 * Fiuu says: an inquiry that answers an error (busy, down) is no answer, never a failed refund.
 */

const REFUND_TIMEOUT_MS = 15_000;
const trimSlash = (url: string) => url.replace(/\/+$/, '');

type Json = Record<string, string>;

/** The string and number fields of a JSON object; anything else is dropped. */
function stringFields(value: unknown): Json {
  const out: Json = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' || typeof v === 'number') out[key] = String(v);
    }
  }
  return out;
}

/** A JSON answer as a list of flat objects (an object alone is a list of one); null when it is not JSON. */
export function parseRefundAnswer(text: string): Json[] | null {
  try {
    const parsed: unknown = JSON.parse(text.trim());
    if (Array.isArray(parsed)) return parsed.map(stringFields);
    if (parsed && typeof parsed === 'object') return [stringFields(parsed)];
    return null;
  } catch {
    return null;
  }
}

const fiuuError = (answer: Json) =>
  [answer.error_code, answer.error_desc].filter(Boolean).join(' ').slice(0, 200);

/**
 * Appendix C's "Unable to find refund transaction": the one answer of the status inquiry that says Fiuu holds no
 * refund under a RefID. Every other error (PR015 "Server is busy", a signature or merchant refusal) says nothing
 * about the refund (issue #26).
 */
export const FIUU_REFUND_NOT_FOUND = 'INQ006';

/** What the status inquiry said about one RefID. */
export type RefundInquiry =
  /** Fiuu holds this refund, in this state. */
  | { kind: 'found'; result: RefundResult }
  /** Fiuu says explicitly that it holds no refund under the RefID (INQ006). */
  | { kind: 'not_found' }
  /** No answer about the refund: transport or HTTP error, an error code other than INQ006, an unreadable answer. */
  | { kind: 'unclear'; reason: string };

/**
 * What a status inquiry answer says about the refund with `refId`. Only INQ006 is "no such refund"; an empty list or
 * one naming other RefIDs (neither documented) proves nothing either way.
 */
export function readRefundStatus(entries: Json[] | null, refId: string): RefundInquiry {
  if (!entries) return { kind: 'unclear', reason: 'Fiuu refund status inquiry gave no readable answer' };
  const [first] = entries;
  if (first?.error_code !== undefined) {
    if (entries.length === 1 && first.error_code.trim().toUpperCase() === FIUU_REFUND_NOT_FOUND) {
      return { kind: 'not_found' };
    }
    return { kind: 'unclear', reason: `Fiuu refund status inquiry answered ${fiuuError(first)}` };
  }
  // q_by_refID lists the refunds under our RefID; an entry naming another RefID is not about this one.
  const entry = entries.find((e) => e.RefID === undefined || e.RefID === refId);
  if (!entry)
    return { kind: 'unclear', reason: 'Fiuu refund status inquiry listed no refund under this RefID' };
  const state = fiuuRefundState(entry.Status);
  const ref = entry.RefundID || undefined;
  if (!state) {
    const reason = `Fiuu refund status ${entry.Status ?? '?'}`;
    return { kind: 'found', result: { state: 'unknown', ...(ref ? { ref } : {}), reason } };
  }
  const result: RefundResult = { state, ...(ref ? { ref } : {}) };
  if (state === 'failed')
    result.reason = `Fiuu rejected the refund${entry.reason ? `: ${entry.reason}` : ''}`;
  return { kind: 'found', result };
}

function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

export function createFiuuRefunds(
  settings: FiuuSettings,
  log: FastifyBaseLogger,
): Pick<FiuuClient, 'refund' | 'refundStatus'> {
  const apiUrl = trimSlash(settings.apiUrl);
  const { merchantId, verifyKey, secretKey } = settings;

  /** POSTs a form and reads the JSON answer; null (with a log line) when there is no readable answer. */
  async function call(path: string, fields: Json, logContext: Json): Promise<Json[] | null> {
    try {
      const res = await fetch(`${apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(REFUND_TIMEOUT_MS),
        redirect: 'manual',
      });
      const text = await res.text();
      if (!res.ok) {
        log.warn({ ...logContext, path, status: res.status }, 'fiuu refund API answered an HTTP error');
        return null;
      }
      const answer = parseRefundAnswer(text);
      if (!answer) log.warn({ ...logContext, path }, 'fiuu refund API answer is not JSON');
      return answer;
    } catch (err) {
      log.warn({ ...logContext, path, err: describeError(err) }, 'fiuu refund API unreachable');
      return null;
    }
  }

  /** What Fiuu's status inquiry says about the refund under `refId`. */
  async function query(refId: string, context: Json): Promise<RefundInquiry> {
    const answer = await call(
      '/RMS/API/refundAPI/q_by_refID.php',
      {
        RefID: refId,
        MerchantID: merchantId,
        Signature: fiuuRefundQuerySignature(refId, merchantId, verifyKey),
      },
      context,
    );
    return readRefundStatus(answer, refId);
  }

  async function send(request: FiuuRefundRequest): Promise<RefundResult> {
    const fields = {
      RefundType: FIUU_REFUND_TYPE,
      MerchantID: merchantId,
      RefID: request.refId,
      TxnID: request.tranId,
      Amount: formatMinor(request.amount, request.currency),
    };
    const context = { orderNum: request.orderNum, refId: request.refId };
    // The bank fields of an online-banking refund are not part of the Signature (spec "Advanced Full/Partial
    // Refund"); they go in the form only, and never into a log line (`context` is what is logged).
    const bank: Json = request.bank
      ? {
          BankCode: request.bank.bankCode,
          BankCountry: request.bank.bankCountry,
          BeneficiaryName: request.bank.name,
          BeneficiaryAccNo: request.bank.accountNo,
        }
      : {};
    const answer = await call(
      '/RMS/API/refundAPI/index.php',
      { ...fields, ...bank, Signature: fiuuRefundSignature(fields, secretKey) },
      context,
    );
    const [first] = answer ?? [];
    if (!first) return { state: 'unknown', reason: 'Fiuu refund API gave no answer' };
    if (first.error_code !== undefined || first.Status === undefined) {
      const code = first.error_code ?? '';
      const said = `Fiuu refused the refund: ${fiuuError(first) || 'no status'}`;
      switch (fiuuRefundErrorKind(code, first.error_desc ?? '')) {
        // Nothing was refunded, but asking again later can work (busy, transaction still pending, balance).
        case 'retry':
          return { state: 'unknown', reason: said };
        // PR016: Fiuu already holds our RefID (an earlier send whose answer we lost): that refund is the answer.
        case 'query': {
          const known = await query(request.refId, context);
          return known.kind === 'found' ? known.result : { state: 'unknown', reason: said };
        }
        // Refused for good (or until an operator amends something): the order ends in 13 with Fiuu's words.
        case 'final':
          return { state: 'failed', reason: said };
      }
    }
    const signed = {
      ...fields,
      RefundType: first.RefundType ?? '',
      RefID: first.RefID ?? '',
      TxnID: first.TxnID ?? '',
      Amount: first.Amount ?? '',
      RefundID: first.RefundID ?? '',
      Status: first.Status,
    };
    if (
      signed.RefID !== request.refId ||
      !sameDigest(fiuuRefundAnswerSignature(signed, secretKey), first.Signature)
    ) {
      log.warn(context, 'fiuu refund answer failed its Signature check');
      return { state: 'unknown', reason: 'Fiuu refund answer failed its Signature check' };
    }
    const state = fiuuRefundState(signed.Status);
    const ref = signed.RefundID || undefined;
    if (!state)
      return { state: 'unknown', ...(ref ? { ref } : {}), reason: `Fiuu refund status ${signed.Status}` };
    const result: RefundResult = { state, ...(ref ? { ref } : {}) };
    if (state === 'failed')
      result.reason = `Fiuu rejected the refund${first.reason ? `: ${first.reason}` : ''}`;
    return result;
  }

  /**
   * Before anything is sent: the earlier attempts' refunds of this payment. One pending or done is the answer; no
   * believable answer about one holds the new attempt back; only rejected ones and ones Fiuu says it never held
   * (INQ006) let it go ahead (null).
   */
  async function earlierRefund(request: FiuuRefundRequest): Promise<RefundResult | null> {
    for (const refId of request.earlierRefIds) {
      const known = await query(refId, { orderNum: request.orderNum, refId });
      if (known.kind === 'not_found') continue;
      if (known.kind === 'unclear') {
        return { state: 'unknown', reason: `${known.reason} (earlier refund ${refId}): nothing sent` };
      }
      if (known.result.state === 'failed') continue;
      const { ref, reason } = known.result;
      // Fiuu's words about a refund it holds in a state we do not know: as good as pending, never a reason to send.
      const state = known.result.state === 'succeeded' ? 'succeeded' : 'pending';
      return {
        state,
        ...(ref ? { ref } : {}),
        ...(reason ? { reason } : {}),
        earlier: { reference: `RefID ${refId}` },
      };
    }
    return null;
  }

  return {
    async refundStatus(refId) {
      const status = await query(refId, { refId });
      if (status.kind === 'found') return status.result;
      if (status.kind === 'not_found') {
        return {
          state: 'failed',
          reason: `Fiuu holds no refund with this reference (${FIUU_REFUND_NOT_FOUND})`,
        };
      }
      return { state: 'unknown', reason: status.reason };
    },

    async refund(request) {
      const earlier = await earlierRefund(request);
      if (earlier) return earlier;
      // Asked first so that a refund sent by an earlier run (which never heard the answer) is answered rather than
      // sent again. Whatever else the inquiry says, sending is safe: Fiuu refuses a RefID it already holds (PR016).
      const known = await query(request.refId, { orderNum: request.orderNum, refId: request.refId });
      if (known.kind === 'found') return known.result;
      return send(request);
    },
  };
}
