import { ORDER_STATUS } from '@ezrecharge/shared';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { orderBonuses, orders, prices, products, promotions } from '../../db/schema';
import { type DbOrTx, queryRows } from '../../infra/db';
import { type RowsPage, type RowWindow, selectPage } from '../../infra/db-pages';

/** Drizzle queries of the rewards module. Every function takes the database or a transaction. */

export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionValues = Omit<typeof promotions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type OrderBonusRow = typeof orderBonuses.$inferSelect;

/**
 * Statuses of a dead order: its bonuses count against nothing (precheck failed, cancelled, failed, timed out,
 * refunded). A late payment can revive 4/5/6 (then its grants are checked again: rewards-grants.ts).
 */
export const DEAD_STATUSES = [
  ORDER_STATUS.PRECHECK_FAILED,
  ORDER_STATUS.PAYMENT_CANCELLED,
  ORDER_STATUS.PAYMENT_FAILED,
  ORDER_STATUS.PAYMENT_TIMEOUT,
  ORDER_STATUS.REFUNDED,
] as const;
const DEAD_LIST = sql.raw(DEAD_STATUSES.join(', '));
/** Bonus states that count against a budget and a buyer's uses (on a live order). */
const COUNTED_STATES = sql.raw(`'granted', 'delivered'`);

/** The rows of `ids`, locked until the transaction ends, in id order (every grant locks in this order). */
export async function lockPromotions(tx: DbOrTx, ids: readonly number[]): Promise<PromotionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(promotions)
    .where(inArray(promotions.id, [...new Set(ids)]))
    .orderBy(asc(promotions.id))
    .for('update');
}

export async function findPromotion(db: DbOrTx, id: number): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).limit(1);
  return row;
}

/** The promotion of this code (upper case), whatever its state. */
export async function findPromotionByCode(db: DbOrTx, code: string): Promise<PromotionRow | undefined> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.kind, 'code'), eq(promotions.code, code)))
    .limit(1);
  return row;
}

/** Active promotions of one kind, oldest first. */
export async function activePromotions(db: DbOrTx, kind: 'welcome' | 'channel'): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.kind, kind), eq(promotions.active, true)))
    .orderBy(asc(promotions.id));
}

/** The active promotions of every kind, as far as an advertisement needs them (whether live, and where). */
export async function activePromotionWindows(db: DbOrTx) {
  return db
    .select({
      kind: promotions.kind,
      currencies: promotions.currencies,
      validFrom: promotions.validFrom,
      validTo: promotions.validTo,
    })
    .from(promotions)
    .where(eq(promotions.active, true));
}

/** Whose uses a per-buyer limit counts: the account (signed in) or the BIGO ID (visitors); welcome counts both. */
export interface BuyerKey {
  userId: number | null;
  gameId: string;
  /** Count rows of the account OR the BIGO ID (the welcome bonus: once per account and once per BIGO ID). */
  both: boolean;
}

export interface PromotionUsage {
  /** Diamonds granted or delivered on live orders. */
  budgetUsed: number;
  /** Such bonuses held by this buyer. */
  usesByBuyer: number;
}

/**
 * What a promotion has given so far (live orders only), and how often to this buyer; `exceptOrderId` leaves one
 * order out (the revived order whose own grant is being checked again). Read under the promotion's row lock when
 * the answer decides a grant.
 */
export async function promotionUsage(
  db: DbOrTx,
  promotionId: number,
  buyer: BuyerKey,
  exceptOrderId: number | null = null,
): Promise<PromotionUsage> {
  let mine: ReturnType<typeof sql>;
  if (buyer.both && buyer.userId !== null) {
    mine = sql`(b.user_id = ${buyer.userId} or b.game_id = ${buyer.gameId})`;
  } else if (buyer.userId !== null) {
    mine = sql`b.user_id = ${buyer.userId}`;
  } else {
    mine = sql`b.game_id = ${buyer.gameId}`;
  }
  const except = exceptOrderId === null ? sql`` : sql` and b.order_id <> ${exceptOrderId}`;
  const [row] = await queryRows<{ used: string | number | null; uses: string | number | null }>(
    db,
    sql`
    select coalesce(sum(b.diamonds), 0) as used, count(*) filter (where ${mine}) as uses
    from order_bonuses b join orders o on o.id = b.order_id
    where b.promotion_id = ${promotionId} and b.state in (${COUNTED_STATES})
      and o.order_status not in (${DEAD_LIST})${except}`,
  );
  return { budgetUsed: Number(row?.used ?? 0), usesByBuyer: Number(row?.uses ?? 0) };
}

