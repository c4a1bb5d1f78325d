import { randomBytes } from 'node:crypto';
import {
  formatEventTime,
  isCurrency,
  isOrderStatus,
  MESSAGES,
  type TCurrency,
  type TOrder,
  type TOrderEvent,
} from '@ezrecharge/shared';
import type { OrderForPayment } from '../../gateways/ports';
import type { Limit } from '../../infra/rate-limit';
import type { OrderRow } from './order-moves';
import type { OrderEventRow } from './orders-repository';

/** What the order calls answer and refuse with; every text is a shared message, so the web translates it. */
export const ORDER_MESSAGES = {
  created: MESSAGES.order_created,
  amountMismatch: MESSAGES.order_amount_mismatch,
  priceUnavailable: MESSAGES.order_price_unavailable,
  payloadInvalid: MESSAGES.order_payload_invalid,
  expired: MESSAGES.order_expired,
  precheckFailed: MESSAGES.order_precheck_failed,
  precheckUnavailable: MESSAGES.order_precheck_unavailable,
  notFound: MESSAGES.order_not_found,
  notPayable: MESSAGES.order_not_payable,
  notYours: MESSAGES.order_not_yours,
  paymentUnavailable: MESSAGES.payment_unavailable,
} as const;

const MINUTE = 60_000;

/** DESIGN.md §6: an order not paid within this time after its hand-off times out (status 6). */
export const PAYMENT_TIMEOUT_MS = 30 * MINUTE;
/**
 * A Stripe Checkout Session lives a minute past our deadline (and so past Stripe's 30-minute minimum), so the
 * timeout job finds it still open and expires it itself rather than racing Stripe's own expiry.
 */
export const STRIPE_SESSION_GRACE_MS = MINUTE;

/**
 * Commits per client address: a buyer places an order or two a minute (a retry after a typo, a second pack);
 * a script trying BIGO IDs against the precheck, or filling the table, is stopped after a handful.
 */
export const ORDER_COMMIT_PER_IP: Limit = { name: 'order-commit-ip', max: 30, windowMs: MINUTE };
/** Result-page reads per address: the page may refresh while a payment settles; anything more is a scan. */
export const ORDER_READ_PER_IP: Limit = { name: 'order-read-ip', max: 120, windowMs: MINUTE };
/** Lookups per address: generous for a buyer retyping an e-mail, tight for guessing order numbers. */
export const ORDER_LOOKUP_PER_IP: Limit = { name: 'order-lookup-ip', max: 30, windowMs: 15 * MINUTE };
/** Lookups that matched nothing per address; reaching it answers 429 until the window ends. */
export const ORDER_LOOKUP_FAILURES: Limit = { name: 'order-lookup-fail', max: 10, windowMs: 15 * MINUTE };

/** The job that times an unpaid order out (payload `{ order_num }`), and its one-per-order key. */
export const PAYMENT_TIMEOUT_JOB = 'payment-timeout';
export const paymentTimeoutKey = (orderNum: string): string => `${PAYMENT_TIMEOUT_JOB}:${orderNum}`;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 20 characters of base 62: about 119 random bits, nothing to guess or count up. */
const ORDER_NUM_RANDOM_CHARS = 20;

/** `n` uniformly random base-62 characters (bytes ≥ 248 are skipped so that no character is likelier). */
export function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of randomBytes(n * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === n) break;
    }
  }
  return out;
}

/**
 * An order number: `EZ`, the UTC+8 date (for an operator reading it on the phone) and 20 random characters:
 * 30 letters and digits, within Fiuu's `orderid` and BIGO's `bu_orderid` (≤ 40 alphanumerics).
 */
export function newOrderNum(now: Date = new Date()): string {
  return `EZ${formatEventTime(now).slice(0, 8)}${randomBase62(ORDER_NUM_RANDOM_CHARS)}`;
}

/** `buyer@example.com` → `bu***@example.com`: enough for its owner to recognise, too little to reuse. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${shown}***${email.slice(at)}`;
}

/** The language of the request: Chinese when the browser asks for it first, English otherwise. */
export function requestLang(acceptLanguage: string | undefined): 'en' | 'zh' {
  return (acceptLanguage ?? '').trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function currencyOf(row: OrderRow): TCurrency {
  // Orders are only written with a currency the price had, and prices only with the shop's currencies.
  if (!isCurrency(row.currency)) throw new Error(`order ${row.orderNum} has an unsupported currency`);
  return row.currency;
}

function statusOf(value: number, orderNum: string) {
  if (!isOrderStatus(value)) throw new Error(`order ${orderNum} has an unknown status ${value}`);
  return value;
}

/** An order as the API shows it; the e-mail masked unless the caller may see it. */
export function toApiOrder(row: OrderRow, options: { maskEmail: boolean }): TOrder {
  return {
    id: row.id,
    order_num: row.orderNum,
    game_type: row.gameType,
    game_id: row.gameId,
    order_status: statusOf(row.orderStatus, row.orderNum),
    pay_payment_num: options.maskEmail ? maskEmail(row.email) : row.email,
    amount: row.amount,
    amount_game: row.amountGame,
    quantity: row.quantity,
    pay_currency: currencyOf(row),
    price_id: row.priceId,
    price: row.unitAmount,
    game_amount: row.gameAmount,
    product_name: row.productName,
    page_info: row.pageInfo,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    pay_checkout_session_url: row.payCheckoutSessionUrl,
    paid_at: row.paidAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    failure_reason: row.failureReason,
  };
}

export function toApiEvent(row: OrderEventRow): TOrderEvent {
  return {
    from_status: row.fromStatus === null ? null : statusOf(row.fromStatus, String(row.orderId)),
    to_status: statusOf(row.toStatus, String(row.orderId)),
    cause: row.cause,
    actor: row.actor,
    created_at: row.createdAt.toISOString(),
  };
}

/** The parts of an order a gateway sees. */
export function orderForPayment(row: OrderRow): OrderForPayment {
  return {
    orderNum: row.orderNum,
    amount: row.amount,
    currency: currencyOf(row),
    email: row.email,
    gameId: row.gameId,
    amountGame: row.amountGame,
    productName: row.productName,
    lang: row.lang === 'zh' ? 'zh' : 'en',
  };
}
