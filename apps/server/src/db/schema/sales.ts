import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Issue #28, the Sales view's figures of past shop days, kept so that a long range adds up a few rows a day instead
 * of grouping every order again (modules/sales/sales-days.ts). A day's `figures` are valid only while
 * `figures_gen` equals `gen`: every move of an order of a past day adds one to `gen` of the days it touches (its
 * created, paid and delivered days), in the move's transaction, so figures computed before that move are never read.
 */
export const salesDays = pgTable(
  'sales_days',
  {
    /** SHOP_TIME_ZONE the day is counted in. */
    timeZone: text('time_zone').notNull(),
    /** The shop's day, YYYY-MM-DD. */
    day: text('day').notNull(),
    /** Moves of the day's orders since the row began. */
    gen: integer('gen').notNull().default(0),
    /** The day's aggregates (SalesDayFigures), or null before they are first computed. */
    figures: jsonb('figures'),
    /** `gen` as it was read before `figures` were computed. */
    figuresGen: integer('figures_gen'),
    /** The figures' shape (SALES_DAY_VERSION): another version is computed again. */
    version: integer('version'),
    computedAt: timestamp('computed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.day] })],
);
