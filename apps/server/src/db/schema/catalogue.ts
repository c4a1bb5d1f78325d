import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The operator's product code (searchable in the admin list). */
    code: text('code').notNull().default(''),
    /** The Stripe Product this product is synced to (with STRIPE_SECRET_KEY set). */
    stripeProductId: text('stripe_product_id'),
    image: text('image').notNull().default(''),
    comment: text('comment').notNull().default(''),
    description: text('description').notNull().default(''),
    payNote: text('pay_note').notNull().default(''),
    status: smallint('status').notNull().default(1),
    release: boolean('release').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('products_release_idx').on(t.release)],
);

export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** ISO-4217 code from the shop's supported list (packages/shared money.ts). */
    currency: text('currency').notNull(),
    /** Diamonds in one pack. */
    gameAmount: integer('game_amount').notNull(),
    /** Price of one pack in minor units. */
    unitAmount: integer('unit_amount').notNull(),
    /** Price code; with Stripe configured, the Stripe Price id after sync. */
    code: text('code').notNull().default(''),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('prices_product_currency_amount_uq').on(t.productId, t.currency, t.gameAmount)],
);
