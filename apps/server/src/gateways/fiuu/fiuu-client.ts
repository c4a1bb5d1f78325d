import { formatMinor, parseMajorToMinor } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FiuuSettings } from '../gateway-settings';
import type { FiuuGateway, FiuuResult, OrderForPayment, PaymentStatus } from '../ports';
import {
  fiuuQuerySkey,
  fiuuQueryVrfKey,
  fiuuSkey,
  fiuuState,
  fiuuVcode,
  isCancelledFailure,
  sameDigest,
} from './fiuu-protocol';
import { createFiuuRefunds } from './fiuu-refund';

/**
 * The Fiuu hosted payment page client (DESIGN.md §7): hand-off fields for the browser's form post, skey checks of
 * the result posts, the IPN acknowledgement and the status query by order id. Secrets (verify key, secret key)
 * and the skey of a post never reach a log line.
 */

/** The IPN acknowledgement must not hold up our answer to Fiuu for long (DESIGN.md §7). */
const IPN_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;
/** How a status query says it knows no transaction for the order (Fiuu's docs pin no wording; the sandbox's is one). */
const NOT_FOUND = /not found|no record|no transaction|does not exist/i;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** `name@example.com` → `name`; Fiuu wants a buyer name and we only know the e-mail. */
export function billName(email: string): string {
  const local = email.split('@')[0]?.trim() ?? '';
  return local === '' ? 'EzRecharge buyer' : local.slice(0, 128);
}

export function billDesc(order: Pick<OrderForPayment, 'amountGame' | 'gameId'>): string {
  return `${order.amountGame} BIGO LIVE diamonds for ID ${order.gameId}`;
}

/**
 * Reads a status query answer. We ask for JSON (type=2); older API sets answer plain text lines such as
 * `StatCode: 00` or `StatCode=00`, which are read too, so the answer's format never decides the order's fate.
 */
export function parseQueryAnswer(text: string): Record<string, string> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const out: Record<string, string> = {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [key, value] of Object.entries(parsed)) {
          if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
        }
      }
      return out;
    } catch {
      return {};
    }
  }
  const out: Record<string, string> = {};
  for (const line of trimmed.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_]+)\s*[:=]\s*(.*?)\s*$/.exec(line);
    if (m?.[1]) out[m[1]] = m[2] ?? '';
  }
  return out;
}

function describeError(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: { code?: string } }).cause;
    return cause?.code ? `${err.name}: ${err.message} (${cause.code})` : `${err.name}: ${err.message}`;
  }
  return String(err);
}