/** Whether the account or the BIGO ID has a paid order (status 7 or later) other than `exceptOrderId`. */
export async function hasPaidOrder(
  db: DbOrTx,
  buyer: { userId: number | null; gameId: string },
  exceptOrderId: number | null = null,
): Promise<boolean> {
  const whose =
    buyer.userId === null
      ? sql`game_id = ${buyer.gameId}`
      : sql`(created_by = ${buyer.userId} or game_id = ${buyer.gameId})`;
  const except = exceptOrderId === null ? sql`` : sql` and id <> ${exceptOrderId}`;
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from orders where ${whose} and order_status >= ${ORDER_STATUS.PAYMENT_COMPLETED}${except} limit 1`,
  );
  return rows.length > 0;
}

export async function insertBonus(
  tx: DbOrTx,
  values: Omit<typeof orderBonuses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<OrderBonusRow> {
  const [row] = await tx.insert(orderBonuses).values(values).returning();
  if (!row) throw new Error('insert into order_bonuses returned no row');
  return row;
}

export async function bonusesOfOrder(tx: DbOrTx, orderId: number): Promise<OrderBonusRow[]> {
  return tx
    .select()
    .from(orderBonuses)
    .where(eq(orderBonuses.orderId, orderId))
    .orderBy(asc(orderBonuses.id));
}

/** Moves the order's bonuses in `from` to `to`; returns the rows moved. */
export async function setBonusState(
  tx: DbOrTx,
  orderId: number,
  from: 'granted',
  to: 'delivered' | 'withdrawn',
  onlyId?: number,
): Promise<OrderBonusRow[]> {
  return tx
    .update(orderBonuses)
    .set({ state: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(orderBonuses.orderId, orderId),
        eq(orderBonuses.state, from),
        ...(onlyId === undefined ? [] : [eq(orderBonuses.id, onlyId)]),
      ),
    )
    .returning();
}

/** The order's latest move into 7: where it came from (4/5/6 = revived by a late payment). */
export async function paidFromStatus(tx: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await queryRows<{ from_status: number | null }>(
    tx,
    sql`
    select from_status from order_events
    where order_id = ${orderId} and to_status = ${ORDER_STATUS.PAYMENT_COMPLETED}
      and from_status is distinct from to_status
    order by id desc limit 1`,
  );
  const from = row?.from_status;
  return from === undefined || from === null ? null : Number(from);
}

/** What a quote is priced from: the price, its product and whether it is on sale. */
export async function findPriceForQuote(db: DbOrTx, priceId: number) {
  const [row] = await db
    .select({
      priceId: prices.id,
      currency: prices.currency,
      unitAmount: prices.unitAmount,
      gameAmount: prices.gameAmount,
      productId: products.id,
      released: products.release,
    })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(eq(prices.id, priceId))
    .limit(1);
  return row;
}

// ---- console ----

export async function listPromotions(db: DbOrTx, page: RowWindow): Promise<RowsPage<PromotionRow>> {
  return selectPage(db, promotions, undefined, [desc(promotions.createdAt), desc(promotions.id)], page);
}

export async function insertPromotion(tx: DbOrTx, values: PromotionValues): Promise<PromotionRow> {
  const [row] = await tx.insert(promotions).values(values).returning();
  if (!row) throw new Error('insert into promotions returned no row');
  return row;
}

export async function updatePromotion(
  tx: DbOrTx,
  id: number,
  values: Partial<PromotionValues>,
): Promise<PromotionRow | undefined> {
  const [row] = await tx
    .update(promotions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(promotions.id, id))
    .returning();
  return row;
}

type CostRow = {
  promotion_id: number;
  currency: string;
  delivered: string | number;
  reserved: string | number;
  orders: string | number;
  revenue: string | number;
};

export interface PromotionCost {
  deliveredDiamonds: number;
  reservedDiamonds: number;
  orders: number;
  revenue: Record<string, number>;
}

/**
 * What each promotion has cost: diamonds delivered, diamonds granted on live orders not yet delivered, and the
 * orders whose bonus was delivered with their revenue per currency. One query for a page of promotions.
 */
export async function costOfPromotions(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, PromotionCost>> {
  const costs = new Map<number, PromotionCost>();
  for (const id of ids) costs.set(id, { deliveredDiamonds: 0, reservedDiamonds: 0, orders: 0, revenue: {} });
  if (ids.length === 0) return costs;
  const idList = sql.join(
    [...new Set(ids)].map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<CostRow>(
    db,
    sql`
    select b.promotion_id, o.currency,
      coalesce(sum(b.diamonds) filter (where b.state = 'delivered'), 0) as delivered,
      coalesce(sum(b.diamonds) filter (where b.state = 'granted' and o.order_status not in (${DEAD_LIST})), 0)
        as reserved,
      count(*) filter (where b.state = 'delivered') as orders,
      coalesce(sum(o.amount) filter (where b.state = 'delivered'), 0) as revenue
    from order_bonuses b join orders o on o.id = b.order_id
    where b.promotion_id in (${idList})
    group by b.promotion_id, o.currency`,
  );
  for (const row of rows) {
    const cost = costs.get(Number(row.promotion_id));
    if (!cost) continue;
    cost.deliveredDiamonds += Number(row.delivered);
    cost.reservedDiamonds += Number(row.reserved);
    cost.orders += Number(row.orders);
    const revenue = Number(row.revenue);
    if (revenue > 0) cost.revenue[row.currency] = (cost.revenue[row.currency] ?? 0) + revenue;
  }
  return costs;
}

/** The bonuses of a signed-in buyer's orders, newest first, with the promotion's name and the order's number. */
export async function bonusesOfBuyer(
  db: DbOrTx,
  userId: number,
  limit: number,
): Promise<(OrderBonusRow & { name: string; orderNum: string })[]> {
  return db
    .select({ ...getTableColumns(orderBonuses), name: promotions.name, orderNum: orders.orderNum })
    .from(orderBonuses)
    .innerJoin(orders, eq(orders.id, orderBonuses.orderId))
    .innerJoin(promotions, eq(promotions.id, orderBonuses.promotionId))
    .where(eq(orders.createdBy, userId))
    .orderBy(desc(orderBonuses.id))
    .limit(limit);
}
