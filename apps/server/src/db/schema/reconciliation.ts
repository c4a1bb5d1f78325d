import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Issue #28, the daily reconciliation: one row per shop day that was reconciled (its last run), and the mismatches
 * that run found. A run replaces the day's mismatches; one applied keeps its record in the audit log and the order's
 * events. `mailed_at` is set by the one e-mail an unreconciled day earns.
 */
export const reconciliationDays = pgTable(
  'reconciliation_days',
  {
    id: serial('id').primaryKey(),
    /** The shop's day, YYYY-MM-DD in SHOP_TIME_ZONE. */
    day: text('day').notNull(),
    /** reconciled | mismatched | incomplete (a far end could not be read). */
    state: text('state').notNull(),
    /** Sources, totals and the BIGO figures of the run (TReconciliationDay without its mismatches). */
    summary: jsonb('summary').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    ranBy: integer('ran_by').references(() => users.id, { onDelete: 'set null' }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('reconciliation_days_day_uq').on(t.day)],
);

export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: serial('id').primaryKey(),
    dayId: integer('day_id')
      .notNull()
      .references(() => reconciliationDays.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    gateway: text('gateway'),
    orderNum: text('order_num'),
    gatewayRef: text('gateway_ref'),
    evidence: jsonb('evidence').notNull(),
    /** apply, or null when an operator must act outside the shop. */
    action: text('action'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedBy: integer('applied_by').references(() => users.id, { onDelete: 'set null' }),
    appliedResult: text('applied_result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('reconciliation_mismatches_day_idx').on(t.dayId)],
);
