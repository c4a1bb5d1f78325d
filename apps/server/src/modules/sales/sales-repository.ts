import { ORDER_STATUS, SALES_REFUND_LIST_LIMIT, type TSalesRisk } from '@ezrecharge/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../infra/db';

/**
 * The sales view's aggregates (issue #28). Each query reads one time column of one table over the range's instants
 * [start, end), which SQL derives from the range's calendar days in the shop's zone (`AT TIME ZONE`, on PostgreSQL
 * and PGlite alike), and groups on the server: no order row leaves the database. The columns read by range are
 * indexed (migration `sales_indexes`): orders.paid_at, created_at, delivered_at; order_events (to_status,
 * created_at); spins.delivered_at. scripts/bench/sales.ts prints each query's plan.
 */

export interface SalesRange {
  /** First and last day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  /** IANA zone the days are counted in (SHOP_TIME_ZONE). */
  timeZone: string;
}

export type Num = number | string | null;

/** bigint/numeric arrive as strings on PostgreSQL and as numbers on PGlite: one reading for both. */
export const num = (value: Num): number => (value === null ? 0 : Number(value));

function bounds(range: SalesRange): { start: SQL; end: SQL } {
  return {
    start: sql`((${range.from}::date)::timestamp AT TIME ZONE ${range.timeZone})`,
    end: sql`(((${range.to}::date) + 1)::timestamp AT TIME ZONE ${range.timeZone})`,
  };
}

/**
 * The calendar day of a timestamptz column in the shop's zone, as a date: grouped as a date (cheap to hash and sort)
 * and written out as YYYY-MM-DD only on the grouped rows (`dayText`).
 */
const shopDay = (column: SQL, range: SalesRange): SQL =>
  sql`(${column} AT TIME ZONE ${range.timeZone})::date`;
const dayText = sql`to_char(day, 'YYYY-MM-DD')`;

export interface PaidRow extends Record<string, unknown> {
  /** Which grouping the row is: total | day | pack | channel | lang. */
  grouping: string;
  currency: string;
  day: string | null;
  product_name: string | null;
  game_amount: number | null;
  gateway: string | null;
  payment_channel: string | null;
  lang: string | null;
  orders: Num;
  quantity: Num;
  amount: Num;
}

/**
 * Orders paid in the range (paid_at), in one pass over them: the total of each currency, and each currency by day,
 * by pack, by gateway and channel, by language (GROUPING SETS).
 */
const paidSql = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  return sql`
      WITH paid AS (
        SELECT currency, amount, quantity, product_name, game_amount, gateway, payment_channel, lang,
               ${shopDay(sql`paid_at`, range)} AS day
          FROM orders
         WHERE paid_at >= ${start} AND paid_at < ${end}
      )
      SELECT CASE
               WHEN GROUPING(day) = 0 THEN 'day'
               WHEN GROUPING(product_name) = 0 THEN 'pack'
               WHEN GROUPING(gateway) = 0 THEN 'channel'
               WHEN GROUPING(lang) = 0 THEN 'lang'
               ELSE 'total'
             END AS grouping,
             currency, ${dayText} AS day, product_name, game_amount, gateway, payment_channel, lang,
             count(*)::int AS orders, sum(quantity)::bigint AS quantity, sum(amount)::bigint AS amount
        FROM paid
       GROUP BY GROUPING SETS (
         (currency), (currency, day), (currency, product_name, game_amount),
         (currency, gateway, payment_channel), (currency, lang)
       )`;
};
export const paidOrders = (db: DbOrTx, range: SalesRange) => queryRows<PaidRow>(db, paidSql(range));

export interface RefundRow extends Record<string, unknown> {
  grouping: string;
  currency: string;
  day: string | null;
  reason: string | null;
  orders: Num;
  amount: Num;
}

/**
 * The order refunds completed in the range: the order's move to 12, with the operator's reason of the move into 11
 * before it. The reason is the one written on that event (refunds-service.ts); an order has one move to 12 at most.
 */
const completedRefunds = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  return sql`
    SELECT o.order_num, o.currency, o.amount, e.created_at AS refunded_at,
           ${shopDay(sql`e.created_at`, range)} AS day,
           coalesce((SELECT r.detail->>'reason' FROM order_events r
                      WHERE r.order_id = e.order_id AND r.to_status = ${ORDER_STATUS.REFUNDING} AND r.id < e.id
                      ORDER BY r.id DESC LIMIT 1), '') AS reason
      FROM order_events e
      JOIN orders o ON o.id = e.order_id
     WHERE e.to_status = ${ORDER_STATUS.REFUNDED} AND e.created_at >= ${start} AND e.created_at < ${end}
       -- 12 is final: the order is there still. Said here so that a long range reads the refunded orders by status.
       AND o.order_status = ${ORDER_STATUS.REFUNDED}`;
};

