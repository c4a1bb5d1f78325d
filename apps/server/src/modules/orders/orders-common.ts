import { MESSAGES } from '@ezrecharge/shared';
import type { Limit } from '../../infra/rate-limit';

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

/** The language of the request: Chinese when the browser asks for it first, English otherwise. */
export function requestLang(acceptLanguage: string | undefined): 'en' | 'zh' {
  return (acceptLanguage ?? '').trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
