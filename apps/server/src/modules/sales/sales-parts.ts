import type { DeliveredRow, FunnelRow, Num, PaidRow, PromotionRow, RefundRow } from './sales-repository';
import { emptyFunnel, num } from './sales-repository';

/**
 * The Sales view's aggregates of some days (issue #28), in a shape that adds up: the figures of a range are the sum
 * of the figures of its days. A day past is kept (sales-days.ts) and the rest of the range computed; `mergeParts`
 * puts them together. Every count and amount is a number here (PostgreSQL's bigint strings are read on the way in),
 * so a part keeps as JSON. Paid → delivered times are kept as how many deliveries took each number of seconds: a
 * percentile of a range is not a sum of its days' percentiles, but the counts add up.
 */
export interface SalesParts {
  paid: PaidRow[];
  refunds: RefundRow[];
  delivered: DeliveredRow[];
  /** Paid → delivered of the orders delivered in the days: [seconds, orders], fewest seconds first. */
  deliverySeconds: [number, number][];
  funnel: FunnelRow;
  promotions: PromotionRow[];
}

const FUNNEL_KEYS = Object.keys(emptyFunnel()) as (keyof FunnelRow)[];

/** The figures of days with no order at all. */
export const emptyParts = (): SalesParts => ({
  paid: [],
  refunds: [],
  delivered: [],
  deliverySeconds: [],
  funnel: emptyFunnel(),
  promotions: [],
});

/** The rows as read from the database, their numbers made numbers. */
export function partsOf(raw: {
  paid: readonly PaidRow[];
  refunds: readonly RefundRow[];
  delivered: readonly DeliveredRow[];
  deliverySeconds: readonly [number, number][];
  funnel: FunnelRow;
  promotions: readonly PromotionRow[];
}): SalesParts {
  return {
    paid: raw.paid.map((r) => ({
      ...r,
      game_amount: r.game_amount === null ? null : num(r.game_amount),
      orders: num(r.orders),
      quantity: num(r.quantity),
      amount: num(r.amount),
    })),
    refunds: raw.refunds.map((r) => ({ ...r, orders: num(r.orders), amount: num(r.amount) })),
    delivered: raw.delivered.map((r) => ({
      ...r,
      orders: num(r.orders),
      diamonds: num(r.diamonds),
      bonus: num(r.bonus),
    })),
    deliverySeconds: raw.deliverySeconds.map(([seconds, orders]) => [Number(seconds), Number(orders)]),
    funnel: Object.fromEntries(FUNNEL_KEYS.map((k) => [k, num(raw.funnel[k] as Num)])) as FunnelRow,
    promotions: raw.promotions.map((r) => ({ ...r, orders: num(r.orders), diamonds: num(r.diamonds) })),
  };
}

/** Adds `row`'s numbers under `key`; the first row of a key is kept as the sum's start. */
function sumInto<T extends Record<string, unknown>>(
  sums: Map<string, T>,
  key: string,
  row: T,
  fields: readonly (keyof T)[],
) {
  const seen = sums.get(key);
  if (!seen) {
    sums.set(key, { ...row });
    return;
  }
  for (const f of fields)
    (seen as Record<keyof T, unknown>)[f] = num(seen[f] as number) + num(row[f] as number);
}

/** A grouping's key as one text: its parts apart by U+0000, which no stored text holds, null apart from ''. */
const keyOf = (parts: readonly (string | number | null)[]) =>
  parts.map((part) => (part === null ? '\u0001' : String(part))).join('\u0000');

/** The figures of disjoint sets of days as one. */
export function mergeParts(parts: readonly SalesParts[]): SalesParts {
  const paid = new Map<string, PaidRow>();
  const refunds = new Map<string, RefundRow>();
  const delivered = new Map<string, DeliveredRow>();
  const promotions = new Map<string, PromotionRow>();
  const seconds = new Map<number, number>();
  const funnel = emptyFunnel();
  for (const part of parts) {
    for (const r of part.paid) {
      const key = [
        r.grouping,
        r.currency,
        r.day,
        r.product_name,
        r.game_amount,
        r.gateway,
        r.payment_channel,
        r.lang,
      ];
      sumInto(paid, keyOf(key), r, ['orders', 'quantity', 'amount']);
    }
    for (const r of part.refunds) {
      sumInto(refunds, keyOf([r.grouping, r.currency, r.day, r.reason]), r, ['orders', 'amount']);
    }
    for (const r of part.delivered) sumInto(delivered, r.currency, r, ['orders', 'diamonds', 'bonus']);
    for (const r of part.promotions) sumInto(promotions, String(r.promotion_id), r, ['orders', 'diamonds']);
    for (const [at, orders] of part.deliverySeconds) seconds.set(at, (seconds.get(at) ?? 0) + orders);
    for (const k of FUNNEL_KEYS) funnel[k] = num(funnel[k] as Num) + num(part.funnel[k] as Num);
  }
  return {
    paid: [...paid.values()],
    refunds: [...refunds.values()],
    delivered: [...delivered.values()],
    deliverySeconds: [...seconds.entries()].sort((a, b) => a[0] - b[0]),
    funnel,
    promotions: [...promotions.values()].sort(
      (a, b) => num(b.diamonds) - num(a.diamonds) || a.promotion_id - b.promotion_id,
    ),
  };
}

/**
 * PostgreSQL's percentile_cont over the values counted in `counts` ([value, how many], in order): the value at
 * position p·(n − 1) of the sorted list, interpolated linearly between its neighbours; null for none.
 */
export function percentileCont(counts: readonly (readonly [number, number])[], p: number): number | null {
  const n = counts.reduce((sum, [, c]) => sum + c, 0);
  if (n === 0) return null;
  const at = p * (n - 1);
  const valueAt = (index: number): number => {
    let seen = 0;
    for (const [value, c] of counts) {
      seen += c;
      if (index < seen) return value;
    }
    return counts[counts.length - 1]?.[0] ?? 0;
  };
  const low = valueAt(Math.floor(at));
  return low + (valueAt(Math.ceil(at)) - low) * (at - Math.floor(at));
}

/** How many values `counts` holds. */
export const countOf = (counts: readonly (readonly [number, number])[]): number =>
  counts.reduce((sum, [, c]) => sum + c, 0);
