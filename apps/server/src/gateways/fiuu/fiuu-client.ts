import { formatMinor, parseMajorToMinor } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CallSlots } from '../../infra/call-slots';
import type { OrderForPayment, PaymentStatus } from '../payment-provider';
import { fiuuChannel, fiuuChannelPageUrl } from './fiuu-channels';
import {
  fiuuExtendedVcode,
  fiuuQueryError,
  fiuuQuerySkey,
  fiuuQueryVrfKey,
  fiuuSkey,
  fiuuState,
  fiuuVcode,
  isCancelledFailure,
  sameDigest,
} from './fiuu-protocol';
import { createFiuuRefunds } from './fiuu-refund';
import type { FiuuSettings } from './fiuu-settings';
import type { FiuuClient, FiuuResult } from './fiuu-types';

/**
 * The Fiuu hosted payment page client (DESIGN.md §7): hand-off fields for the browser's form post, skey checks of
 * the result posts, the IPN acknowledgement and the status query by order id. Secrets (verify key, secret key)
 * and the skey of a post never reach a log line.
 */

/** The IPN acknowledgement must not hold up our answer to Fiuu for long (DESIGN.md §7). */
const IPN_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;
/** Spec v13.86 "Merchant Request APIs": "maximum 1 query every 5 seconds" per merchant. */
export const FIUU_REQUERY_INTERVAL_MS = 5_000;
/** Q99: "Service blocked due to massive connection. Please send only 1 request every 5 minutes". */
export const FIUU_REQUERY_BLOCKED_MS = 5 * 60_000;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Who pays, as Fiuu's hosted form takes it (spec v13.86 "Request Parameters"; cheatsheet Tip #7 "Guest Checkout").
 * bill_name, bill_email and bill_mobile are mandatory, and `guest_checkout` is "1 if the merchant does not hold the
 * customer's bill_name, bill_email or bill_mobile". The shop never asks for a phone number, so every checkout is a
 * guest checkout (Fiuu then offers no saved cards, which are tied to those three details): bill_mobile is sent
 * empty; a visitor's bill_name is `guest`, as the cheatsheet shows; a signed-in buyer's is the e-mail's local part
 * (the commit holds no other name without a query); bill_email is the buyer's e-mail, which we do hold and Fiuu's
 * receipt goes to.
 */