/** Refunds completed in the range per currency, per currency and day, per currency and reason. */
const refundTotalsSql = (range: SalesRange): SQL =>
  sql`
      WITH refunded AS (${completedRefunds(range)})
      SELECT CASE WHEN GROUPING(day) = 0 THEN 'day' WHEN GROUPING(reason) = 0 THEN 'reason' ELSE 'total' END
               AS grouping,
             currency, ${dayText} AS day, reason, count(*)::int AS orders, sum(amount)::bigint AS amount
        FROM refunded
       GROUP BY GROUPING SETS ((currency), (currency, day), (currency, reason))`;
export const refundTotals = (db: DbOrTx, range: SalesRange) =>
  queryRows<RefundRow>(db, refundTotalsSql(range));

export interface RefundListRow extends Record<string, unknown> {
  order_num: string;
  currency: string;
  amount: Num;
  refunded_at: Date | string;
  reason: string;
}

/** The latest SALES_REFUND_LIST_LIMIT refunds of the range, one by one. */
const latestRefundsSql = (range: SalesRange): SQL =>
  sql`SELECT order_num, currency, amount, refunded_at, reason FROM (${completedRefunds(range)}) AS refunded
       ORDER BY refunded_at DESC, order_num DESC LIMIT ${SALES_REFUND_LIST_LIMIT}`;
export const latestRefunds = (db: DbOrTx, range: SalesRange) =>
  queryRows<RefundListRow>(db, latestRefundsSql(range));

export interface ExtraRow extends Record<string, unknown> {
  kind: 'paid' | 'refunded';
  currency: string;
  day: string | null;
  payments: Num;
  amount: Num;
}

/**
 * Payments captured besides an order's own (issue #26): recorded in the range, and refunded in the range (state
 * `refunded`, its last change being the refund's end), per currency and per currency and day (day null: the
 * currency's total). A small table: read whole when the range covers it.
 */
const extraSql = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  return sql`
      WITH moves AS (
        SELECT 'paid' AS kind, currency, amount, ${shopDay(sql`created_at`, range)} AS day
          FROM extra_payments WHERE created_at >= ${start} AND created_at < ${end}
        UNION ALL
        SELECT 'refunded', currency, amount, ${shopDay(sql`updated_at`, range)}
          FROM extra_payments WHERE state = 'refunded' AND updated_at >= ${start} AND updated_at < ${end}
      )
      SELECT kind, currency, ${dayText} AS day, count(*)::int AS payments, sum(amount)::bigint AS amount
        FROM moves GROUP BY GROUPING SETS ((kind, currency), (kind, currency, day))`;
};
export const extraPayments = (db: DbOrTx, range: SalesRange) => queryRows<ExtraRow>(db, extraSql(range));

export interface DeliveredRow extends Record<string, unknown> {
  currency: string;
  orders: Num;
  diamonds: Num;
  bonus: Num;
}

/** Orders delivered in the range per currency: their diamonds and, apart, the bonus diamonds. */
const deliveredSql = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  return sql`
      SELECT currency, count(*)::int AS orders, sum(amount_game)::bigint AS diamonds, sum(bonus_game)::bigint AS bonus
        FROM orders
       WHERE delivered_at >= ${start} AND delivered_at < ${end}
       GROUP BY currency`;
};
export const deliveredOrders = (db: DbOrTx, range: SalesRange) =>
  queryRows<DeliveredRow>(db, deliveredSql(range));

/**
 * Paid → delivered of the orders delivered in the range, to the second: how many took each number of seconds, in
 * order. Kept per day with the day's figures (sales-parts.ts): a percentile of a range is not made of its days'
 * percentiles, but of their counts.
 */
const deliverySecondsSql = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  return sql`
      SELECT round(extract(epoch FROM delivered_at - paid_at))::bigint AS seconds, count(*)::int AS orders
        FROM orders
       WHERE delivered_at >= ${start} AND delivered_at < ${end} AND paid_at IS NOT NULL
       GROUP BY 1
       ORDER BY 1`;
};
/** [seconds, orders] pairs, fewest seconds first. */
export async function deliverySeconds(db: DbOrTx, range: SalesRange): Promise<[number, number][]> {
  const rows = await queryRows<{ seconds: Num; orders: Num }>(db, deliverySecondsSql(range));
  return rows.map((r) => [num(r.seconds), num(r.orders)]);
}

export interface FunnelRow extends Record<string, unknown> {
  committed: Num;
  precheck_failed: Num;
  awaiting_payment: Num;
  paid: Num;
  awaiting_delivery: Num;
  delivered: Num;
}

/** The orders committed (created) in the range and how far each got. */
const funnelSql = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  const S = ORDER_STATUS;
  return sql`
      SELECT count(*)::int AS committed,
             count(*) FILTER (WHERE order_status = ${S.PRECHECK_FAILED})::int AS precheck_failed,
             count(*) FILTER (WHERE paid_at IS NULL
                                AND order_status IN (${S.PRECHECK_OK}, ${S.PENDING_PAYMENT}))::int AS awaiting_payment,
             count(paid_at)::int AS paid,
             count(*) FILTER (WHERE paid_at IS NOT NULL AND delivered_at IS NULL
                                AND order_status IN (${S.PAYMENT_COMPLETED}, ${S.CHARGING}))::int AS awaiting_delivery,
             count(delivered_at)::int AS delivered
        FROM orders
       WHERE created_at >= ${start} AND created_at < ${end}`;
};
/** The funnel of days with no order. */
export const emptyFunnel = (): FunnelRow => ({
  committed: 0,
  precheck_failed: 0,
  awaiting_payment: 0,
  paid: 0,
  awaiting_delivery: 0,
  delivered: 0,
});

