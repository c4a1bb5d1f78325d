import { z } from 'zod';

/**
 * Issue #28, the daily reconciliation: for one day of the shop (SHOP_TIME_ZONE), what each far end recorded beside
 * our orders. Fiuu's Daily Transaction Report, Stripe's Checkout Sessions and refunds of the day, and what we
 * recorded of our BIGO calls; each difference is a mismatch with its evidence and, where one exists, an action.
 */

export const RECONCILIATION_STATES = ['reconciled', 'mismatched', 'incomplete'] as const;
export type TReconciliationState = (typeof RECONCILIATION_STATES)[number];

/** The kinds of mismatch, in the order the console lists them. */
export const MISMATCH_KINDS = [
  'paid_at_gateway_not_here',
  'paid_here_unknown_to_gateway',
  'amount_differs',
  'refunded_at_gateway_not_here',
  'delivered_not_paid',
  'paid_not_delivered',
  'multiple_deliveries',
] as const;
export type TMismatchKind = (typeof MISMATCH_KINDS)[number];

/** What an operator can do about a mismatch: `apply` a payment the gateway took and never told us of. */
export const MISMATCH_ACTIONS = ['apply'] as const;

/**
 * The one text of this API that is not a shared message key: the storefront loads every key's texts (its validation namespace) and its
 * byte budget has no room for the console's own words; the console's date field never sends anything else.
 */
const DAY_INVALID = 'Day must be a date written YYYY-MM-DD';

/** A day of the shop, `YYYY-MM-DD`, that exists in the calendar. */
export const ZShopDay = z
  .string({ error: DAY_INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_INVALID })
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      error: DAY_INVALID,
    },
  );

export const ZReconciliationQuery = z.object({ date: ZShopDay });
export type TReconciliationQuery = z.infer<typeof ZReconciliationQuery>;

export const ZMismatch = z.object({
  id: z.number().int(),
  kind: z.enum(MISMATCH_KINDS),
  gateway: z.string().nullable(),
  order_num: z.string().nullable(),
  /** The far end's reference (Fiuu tranID, Stripe session or refund id), when there is one. */
  gateway_ref: z.string().nullable(),
  /** What each side recorded: the gateway's record, our order's fields, the events that show it. */
  evidence: z.record(z.string(), z.unknown()),
  action: z.enum(MISMATCH_ACTIONS).nullable(),
  applied_at: z.string().nullable(),
  /**
   * What applying led to, as a code the console words in its language (`appliedResultOf`): `held` (the gateway's
   * amount or currency differs: the payment is held), `status:N` (the order moved to N), `already:N` (it was in N).
   */
  applied_result: z.string().nullable(),
});
export type TMismatch = z.infer<typeof ZMismatch>;

/** One gateway's totals of the day, per currency: what it took and refunded beside what we recorded. */
export const ZReconciliationTotal = z.object({
  gateway: z.string(),
  currency: z.string(),
  gateway_paid: z.number().int(),
  gateway_count: z.number().int(),
  our_paid: z.number().int(),
  our_count: z.number().int(),
  gateway_refunded: z.number().int(),
  our_refunded: z.number().int(),
});

export const ZReconciliationSource = z.object({
  gateway: z.string(),
  ok: z.boolean(),
  /** How many records it answered, or why it could not be read. */
  records: z.number().int(),
  error: z.string().nullable(),
});

export const ZReconciliationBigo = z.object({
  diamonds_delivered: z.number().int(),
  orders_delivered: z.number().int(),
  /** Deliveries whose call went unanswered and were later settled (7212010), with their calls. */
  ambiguous: z.array(z.object({ order_num: z.string(), settled_by: z.string(), calls: z.number().int() })),
  /** The reseller balance the day's first and last prechecks reported (null: none reported one). */
  balance_first: z.number().nullable(),
  balance_last: z.number().nullable(),
});

export const ZReconciliationDay = z.object({
  date: z.string(),
  /** null: never run for this day. */
  state: z.enum(RECONCILIATION_STATES).nullable(),
  ran_at: z.string().nullable(),
  mailed_at: z.string().nullable(),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  sources: z.array(ZReconciliationSource),
  totals: z.array(ZReconciliationTotal),
  bigo: ZReconciliationBigo.nullable(),
  mismatches: z.array(ZMismatch),
});
export type TReconciliationDay = z.infer<typeof ZReconciliationDay>;

/** What applying a mismatch answers: the day as it is then, and the order's status after it. */
export const ZReconciliationApplied = z.object({
  day: ZReconciliationDay,
  order_status: z.number().int().nullable(),
});
export type TReconciliationApplied = z.infer<typeof ZReconciliationApplied>;

/** A mismatch's applied result read back (`ZMismatch.applied_result`); null for a text of another form. */
export type TAppliedResult = { kind: 'held' } | { kind: 'status' | 'already'; status: number };
export function appliedResultOf(code: string | null): TAppliedResult | null {
  if (code === 'held') return { kind: 'held' };
  const m = /^(status|already):(\d{1,2})$/.exec(code ?? '');
  return m ? { kind: m[1] as 'status' | 'already', status: Number(m[2]) } : null;
}
