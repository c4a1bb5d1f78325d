import { MSG } from '@ezrecharge/shared';
import type { Limit } from '../../infra/rate-limit';

/** What the order calls answer and refuse with; every text is a shared message, so the web translates it. */
export const ORDER_MESSAGES = {
  created: MSG.order_created,
  amountMismatch: MSG.order_amount_mismatch,
  priceUnavailable: MSG.order_price_unavailable,
  payloadInvalid: MSG.order_payload_invalid,
  expired: MSG.order_expired,
  precheckFailed: MSG.order_precheck_failed,
  precheckUnavailable: MSG.order_precheck_unavailable,
  notFound: MSG.order_not_found,
  notPayable: MSG.order_not_payable,
  notYours: MSG.order_not_yours,
  paymentUnavailable: MSG.payment_unavailable,
  channelUnavailable: MSG.order_channel_unavailable,
  channelLimit: MSG.order_channel_limit,
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
