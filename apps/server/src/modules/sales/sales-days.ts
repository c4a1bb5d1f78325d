import { ORDER_STATUSES } from '@ezrecharge/shared';
import { dayIn } from '@ezrecharge/shared/shop-day';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../infra/db';
import { queryRows } from '../../infra/db';
import type { OrderSubscriber } from '../order-lifecycle/order-events';
import type { SalesParts } from './sales-parts';

/**
 * The Sales view's figures of past shop days (issue #28; table sales_days). A range of 90 days over 100 000 orders
 * grouped every order again at each look; the figures of a day that is over hardly change, so they are computed once
 * and added up (sales-parts.ts), and only the days still going are grouped again.
 *
 * A kept day is never read stale. Its orders change only by moves (the order lifecycle), and every move of an order
 * of a past day adds one to `gen` of each past day it belongs to (created, paid, delivered) in the move's own
 * transaction (`salesDaysSubscriber`). Figures are stored with the `gen` read before they were computed, and read
 * only while it is still the row's: a move that commits while a day is being computed makes that computation unused.
 * Today is never kept (its moves would all touch one row), nor the day before during the first hour of today, so a
 * move that began before midnight has committed before its day is kept.
 */

/** The shape of `figures`: bump it when SalesParts or a query of a part changes, and old figures are recomputed. */
export const SALES_DAY_VERSION = 1;

/** How long after a shop day ends before its figures are kept. */
const SETTLE_MS = 3_600_000;

/** The first day whose figures are not kept yet: days before it are over and settled. */
export function firstOpenDay(now: Date, timeZone: string): string {
  return dayIn(new Date(now.getTime() - SETTLE_MS), timeZone);
}

/** The kept figures of `days` that are still valid. */
export async function keptDays(db: DbOrTx, timeZone: string, days: readonly string[]) {
  if (days.length === 0) return new Map<string, SalesParts>();
  const rows = await queryRows<{ day: string; figures: SalesParts }>(
    db,
    sql`SELECT day, figures FROM sales_days
         WHERE time_zone = ${timeZone} AND day >= ${days[0]} AND day <= ${days[days.length - 1]}
           AND figures_gen = gen AND version = ${SALES_DAY_VERSION}`,
  );
  return new Map(rows.map((r) => [r.day, r.figures]));
}

/** A day's `gen` now (0 for a day never kept nor touched). */
export async function dayGen(db: DbOrTx, timeZone: string, day: string): Promise<number> {
  const [row] = await queryRows<{ gen: number }>(
    db,
    sql`SELECT gen FROM sales_days WHERE time_zone = ${timeZone} AND day = ${day}`,
  );
  return row ? Number(row.gen) : 0;
}

/** Keeps a day's figures, computed after `gen` was read; nothing when a move has counted since. */
export async function keepDay(
  db: Db,
  timeZone: string,
  day: string,
  gen: number,
  figures: SalesParts,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO sales_days (time_zone, day, gen, figures, figures_gen, version, computed_at)
    VALUES (${timeZone}, ${day}, ${gen}, ${JSON.stringify(figures)}::jsonb, ${gen}, ${SALES_DAY_VERSION}, now())
    ON CONFLICT (time_zone, day) DO UPDATE
       SET figures = EXCLUDED.figures, figures_gen = EXCLUDED.figures_gen, version = EXCLUDED.version,
           computed_at = EXCLUDED.computed_at
     WHERE sales_days.gen = EXCLUDED.figures_gen`);
}

/** Counts a change to the orders of past `days` (each at most once). */
export async function touchDays(tx: DbOrTx, timeZone: string, days: readonly string[]): Promise<void> {
  for (const day of new Set(days)) {
    await tx.execute(sql`
      INSERT INTO sales_days (time_zone, day, gen) VALUES (${timeZone}, ${day}, 1)
      ON CONFLICT (time_zone, day) DO UPDATE SET gen = sales_days.gen + 1`);
  }
}

/**
 * Every move of an order counts against the kept figures of the past days it belongs to: the day it was created
 * (the funnel), paid and delivered. A move of today's order touches nothing.
 */
export function salesDaysSubscriber(deps: { timeZone: string; now: () => Date }): OrderSubscriber {
  // One formatter for every move (making one costs more than the move's other work here): en-CA writes YYYY-MM-DD.
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: deps.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const dayOf = (at: Date) => format.format(at);
  return {
    name: 'sales: kept days',
    on: ORDER_STATUSES,
    async moved(tx, { order }) {
      const today = dayOf(deps.now());
      const days = [order.createdAt, order.paidAt, order.deliveredAt]
        .filter((at): at is Date => at !== null)
        .map(dayOf)
        .filter((day) => day < today);
      if (days.length > 0) await touchDays(tx, deps.timeZone, days);
    },
  };
}
