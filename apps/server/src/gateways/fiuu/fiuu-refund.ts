import { formatMinor } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FiuuSettings } from '../gateway-settings';
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
import type { FiuuClient, FiuuRefundRequest } from './fiuu-types';

/**
 * Fiuu refunds (DESIGN.md §6, §7; README.md in this folder): the refund API and its status query by RefID. Our
 * RefID names one refund attempt, so the status query is asked first: a refund Fiuu already holds under that RefID
 * (a job that crashed after sending it) is answered instead of being sent a second time.
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
 * What a status query answer says about the refund with `refId`: its state, or 'missing' when Fiuu holds no refund
 * under it (an error answer or an empty list), or null when the answer cannot be read.
 */
export function readRefundStatus(entries: Json[] | null, refId: string): RefundResult | 'missing' | null {
  if (!entries) return null;
  if (entries.length === 0) return 'missing';
  const [first] = entries;
  if (first && entries.length === 1 && first.error_code !== undefined) return 'missing';
  // q_by_refID lists the refunds under our RefID; an entry naming another RefID is not about this one.
  const entry = entries.find((e) => e.RefID === undefined || e.RefID === refId);
  if (!entry) return 'missing';
  const state = fiuuRefundState(entry.Status);
  const ref = entry.RefundID || undefined;
  if (!state) {
    return { state: 'unknown', ...(ref ? { ref } : {}), reason: `Fiuu refund status ${entry.Status ?? '?'}` };
  }
  const result: RefundResult = { state, ...(ref ? { ref } : {}) };
  if (state === 'failed')
    result.reason = `Fiuu rejected the refund${entry.reason ? `: ${entry.reason}` : ''}`;
  return result;
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

  /** The refund Fiuu holds under `refId`, 'missing' when none, null when Fiuu gave no readable answer. */
  async function query(refId: string, context: Json): Promise<RefundResult | 'missing' | null> {
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
          if (known === null || known === 'missing') return { state: 'unknown', reason: said };
          return known;
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

  return {
    async refundStatus(refId) {
      const status = await query(refId, { refId });
      if (status === null) return { state: 'unknown', reason: 'Fiuu refund status query gave no answer' };
      if (status === 'missing')
        return { state: 'failed', reason: 'Fiuu holds no refund with this reference' };
      return status;
    },

    async refund(request) {
      // Asked first so that a refund sent by an earlier run (which never heard the answer) is not sent again.
      const known = await query(request.refId, { orderNum: request.orderNum, refId: request.refId });
      if (known === null) return { state: 'unknown', reason: 'Fiuu refund status query gave no answer' };
      if (known !== 'missing') return known;
      return send(request);
    },
  };
}
