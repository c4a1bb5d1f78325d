import { z } from 'zod';

/**
 * The operator's sales view (issue #28): for a range of days in the shop's time zone (SHOP_TIME_ZONE), the money
 * per currency, the funnel committed → paid → delivered, how long deliveries took, a daily series per currency and
 * the breakdowns. Every figure is an SQL aggregate on the server; amounts are minor units of their currency.
 */

/** The longest range the sales view answers, in days (a year, leap day included). */
export const SALES_MAX_DAYS = 366;
/** The range shown when none is asked for: the last 30 days, today included. */
export const SALES_DEFAULT_DAYS = 30;
/** How many of the range's refunds the view lists one by one (the latest first); the reasons count them all. */
export const SALES_REFUND_LIST_LIMIT = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` that names a real calendar day (no 2026-02-30). */
export const ZCalendarDay = z
  .string()
  .regex(DAY, 'Use a date as YYYY-MM-DD')
  .refine((value) => {
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
  }, 'Not a calendar day');

/** Days from `from` to `to`, both counted (2026-01-01 … 2026-01-01 is 1). */
export function salesRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * GET /api/v1/sales?from&to: both days included, in the shop's time zone. Both or neither: without them the server
 * answers the last SALES_DEFAULT_DAYS days of the shop's calendar.
 */
export const ZSalesQuery = z
  .object({ from: ZCalendarDay.optional(), to: ZCalendarDay.optional() })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      const path = query.from === undefined ? 'from' : 'to';
      ctx.addIssue({ code: 'custom', path: [path], message: 'Give both from and to, or neither' });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    const days = salesRangeDays(query.from, query.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > SALES_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `The range is at most ${SALES_MAX_DAYS} days` });
  });
export type TSalesQuery = z.infer<typeof ZSalesQuery>;

/**
 * One currency's money and diamonds. Paid: orders whose payment was recorded in the range (paid_at), and payments
 * captured besides an order's own (extra_payments, issue #26) recorded in the range. Refunded: order refunds that
 * completed in the range (the move to 12) and extra payments refunded in the range. Net = paid − refunded.
 * Delivered: orders delivered in the range, their diamonds (amount_game) and, apart, the bonus diamonds
 * promotions added to them (bonus_game).
 */
export const ZSalesCurrency = z.object({
  currency: z.string(),
  paid_orders: z.number().int(),
  paid_amount: z.number().int(),
  extra_payments: z.number().int(),
  extra_amount: z.number().int(),
  refunded_orders: z.number().int(),
  refunded_amount: z.number().int(),
  /** Extra payments among the refunds above (their count; their amount is in refunded_amount). */
  extra_refunded: z.number().int(),
  net_amount: z.number().int(),
  delivered_orders: z.number().int(),
  diamonds_delivered: z.number().int(),
  bonus_diamonds: z.number().int(),
});
export type TSalesCurrency = z.infer<typeof ZSalesCurrency>;

/**
 * The orders committed (created) in the range and how far each got: `paid` counts those with a recorded payment,
 * `delivered` those delivered. Orders still on their way (awaiting payment, awaiting delivery) are not failures;
 * each step's failed share is (entered − moved on − still waiting) ÷ entered, null when nothing entered it.
 */
export const ZSalesFunnel = z.object({
  committed: z.number().int(),
  /** Of `committed`, refused at BIGO's precheck (never payable). */
  precheck_failed: z.number().int(),
  awaiting_payment: z.number().int(),
  paid: z.number().int(),
  awaiting_delivery: z.number().int(),
  delivered: z.number().int(),
  payment_failed_share: z.number().nullable(),
  delivery_failed_share: z.number().nullable(),
});
export type TSalesFunnel = z.infer<typeof ZSalesFunnel>;

/** Paid → delivered of the orders delivered in the range, in seconds (null: none delivered). */
export const ZSalesDeliveryTimes = z.object({
  orders: z.number().int(),
  median_seconds: z.number().nullable(),
  p95_seconds: z.number().nullable(),
});

/**
 * One day of one currency (every day of the range, zeros included, for each currency with any figure). paid_amount
 * holds the day's extra payments too, refunded_amount their refunds, as the currency's totals do.
 */
export const ZSalesDay = z.object({
  date: z.string(),
  currency: z.string(),
  paid_orders: z.number().int(),
  paid_amount: z.number().int(),
  refunded_amount: z.number().int(),
});
export type TSalesDay = z.infer<typeof ZSalesDay>;

/** Paid orders of the range by pack (the product and diamonds per unit the order recorded). */
export const ZSalesByPack = z.object({
  product_name: z.string(),
  game_amount: z.number().int(),
  currency: z.string(),
  orders: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
});

/** Paid orders of the range by gateway and the channel it reported (null: none reported). */
export const ZSalesByChannel = z.object({
  gateway: z.string(),
  channel: z.string().nullable(),
  currency: z.string(),
  orders: z.number().int(),
  amount: z.number().int(),
});

/** Paid orders of the range by the buyer's language. */
export const ZSalesByLanguage = z.object({
  lang: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  amount: z.number().int(),
});

/** What each promotion gave the orders delivered in the range (bonus diamonds delivered). */
export const ZSalesPromotion = z.object({
  promotion_id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  orders: z.number().int(),
  diamonds: z.number().int(),
});

/** Spin prizes delivered in the range (issue #16) and their diamonds. */
export const ZSalesSpins = z.object({
  prizes_delivered: z.number().int(),
  diamonds: z.number().int(),
});

/** Order refunds completed in the range, grouped by the operator's reason. */
export const ZSalesRefundReason = z.object({
  reason: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  amount: z.number().int(),
});

export const ZSalesRefund = z.object({
  order_num: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  refunded_at: z.string(),
  reason: z.string(),
});

/**
 * Issue #29: the risk controls in the range. Holds placed in the range (by their state now), the time an operator took
 * to decide them (decided ones; null: none decided), and the orders refused at commit (never stored as orders).
 */
export const ZSalesRisk = z.object({
  held: z.number().int(),
  approved: z.number().int(),
  refused: z.number().int(),
  undecided: z.number().int(),
  review_median_seconds: z.number().nullable(),
  review_p95_seconds: z.number().nullable(),
  refused_blocked: z.number().int(),
  refused_card_testing: z.number().int(),
});
export type TSalesRisk = z.infer<typeof ZSalesRisk>;

export const ZSales = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  currencies: z.array(ZSalesCurrency),
  funnel: ZSalesFunnel,
  delivery_times: ZSalesDeliveryTimes,
  days: z.array(ZSalesDay),
  by_pack: z.array(ZSalesByPack),
  by_channel: z.array(ZSalesByChannel),
  by_language: z.array(ZSalesByLanguage),
  promotions: z.array(ZSalesPromotion),
  spins: ZSalesSpins,
  refund_reasons: z.array(ZSalesRefundReason),
  refunds: z.array(ZSalesRefund),
  risk: ZSalesRisk,
});
export type TSales = z.infer<typeof ZSales>;