export function createFiuuClient(settings: FiuuSettings, log: FastifyBaseLogger): FiuuGateway {
  const paymentUrl = trimSlash(settings.paymentUrl);
  const apiUrl = trimSlash(settings.apiUrl);
  const publicUrl = trimSlash(settings.publicUrl);
  const { merchantId, verifyKey, secretKey } = settings;

  const postForm = (url: string, fields: Record<string, string>, timeoutMs: number) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });

  return {
    sandbox: settings.sandbox,
    merchantId,
    ...createFiuuRefunds(settings, log),

    handoff(order) {
      const amount = formatMinor(order.amount);
      return {
        order_num: order.orderNum,
        payment_url: `${paymentUrl}/${merchantId}/`,
        vcode: fiuuVcode(amount, merchantId, order.orderNum, verifyKey, order.currency),
        return_url: `${publicUrl}/api/v1/payment/fiuu/return`,
        amount,
        currency: order.currency,
        bill_email: order.email,
        bill_name: billName(order.email),
        bill_desc: billDesc(order),
        bill_mobile: '',
      };
    },

    verifyResult(fields): FiuuResult | null {
      const get = (name: string) => fields[name] ?? '';
      const skeyFields = {
        tranID: get('tranID'),
        orderid: get('orderid'),
        status: get('status'),
        domain: get('domain'),
        amount: get('amount'),
        currency: get('currency'),
        paydate: get('paydate'),
        appcode: get('appcode'),
      };
      if (skeyFields.tranID === '' || skeyFields.orderid === '' || skeyFields.status === '') return null;
      if (!sameDigest(fiuuSkey(skeyFields, secretKey), fields.skey)) return null;
      const errorCode = get('error_code');
      const errorDesc = get('error_desc');
      // A signed but unknown status believes nothing: treated like "still pending", which moves no order.
      const state = fiuuState(skeyFields.status) ?? 'pending';
      return {
        tranId: skeyFields.tranID,
        orderId: skeyFields.orderid,
        state,
        cancelled: state === 'failed' && isCancelledFailure(errorCode, errorDesc),
        amount: parseMajorToMinor(skeyFields.amount),
        currency: skeyFields.currency.toUpperCase(),
        paydate: skeyFields.paydate,
        channel: get('channel'),
        errorCode,
        errorDesc,
        nbcb: fields.nbcb,
      };
    },

    async acknowledge(fields) {
      const url = `${apiUrl}/RMS/API/chkstat/returnipn.php`;
      try {
        const res = await postForm(url, { ...fields, treq: '1' }, IPN_TIMEOUT_MS);
        // The answer's body carries nothing we act on; read it so the connection is released.
        await res.text().catch(() => '');
        if (!res.ok) {
          log.warn(
            { orderId: fields.orderid, tranId: fields.tranID, status: res.status },
            'fiuu IPN refused',
          );
        }
      } catch (err) {
        log.warn(
          { orderId: fields.orderid, tranId: fields.tranID, err: describeError(err) },
          'fiuu IPN unreachable: Fiuu will resend the result',
        );
      }
    },

    async queryStatus(order): Promise<PaymentStatus> {
      const amount = formatMinor(order.amount);
      const url = `${apiUrl}/RMS/query/q_by_oid.php`;
      let answer: Record<string, string>;
      try {
        const res = await postForm(
          url,
          {
            amount,
            oID: order.orderNum,
            domain: merchantId,
            skey: fiuuQuerySkey(order.orderNum, merchantId, verifyKey, amount),
            type: '2',
          },
          QUERY_TIMEOUT_MS,
        );
        const text = await res.text();
        if (!res.ok) return { state: 'unknown', reason: `Fiuu status query answered HTTP ${res.status}` };
        answer = parseQueryAnswer(text);
      } catch (err) {
        log.warn({ orderNum: order.orderNum, err: describeError(err) }, 'fiuu status query failed');
        return { state: 'unknown', reason: 'Fiuu status query unreachable' };
      }

      const statCode = answer.StatCode;
      if (!statCode) {
        const said = [answer.StatName, answer.ErrorDesc, answer.error_desc]
          .filter(Boolean)
          .join(' ')
          .slice(0, 100);
        // "No such transaction" is an answer: nothing was paid (the buyer never reached or left Fiuu's page), so a
        // timeout need not wait for another one. A late payment still completes the order (DESIGN.md §6).
        if (NOT_FOUND.test(said))
          return { state: 'failed', reason: 'Fiuu has no transaction for this order' };
        return { state: 'unknown', reason: `Fiuu status query gave no status (${said || 'empty answer'})` };
      }
      const answered = {
        Amount: answer.Amount ?? '',
        Domain: answer.Domain ?? '',
        OrderID: answer.OrderID ?? '',
        StatCode: statCode,
      };
      if (
        answered.OrderID !== order.orderNum ||
        !sameDigest(fiuuQueryVrfKey(answered, secretKey), answer.VrfKey)
      ) {
        log.warn({ orderNum: order.orderNum }, 'fiuu status query answer failed its VrfKey check');
        return { state: 'unknown', reason: 'Fiuu status query answer failed its VrfKey check' };
      }
      const state = fiuuState(statCode);
      if (!state) return { state: 'unknown', reason: `Fiuu status code ${statCode.slice(0, 8)}` };
      const status: PaymentStatus = { state };
      if (answer.TranID) status.ref = answer.TranID;
      const minor = parseMajorToMinor(answered.Amount);
      if (minor !== null) status.amount = minor;
      if (answer.Currency) status.currency = answer.Currency.toUpperCase();
      if (state === 'failed') {
        status.reason = `Fiuu: ${answer.StatName || 'failed'}${answer.ErrorDesc ? ` (${answer.ErrorDesc})` : ''}`;
      }
      return status;
    },
  };
}
