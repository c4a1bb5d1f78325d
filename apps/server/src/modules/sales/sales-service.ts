import {
  SALES_DEFAULT_DAYS,
  type TSales,
  type TSalesCurrency,
  type TSalesDay,
  type TSalesQuery,
} from '@ezrecharge/shared';
import { addDays, dayIn } from '@ezrecharge/shared/shop-day';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db';
import { dayGen, firstOpenDay, keepDay, keptDays } from './sales-days';
import { countOf, emptyParts, mergeParts, partsOf, percentileCont, type SalesParts } from './sales-parts';
import {
  deliveredOrders,
  deliverySeconds,
  extraPayments,
  funnel,
  latestRefunds,
  num,
  paidOrders,
  promotionCosts,
  refundTotals,
  riskFigures,
  type SalesRange,
  spinCosts,
} from './sales-repository';

/**
 * Sort and hash memory of one sales query. A 90-day range groups some 100 000 rows; PostgreSQL's default work_mem
 * (4 MB) sends those sorts to disk. Raised for the query's own read-only transaction only (SET LOCAL).
 */
export const QUERY_WORK_MEM = '64MB';

/** Runs one query in a read-only transaction of its own, with room to sort in memory. */
function readOnly<T>(db: Db, query: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`SELECT set_config('work_mem', ${QUERY_WORK_MEM}, true)`);
      return query(tx);
    },
    { accessMode: 'read only' },
  );
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** failed ÷ entered, or null when nothing entered the step. */
const share = (failed: number, entered: number): number | null => (entered > 0 ? failed / entered : null);

const emptyCurrency = (currency: string): TSalesCurrency => ({
  currency,
  paid_orders: 0,
  paid_amount: 0,
  extra_payments: 0,
  extra_amount: 0,
  refunded_orders: 0,
  refunded_amount: 0,
  extra_refunded: 0,
  net_amount: 0,
  delivered_orders: 0,
  diamonds_delivered: 0,
  bonus_diamonds: 0,
});

/** Past days computed at once when a range asks for days never kept (first look at a long range). */
const DAYS_AT_ONCE = 4;

/**
 * The operators' sales view (issue #28): the range's figures, each an aggregate the database computes
 * (sales-repository.ts), put together here into per-currency rows, a funnel and a daily series with its empty
 * days filled. The figures of past days are kept and added up (sales-days.ts, sales-parts.ts); the days still going
 * are grouped each time. The queries run side by side, each in a read-only transaction of its own (PostgreSQL: on
 * several pool connections; PGlite: one after another).
 */
export class SalesService {
  constructor(
    private readonly deps: {
      db: Db;
      timeZone: string;
      now: () => Date;
      /** false: every day grouped at each look, none kept (tests compare the two). */
      keepDays?: boolean;
    },
  ) {}

  /** The range asked for, or the last SALES_DEFAULT_DAYS days of the shop's calendar (today included). */
  rangeOf(query: TSalesQuery): SalesRange {
    const { timeZone } = this.deps;
    if (query.from && query.to) return { from: query.from, to: query.to, timeZone };
    const to = dayIn(this.deps.now(), timeZone);
    return { from: addDays(to, 1 - SALES_DEFAULT_DAYS), to, timeZone };
  }

  /** The aggregates of a range of days, grouped now. */
  private async partsOfRange(range: SalesRange): Promise<SalesParts> {
    const { db } = this.deps;
    const [paid, refunds, delivered, seconds, stages, promotions] = await Promise.all([
      readOnly(db, (tx) => paidOrders(tx, range)),
      readOnly(db, (tx) => refundTotals(tx, range)),
      readOnly(db, (tx) => deliveredOrders(tx, range)),
      readOnly(db, (tx) => deliverySeconds(tx, range)),
      readOnly(db, (tx) => funnel(tx, range)),
      readOnly(db, (tx) => promotionCosts(tx, range)),
    ]);
    return partsOf({ paid, refunds, delivered, deliverySeconds: seconds, funnel: stages, promotions });
  }

