import type { TOrderStatus } from '@ezrecharge/shared';
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { orderEvents, orders, prices, products } from '../../db/schema';
import { type DbOrTx, queryRows } from '../../infra/db';
import { escapeLike } from '../../infra/sql';
import type { OrderMoveSet, OrderRow } from './order-moves';

/** Drizzle queries of orders and their events. Every function takes the database or a transaction. */
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, 'id' | 'orderId' | 'createdAt'>;

/** The unique index behind "one order per order number". */
export const ORDER_NUM_INDEX = 'orders_order_num_uq';

/** What an order is placed with: the price row and the product it belongs to. */
export interface PriceForOrder {
  priceId: number;
  currency: string;
  unitAmount: number;
  gameAmount: number;
  productId: number;
  productName: string;
  released: boolean;
}

export async function findPriceForOrder(db: DbOrTx, priceId: number): Promise<PriceForOrder | undefined> {
  const [row] = await db
    .select({
      priceId: prices.id,
      currency: prices.currency,
      unitAmount: prices.unitAmount,
      gameAmount: prices.gameAmount,
      productId: products.id,
      productName: products.name,
      released: products.release,
    })
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(eq(prices.id, priceId))
    .limit(1);
  return row;
}

/**
 * Inserts an order, the events that led to the status it is created in (oldest first) and the jobs it needs, in
 * ONE statement (data-modifying CTEs): atomic without a transaction, and one round trip instead of five. The
 * order commit is the shop's hottest write (issue 5's benchmark); returns what the database assigned.
 */
export async function insertOrderAtOnce(
  db: DbOrTx,
  values: NewOrderRow,
  events: readonly NewOrderEvent[],
  jobInserts: readonly SQL[],
): Promise<{ id: number; createdAt: Date; updatedAt: Date }> {
  const insertOrder = db
    .insert(orders)
    .values(values)
    .returning({ id: orders.id, createdAt: orders.createdAt, updatedAt: orders.updatedAt })
    .getSQL();
  const eventRows = sql.join(
    events.map(
      (e) =>
        sql`(${e.fromStatus ?? null}::smallint, ${e.toStatus}::smallint, ${e.cause}::text, ${e.actor}::text, ${
          e.detail == null ? null : JSON.stringify(e.detail)
        }::jsonb)`,
    ),
    sql`, `,
  );
  const ctes = [
    sql`o as (${insertOrder})`,
    sql`e as (insert into order_events (order_id, from_status, to_status, cause, actor, detail)
      select o.id, v.f, v.t, v.c, v.a, v.d from o, (values ${eventRows}) as v(f, t, c, a, d))`,
    ...jobInserts.map((insert, i) => sql`${sql.raw(`j${i}`)} as (${insert})`),
  ];
  const [row] = await queryRows<{ id: number; created_at: Date | string; updated_at: Date | string }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select id, created_at, updated_at from o`,
  );
  if (!row) throw new Error('insert into orders returned no row');
  return { id: Number(row.id), createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at) };
}

export async function findOrderByNum(db: DbOrTx, orderNum: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNum, orderNum)).limit(1);
  return row;
}

/** The order whose number and buyer e-mail (case-insensitive) both match. */
export async function findOrderByNumAndEmail(
  db: DbOrTx,
  orderNum: string,
  email: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNum, orderNum), eq(sql`lower(${orders.email})`, email.toLowerCase())))
    .limit(1);
  return row;
}

/**
 * Sets payment columns of an order that is still in one of `statuses`, without a status move (a new Stripe
 * session or a later deadline for an order already awaiting payment). Undefined when it is no longer there.
 */
export async function updateAwaitingOrder(
  tx: DbOrTx,
  orderNum: string,
  statuses: readonly TOrderStatus[],
  set: OrderMoveSet,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(orders.orderNum, orderNum), inArray(orders.orderStatus, [...statuses])))
    .returning();
  return row;
}

export interface OrderFilter {
  /** Only orders this user created; undefined = everyone's (superusers). */
  createdBy?: number | undefined;
  /** The whole order number or its beginning. */
  orderNumPrefix?: string | undefined;
  gameId?: string | undefined;
  status?: TOrderStatus | undefined;
}

/** One page of orders, newest first, and how many match in all. */
export async function listOrders(
  db: DbOrTx,
  filter: OrderFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.createdBy !== undefined) conditions.push(eq(orders.createdBy, filter.createdBy));
  if (filter.orderNumPrefix) conditions.push(like(orders.orderNum, `${escapeLike(filter.orderNumPrefix)}%`));
  if (filter.gameId) conditions.push(eq(orders.gameId, filter.gameId));
  if (filter.status !== undefined) conditions.push(eq(orders.orderStatus, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(orders).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** Every status move of an order, oldest first. */
export async function eventsOfOrder(db: DbOrTx, orderId: number): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}
