import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/**
 * Durable background jobs (payment timeouts, fulfilment, mail). Workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`, so any number of server processes can share one database safely.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued | running | done | dead */
    state: text('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one live job per key (e.g. one fulfilment job per order). */
    dedupeKey: text('dedupe_key'),
    ...timestamps,
  },
  (t) => [index('jobs_due_idx').on(t.state, t.runAt), uniqueIndex('jobs_dedupe_uq').on(t.dedupeKey)],
);

/** Who changed what in the admin console, and from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * State of the built-in sandboxes (DESIGN.md §7, §8): Fiuu transactions, Stripe Checkout Sessions, the BIGO
 * simulator's delivery ledger and controls. Kept in the database so it survives a restart and is shared by every
 * server process, like the real far ends would be. Never used when real gateway keys are configured.
 */
export const sandboxRecords = pgTable(
  'sandbox_records',
  {
    id: serial('id').primaryKey(),
    /** fiuu_txn | stripe_session | bigo_delivery | bigo_controls | … */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    data: jsonb('data').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('sandbox_records_kind_key_uq').on(t.kind, t.key)],
);

/**
 * Call slots a far end allows us (e.g. Fiuu: "maximum 1 query every 5 seconds" per merchant): `next_at` is the
 * earliest moment the next call may be made. Every server process takes a slot from this row, so the limit holds
 * for the whole site, not per process.
 */
export const gatewaySlots = pgTable('gateway_slots', {
  name: text('name').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});
