import type { TOrderNoteJson } from '@ezrecharge/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * Issue #29: risk controls. Keys the shop refuses orders from (BIGO IDs, e-mails, e-mail domains, addresses and CIDR
 * ranges), each with its reason and an optional expiry. Values are stored as the rules compare them: lower case
 * (e-mails, domains), an address or a CIDR range as its canonical text.
 */
export const riskBlocklist = pgTable(
  'risk_blocklist',
  {
    id: serial('id').primaryKey(),
    /** bigo_id | email | email_domain | ip */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('risk_blocklist_kind_value_idx').on(t.kind, t.value)],
);

/** The rules' settings (one row, id 1): what a superuser changed from the defaults (modules/risk/risk-settings.ts). */
export const riskSettings = pgTable('risk_settings', {
  id: integer('id').primaryKey(),
  settings: jsonb('settings').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A paid order whose delivery waits for an operator (issue #29): written in the transaction of its move to 7, so the
 * delivery is never queued; `held` until an operator approves (delivery queued in the approval's transaction) or
 * refuses it (refund started), each with who and why. At most one per order (an order arrives in 7 once).
 */
export const riskHolds = pgTable(
  'risk_holds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The rule that held it: velocity | first_order | radar_elevated | card_testing_card; radar_highest (refused). */
    rule: text('rule').notNull(),
    /** The rule's note (its figures), as written on the order's history. */
    note: jsonb('note').$type<TOrderNoteJson>().notNull(),
    /** held | approved | refused (by an operator, or at once by the rule: radar_highest, decided_by null) */
    state: text('state').notNull().default('held'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** When ADMIN_EMAIL was told that the hold is still undecided (RISK_HOLD_ALERT_HOURS). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_holds_order_uq').on(t.orderId),
    index('risk_holds_held_idx').on(t.createdAt).where(sql`${t.state} = 'held'`),
  ],
);

/**
 * Issue #29: a card payment attempt the gateway declined while the order's payment stayed open (Stripe Checkout
 * keeps its session open for another card and reports `payment_intent.payment_failed`): an unsuccessful payment
 * for the card-testing rule, with the card's fingerprint and country where the gateway reports them. One per
 * declined charge.
 */
export const riskCardFailures = pgTable(
  'risk_card_failures',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** The gateway's reference of the declined attempt (Stripe: the charge id). */
    attemptRef: text('attempt_ref').notNull(),
    cardFingerprint: text('card_fingerprint'),
    cardCountry: text('card_country'),
    /** The gateway's reason (Stripe's decline_code or code). */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_card_failures_attempt_uq').on(t.gateway, t.attemptRef),
    // The card-testing rule at commit reads the last hour's failures (then their orders' keys), as it reads the last
    // hour's moves into 4–6 (order_events_to_status_created_idx); at a payment's arrival, one card's.
    index('risk_card_failures_created_idx').on(t.createdAt),
    index('risk_card_failures_fingerprint_idx').on(t.cardFingerprint, t.createdAt),
    index('risk_card_failures_order_idx').on(t.orderId, t.createdAt),
  ],
);

/**
 * An order refused at commit (issue #29), for the Sales view's count: nothing else is stored of a refused order. The
 * rule only (`blocklist` | `card_testing`), never the key: the count is what operators read, the keys stay out.
 */
export const riskRefusals = pgTable(
  'risk_refusals',
  {
    id: serial('id').primaryKey(),
    rule: text('rule').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('risk_refusals_created_idx').on(t.createdAt)],
);
