import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * Rewards (issue #16). A promotion is an operator's rule (packages/shared/src/rewards.ts decides what it gives);
 * every bonus it gives an order is a row of `order_bonuses`, fixed in the transaction that makes the order payable
 * (code, welcome) or records its payment (channel). New promotions are paused (`active` false).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    /** code | welcome | channel */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Upper case; `code` kind only. */
    code: text('code'),
    /** fixed | percent | per_unit */
    bonusType: text('bonus_type').notNull(),
    bonusValue: integer('bonus_value').notNull(),
    currencies: text('currencies').array().notNull().default(sql`'{}'::text[]`),
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    budgetDiamonds: integer('budget_diamonds'),
    usesPerBuyer: integer('uses_per_buyer'),
    /** Currency → minimum amount in minor units. */
    minSpend: jsonb('min_spend').$type<Record<string, number>>().notNull().default({}),
    active: boolean('active').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promotions_code_uq').on(t.code).where(sql`${t.code} IS NOT NULL`),
    check('promotions_kind_ck', sql`${t.kind} IN ('code', 'welcome', 'channel')`),
    check('promotions_bonus_type_ck', sql`${t.bonusType} IN ('fixed', 'percent', 'per_unit')`),
    check('promotions_bonus_value_ck', sql`${t.bonusValue} > 0`),
  ],
);

/**
 * One bonus of one order. `state`: granted (fixed, delivered together with the order's diamonds in its one BIGO
 * call, so it is exactly once with the order), delivered (set in the move to 9), withdrawn (the order went to a
 * refund, or its grant no longer fits the budget when a late payment revived it). Budget and per-buyer counts read
 * granted + delivered rows of live orders under the promotion's row lock.
 */
export const orderBonuses = pgTable(
  'order_bonuses',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** `code` kind: the code as it was when granted (an operator may rename the promotion's code later). */
    code: text('code'),
    diamonds: integer('diamonds').notNull(),
    /** The buyer the per-buyer limits count: the account, and the BIGO ID (always). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    gameId: text('game_id').notNull(),
    state: text('state').notNull().default('granted'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_bonuses_order_promotion_uq').on(t.orderId, t.promotionId),
    index('order_bonuses_promotion_idx').on(t.promotionId),
    index('order_bonuses_user_idx').on(t.userId),
    index('order_bonuses_game_id_idx').on(t.gameId),
    check('order_bonuses_state_ck', sql`${t.state} IN ('granted', 'delivered', 'withdrawn')`),
    check('order_bonuses_diamonds_ck', sql`${t.diamonds} > 0`),
  ],
);

/**
 * The spin settings (one row, id 1): on or off, diamonds bought per spin, and the prize table (diamonds 0–1 200 and
 * weights). Off until an operator turns spins on.
 */
export const spinSettings = pgTable(
  'spin_settings',
  {
    id: integer('id').primaryKey(),
    active: boolean('active').notNull().default(false),
    diamondsPerSpin: integer('diamonds_per_spin').notNull().default(600),
    prizes: jsonb('prizes').$type<{ diamonds: number; weight: number }[]>().notNull(),
    ...timestamps,
  },
  (t) => [
    check('spin_settings_one_row_ck', sql`${t.id} = 1`),
    check('spin_settings_per_spin_ck', sql`${t.diamondsPerSpin} > 0`),
  ],
);

/**
 * One spin of a signed-in buyer, earned by an order's diamonds (`order_id`). `state`: pending (the order is paid, not
 * delivered) → available (delivered) → spun; pending → withdrawn (the order went to a refund). A spun prize of
 * diamonds is delivered to the order's BIGO ID (`game_id`) as its own BIGO recharge under `bu_orderid`
 * (`delivery`: queued → charging → delivered | failed; `none` for a prize of 0), with its own events.
 */
export const spins = pgTable(
  'spins',
  {
    id: serial('id').primaryKey(),
    /** The buyer (null once the account is deleted: the spin and its prize stay on record). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The spin's place among its order's spins (1, 2, …): part of its bu_orderid. */
    seq: integer('seq').notNull(),
    gameId: text('game_id').notNull(),
    buOrderid: text('bu_orderid').notNull(),
    state: text('state').notNull().default('pending'),
    prizeDiamonds: integer('prize_diamonds'),
    delivery: text('delivery'),
    failureReason: text('failure_reason'),
    spunAt: timestamp('spun_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('spins_order_seq_uq').on(t.orderId, t.seq),
    uniqueIndex('spins_bu_orderid_uq').on(t.buOrderid),
    index('spins_user_idx').on(t.userId, t.id),
    index('spins_delivery_idx').on(t.delivery),
    // Issue #28: the sales view sums the spin prizes delivered in a range.
    index('spins_delivered_at_idx').on(t.deliveredAt),
    check('spins_state_ck', sql`${t.state} IN ('pending', 'available', 'spun', 'withdrawn')`),
    check(
      'spins_delivery_ck',
      sql`${t.delivery} IS NULL OR ${t.delivery} IN ('none', 'queued', 'charging', 'delivered', 'failed')`,
    ),
    check('spins_prize_ck', sql`${t.prizeDiamonds} IS NULL OR ${t.prizeDiamonds} >= 0`),
  ],
);

/** Every change of a spin (earned, unlocked, withdrawn, spun, each delivery step): cause, actor and detail. */
export const spinEvents = pgTable(
  'spin_events',
  {
    id: serial('id').primaryKey(),
    spinId: integer('spin_id')
      .notNull()
      .references(() => spins.id, { onDelete: 'cascade' }),
    cause: text('cause').notNull(),
    actor: text('actor').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spin_events_spin_idx').on(t.spinId, t.id)],
);