export function billTo(order: Pick<OrderForPayment, 'email' | 'registered'>): {
  bill_name: string;
  bill_email: string;
  bill_mobile: string;
  guest_checkout: string;
} {
  const local = order.email.split('@')[0]?.trim() ?? '';
  const name = order.registered && local !== '' ? local.slice(0, 128) : 'guest';
  return { bill_name: name, bill_email: order.email, bill_mobile: '', guest_checkout: '1' };
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

export function createFiuuClient(
  settings: FiuuSettings,
  log: FastifyBaseLogger,
  deps: {
    /** The site-wide slots of Fiuu's requery limit (gateway_slots); without them every query is sent. */
    slots?: CallSlots | undefined;
  } = {},
): FiuuClient {
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
    merchantId,
    ...createFiuuRefunds(settings, log),

    handoff(order) {
      const amount = formatMinor(order.amount, order.currency);
      // Issue #30: a channel chosen on our page opens Fiuu's page of that channel (spec "Payment URL": the channel's
      // filename after {MerchantID}) and names it in the `channel` request parameter; the vcode is the same.
      const channel = order.channel ? fiuuChannel(order.channel) : undefined;
      return {
        order_num: order.orderNum,
        // "For merchants who use the POST method please include the '/' after {MerchantID}".
        payment_url: channel
          ? fiuuChannelPageUrl(paymentUrl, merchantId, channel)
          : `${paymentUrl}/RMS/pay/${merchantId}/`,
        ...(channel ? { channel: channel.code } : {}),
        vcode: settings.extendedVcode
          ? fiuuExtendedVcode(amount, merchantId, order.orderNum, verifyKey, order.currency)
          : fiuuVcode(amount, merchantId, order.orderNum, verifyKey),
        return_url: `${publicUrl}/api/v1/payment/fiuu/return`,
        amount,
        currency: order.currency,
        ...billTo(order),
        bill_desc: billDesc(order),
        // "langcode: en for English & cn for Simplified Chinese".
        langcode: order.lang === 'zh' ? 'cn' : 'en',
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
        // Read in the currency Fiuu names: an amount in a currency we do not know is no amount at all.
        amount: parseMajorToMinor(skeyFields.amount, skeyFields.currency.toUpperCase()),
        currency: skeyFields.currency.toUpperCase(),
        paydate: skeyFields.paydate,
        channel: get('channel'),
        errorCode,
        errorDesc,
        nbcb: fields.nbcb,
      };
    },

    async acknowledge(fields) {
      // The IPN endpoint is on the payment host (spec "Return URL with IPN", "Notification URL with IPN").
      const url = `${paymentUrl}/RMS/API/chkstat/returnipn.php`;
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
      // "Merchants are not allowed to send in requests too frequently (maximum 1 query every 5 seconds)".
      const slotName = `fiuu-requery:${merchantId}`;
      if (deps.slots) {
        const slot = await deps.slots.take(slotName, FIUU_REQUERY_INTERVAL_MS);
        if (!slot.granted) {
          return {
            state: 'unknown',
            reason: 'Fiuu allows one status query every 5 seconds',
            notBefore: slot.nextAt,
          };
        }
      }
      const amount = formatMinor(order.amount, order.currency);
      const url = `${apiUrl}/RMS/query/q_by_oid.php`;
      let answer: Record<string, string>;
      let text: string;
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
        text = await res.text();
        if (!res.ok) return { state: 'unknown', reason: `Fiuu status query answered HTTP ${res.status}` };
        answer = parseQueryAnswer(text);
      } catch (err) {
        log.warn({ orderNum: order.orderNum, err: describeError(err) }, 'fiuu status query failed');
        return { state: 'unknown', reason: 'Fiuu status query unreachable' };
      }

      const statCode = answer.StatCode;
      if (!statCode) {
        const error = fiuuQueryError(answer, text);
        const said = `Fiuu status query: ${error.code ? `${error.code} ` : ''}${error.meaning}`;
        switch (error.kind) {
          case 'not_found':
            // "No such transaction" is an answer: nothing was paid (the buyer never reached or left Fiuu's page), so
            // a timeout need not wait for another one. A late payment still completes the order (DESIGN.md §6).
            return { state: 'failed', reason: 'Fiuu has no transaction for this order' };
          case 'blocked': {
            log.error({ orderNum: order.orderNum, code: error.code }, `${said}: backing off 5 minutes`);
            await deps.slots?.holdOff(slotName, FIUU_REQUERY_BLOCKED_MS);
            return {
              state: 'unknown',
              reason: said,
              notBefore: new Date(Date.now() + FIUU_REQUERY_BLOCKED_MS),
            };
          }
          case 'credentials':
            // Never the key itself: which setting to check is enough for the operator.
            log.error(
              { orderNum: order.orderNum, code: error.code },
              `${said}: check FIUU_MERCHANT_ID, FIUU_VERIFY_KEY and FIUU_API_URL`,
            );
            return { state: 'unknown', reason: said };
          case 'retry':
            return { state: 'unknown', reason: said };
        }
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
      const currency = answer.Currency ? answer.Currency.toUpperCase() : undefined;
      const minor = parseMajorToMinor(answered.Amount, currency ?? order.currency);
      if (minor !== null) status.amount = minor;
      if (currency) status.currency = currency;
      if (answer.Channel) status.channel = answer.Channel;
      if (state === 'failed') {
        status.reason = `Fiuu: ${answer.StatName || 'failed'}${answer.ErrorDesc ? ` (${answer.ErrorDesc})` : ''}`;
      }
      return status;
    },
  };
}