export async function funnel(db: DbOrTx, range: SalesRange): Promise<FunnelRow> {
  const [row] = await queryRows<FunnelRow>(db, funnelSql(range));
  return row ?? emptyFunnel();
}

export interface PromotionRow extends Record<string, unknown> {
  promotion_id: number;
  name: string;
  kind: string;
  orders: Num;
  diamonds: Num;
}

/** The bonus diamonds each promotion gave the orders delivered in the range. */
const promotionSql = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  return sql`
      SELECT p.id AS promotion_id, p.name, p.kind, count(*)::int AS orders, sum(b.diamonds)::bigint AS diamonds
        FROM orders o
        JOIN order_bonuses b ON b.order_id = o.id AND b.state = 'delivered'
        JOIN promotions p ON p.id = b.promotion_id
       WHERE o.delivered_at >= ${start} AND o.delivered_at < ${end}
       GROUP BY p.id, p.name, p.kind
       ORDER BY diamonds DESC, p.id`;
};
export const promotionCosts = (db: DbOrTx, range: SalesRange) =>
  queryRows<PromotionRow>(db, promotionSql(range));

/** Spin prizes delivered in the range (a prize of 0 is never delivered: its delivery is `none`). */
const spinSql = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  return sql`
      SELECT count(*)::int AS prizes, coalesce(sum(prize_diamonds), 0)::bigint AS diamonds
        FROM spins
       WHERE delivery = 'delivered' AND delivered_at >= ${start} AND delivered_at < ${end}`;
};
export async function spinCosts(db: DbOrTx, range: SalesRange): Promise<{ prizes: Num; diamonds: Num }> {
  const [row] = await queryRows<{ prizes: Num; diamonds: Num }>(db, spinSql(range));
  return row ?? { prizes: 0, diamonds: 0 };
}

/**
 * Issue #29: holds placed in the range (risk_holds.created_at) by state, with the review time of those an operator
 * decided (percentile_cont over seconds), and the refusals at commit by rule (risk_refusals).
 */
const riskSql = (range: SalesRange): SQL => {
  const { start, end } = bounds(range);
  return sql`
      WITH holds AS (
        -- An operator's time to decide; a hold its rule refused at once (Radar's highest) had none.
        SELECT state,
               CASE WHEN decided_by IS NOT NULL THEN extract(epoch FROM decided_at - created_at) END AS seconds
          FROM risk_holds
         WHERE created_at >= ${start} AND created_at < ${end}
      ), refusals AS (
        SELECT rule FROM risk_refusals WHERE created_at >= ${start} AND created_at < ${end}
      )
      SELECT count(*)::int AS held,
             (count(*) FILTER (WHERE state = 'approved'))::int AS approved,
             (count(*) FILTER (WHERE state = 'refused'))::int AS refused,
             (count(*) FILTER (WHERE state = 'held'))::int AS undecided,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE seconds IS NOT NULL) AS review_p50,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE seconds IS NOT NULL) AS review_p95,
             (SELECT count(*) FROM refusals WHERE rule = 'blocklist')::int AS blocked,
             (SELECT count(*) FROM refusals WHERE rule = 'card_testing')::int AS card_testing
        FROM holds`;
};

interface RiskRow extends Record<string, unknown> {
  held: Num;
  approved: Num;
  refused: Num;
  undecided: Num;
  review_p50: Num;
  review_p95: Num;
  blocked: Num;
  card_testing: Num;
}

export async function riskFigures(db: DbOrTx, range: SalesRange): Promise<TSalesRisk> {
  const [row] = await queryRows<RiskRow>(db, riskSql(range));
  const seconds = (value: Num | undefined): number | null => (value == null ? null : num(value));
  return {
    held: num(row?.held ?? 0),
    approved: num(row?.approved ?? 0),
    refused: num(row?.refused ?? 0),
    undecided: num(row?.undecided ?? 0),
    review_median_seconds: seconds(row?.review_p50),
    review_p95_seconds: seconds(row?.review_p95),
    refused_blocked: num(row?.blocked ?? 0),
    refused_card_testing: num(row?.card_testing ?? 0),
  };
}

/** Each query's SQL by name, for the benchmark's EXPLAIN (scripts/bench/sales.ts). */
export const SALES_SQL: Readonly<Record<string, (range: SalesRange) => SQL>> = {
  paidOrders: paidSql,
  refundTotals: refundTotalsSql,
  latestRefunds: latestRefundsSql,
  extraPayments: extraSql,
  deliveredOrders: deliveredSql,
  deliverySeconds: deliverySecondsSql,
  funnel: funnelSql,
  promotionCosts: promotionSql,
  spinCosts: spinSql,
  riskFigures: riskSql,
};