  /** The aggregates of each of `days` (all past): kept ones read, the others computed and kept. */
  private async pastParts(days: readonly string[]): Promise<SalesParts[]> {
    const { db, timeZone } = this.deps;
    const kept = await keptDays(db, timeZone, days);
    const missing = days.filter((day) => !kept.has(day));
    for (let i = 0; i < missing.length; i += DAYS_AT_ONCE) {
      await Promise.all(
        missing.slice(i, i + DAYS_AT_ONCE).map(async (day) => {
          // Read before computing: a move that commits meanwhile leaves these figures unkept (sales-days.ts).
          const gen = await dayGen(db, timeZone, day);
          const parts = await this.partsOfRange({ from: day, to: day, timeZone });
          await keepDay(db, timeZone, day, gen, parts);
          kept.set(day, parts);
        }),
      );
    }
    return days.map((day) => kept.get(day) ?? emptyParts());
  }

  async report(query: TSalesQuery): Promise<TSales> {
    const range = this.rangeOf(query);
    const { db, timeZone } = this.deps;
    const open = this.deps.keepDays === false ? range.from : firstOpenDay(this.deps.now(), timeZone);
    const past = range.from < open ? daysOf(range.from, range.to < open ? range.to : addDays(open, -1)) : [];
    const rest = range.to >= open ? { ...range, from: range.from > open ? range.from : open } : null;
    const [pastParts, restParts, refundList, extras, spins, risk] = await Promise.all([
      this.pastParts(past),
      rest ? this.partsOfRange(rest) : null,
      readOnly(db, (tx) => latestRefunds(tx, range)),
      readOnly(db, (tx) => extraPayments(tx, range)),
      readOnly(db, (tx) => spinCosts(tx, range)),
      readOnly(db, (tx) => riskFigures(tx, range)),
    ]);
    const parts = mergeParts(restParts ? [...pastParts, restParts] : pastParts);
    const { paid, refunds, delivered, funnel: stages, promotions, deliverySeconds: times } = parts;

    const currencies = new Map<string, TSalesCurrency>();
    const currencyRow = (code: string): TSalesCurrency => {
      let row = currencies.get(code);
      if (!row) {
        row = emptyCurrency(code);
        currencies.set(code, row);
      }
      return row;
    };
    const daily = new Map<string, TSalesDay>();
    const dayRow = (currency: string, date: string): TSalesDay => {
      const key = `${currency} ${date}`;
      let row = daily.get(key);
      if (!row) {
        row = { date, currency, paid_orders: 0, paid_amount: 0, refunded_amount: 0 };
        daily.set(key, row);
      }
      return row;
    };

    const report: TSales = {
      from: range.from,
      to: range.to,
      time_zone: range.timeZone,
      currencies: [],
      funnel: {
        committed: 0,
        precheck_failed: 0,
        awaiting_payment: 0,
        paid: 0,
        awaiting_delivery: 0,
        delivered: 0,
        payment_failed_share: null,
        delivery_failed_share: null,
      },
      delivery_times: { orders: 0, median_seconds: null, p95_seconds: null },
      days: [],
      by_pack: [],
      by_channel: [],
      by_language: [],
      promotions: promotions.map((row) => ({
        promotion_id: row.promotion_id,
        name: row.name,
        kind: row.kind,
        orders: num(row.orders),
        diamonds: num(row.diamonds),
      })),
      spins: { prizes_delivered: num(spins.prizes), diamonds: num(spins.diamonds) },
      risk,
      refund_reasons: [],
      refunds: refundList.map((row) => ({
        order_num: row.order_num,
        currency: row.currency,
        amount: num(row.amount),
        refunded_at: new Date(row.refunded_at).toISOString(),
        reason: row.reason,
      })),
    };

    for (const row of paid) {
      const orders = num(row.orders);
      const amount = num(row.amount);
      if (row.grouping === 'total') {
        const target = currencyRow(row.currency);
        target.paid_orders = orders;
        target.paid_amount = amount;
      } else if (row.grouping === 'day' && row.day) {
        const target = dayRow(row.currency, row.day);
        target.paid_orders = orders;
        target.paid_amount = amount;
      } else if (row.grouping === 'pack') {
        report.by_pack.push({
          product_name: row.product_name ?? '',
          game_amount: num(row.game_amount),
          currency: row.currency,
          orders,
          quantity: num(row.quantity),
          amount,
        });
      } else if (row.grouping === 'channel') {
        report.by_channel.push({
          gateway: row.gateway ?? '',
          channel: row.payment_channel,
          currency: row.currency,
          orders,
          amount,
        });
      } else if (row.grouping === 'lang') {
        report.by_language.push({ lang: row.lang ?? '', currency: row.currency, orders, amount });
      }
    }

    for (const row of refunds) {
      const orders = num(row.orders);
      const amount = num(row.amount);
      if (row.grouping === 'total') {
        const target = currencyRow(row.currency);
        target.refunded_orders += orders;
        target.refunded_amount += amount;
      } else if (row.grouping === 'day' && row.day) {
        dayRow(row.currency, row.day).refunded_amount += amount;
      } else if (row.grouping === 'reason') {
        report.refund_reasons.push({ reason: row.reason ?? '', currency: row.currency, orders, amount });
      }
    }

    for (const row of extras) {
      const payments = num(row.payments);
      const amount = num(row.amount);
      if (row.day === null) {
        const target = currencyRow(row.currency);
        if (row.kind === 'paid') {
          target.extra_payments = payments;
          target.extra_amount = amount;
        } else {
          target.extra_refunded = payments;
          target.refunded_amount += amount;
        }
      } else if (row.kind === 'paid') {
        dayRow(row.currency, row.day).paid_amount += amount;
      } else {
        dayRow(row.currency, row.day).refunded_amount += amount;
      }
    }

    report.delivery_times = {
      orders: countOf(times),
      median_seconds: percentileCont(times, 0.5),
      p95_seconds: percentileCont(times, 0.95),
    };
    for (const row of delivered) {
      const target = currencyRow(row.currency);
      target.delivered_orders = num(row.orders);
      target.diamonds_delivered = num(row.diamonds);
      target.bonus_diamonds = num(row.bonus);
    }

    const committed = num(stages.committed);
    const paidCount = num(stages.paid);
    const awaitingPayment = num(stages.awaiting_payment);
    const awaitingDelivery = num(stages.awaiting_delivery);
    const deliveredCount = num(stages.delivered);
    report.funnel = {
      committed,
      precheck_failed: num(stages.precheck_failed),
      awaiting_payment: awaitingPayment,
      paid: paidCount,
      awaiting_delivery: awaitingDelivery,
      delivered: deliveredCount,
      payment_failed_share: share(committed - paidCount - awaitingPayment, committed),
      delivery_failed_share: share(paidCount - deliveredCount - awaitingDelivery, paidCount),
    };

    for (const row of currencies.values()) {
      row.net_amount = row.paid_amount + row.extra_amount - row.refunded_amount;
    }
    const codes = [...currencies.keys()].sort();
    report.currencies = codes.map((code) => currencyRow(code));
    // Every day of the range for each currency, so that a chart's gaps are real zeros.
    const days = daysOf(range.from, range.to);
    report.days = codes.flatMap((currency) => days.map((date) => dayRow(currency, date)));
    const byCurrencyThenAmount = (
      a: { currency: string; amount: number },
      b: { currency: string; amount: number },
    ) => a.currency.localeCompare(b.currency) || b.amount - a.amount;
    report.by_pack.sort(byCurrencyThenAmount);
    report.by_channel.sort(byCurrencyThenAmount);
    report.by_language.sort(byCurrencyThenAmount);
    report.refund_reasons.sort(byCurrencyThenAmount);
    return report;
  }
}
