import { ORDER_STATUS, type TOrderAttention, type TOrderStatus } from '@ezrecharge/shared';
import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { orderEvents, orders, prices, products } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { type RowsPage, type RowWindow, selectPage } from '../../infra/db-pages';
import { escapeLike } from '../../infra/sql';
import { ORDER_QUEUE_CONDITIONS } from '../order-lifecycle/order-queues';
import type { OrderEventRow, OrderRow } from '../order-lifecycle/order-row';

/**
 * Drizzle queries of the orders module: the price an order is placed with, and reads of orders and their events
 * (writes are the order lifecycle's). Every function takes the database or a transaction.
 */

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

function priceForOrderQuery(db: DbOrTx) {
  return db
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
    .where(eq(prices.id, sql.placeholder('priceId')))
    .limit(1)
    .prepare('find_price_for_order');
}

/** Prepared once per database (or transaction): every order commit reads its price (see infra/prepared.ts). */
const priceForOrderQueries = new WeakMap<DbOrTx, ReturnType<typeof priceForOrderQuery>>();

export async function findPriceForOrder(db: DbOrTx, priceId: number): Promise<PriceForOrder | undefined> {
  let query = priceForOrderQueries.get(db);
  if (!query) {
    query = priceForOrderQuery(db);
    priceForOrderQueries.set(db, query);
  }
  const [row] = await query.execute({ priceId });
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
    .where(
      and(
        eq(sql`lower(${orders.email})`, email.toLowerCase()),
        // Any case: a buyer types "ezsw dm64…" for EZSWDM64…; the e-mail's index finds the few candidates.
        eq(sql`upper(${orders.orderNum})`, orderNum.toUpperCase()),
      ),
    )
    .orderBy(sql`${orders.orderNum} = ${orderNum} desc`)
    .limit(1);
  return row;
}

export interface OrderFilter {
  /** Only orders this user created; undefined = everyone's (superusers). */
  createdBy?: number | undefined;
  /** The whole order number or its beginning. */
  orderNumPrefix?: string | undefined;
  gameId?: string | undefined;
  status?: TOrderStatus | undefined;
  /** Superusers: one of the operator's queues (issue #26). */
  attention?: TOrderAttention | undefined;
}

/** The conditions of `filter`: the order list and its export select the same orders. */
function filterConditions(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.createdBy !== undefined) conditions.push(eq(orders.createdBy, filter.createdBy));
  if (filter.orderNumPrefix) conditions.push(like(orders.orderNum, `${escapeLike(filter.orderNumPrefix)}%`));
  if (filter.gameId) conditions.push(eq(orders.gameId, filter.gameId));
  if (filter.status !== undefined) conditions.push(eq(orders.orderStatus, filter.status));
  if (filter.attention !== undefined) conditions.push(ORDER_QUEUE_CONDITIONS[filter.attention]);
  return conditions;
}

/** One page of orders, newest first, and how many match in all. */
export async function listOrders(
  db: DbOrTx,
  filter: OrderFilter,
  page: RowWindow,
): Promise<RowsPage<OrderRow>> {
  const conditions = filterConditions(filter);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  return selectPage(db, orders, where, [desc(orders.createdAt), desc(orders.id)], page);
}

/** Where a batch of the export resumes: the last row sent, its creation time as the database wrote it. */
export interface ExportCursor {
  /** created_at as text (microseconds kept: a JavaScript Date would drop them and skip or repeat rows). */
  createdAt: string;
  id: number;
}

function exportBatchQuery(db: DbOrTx) {
  return db
    .select({
      id: orders.id,
      cursorAt: sql<string>`${orders.createdAt}::text`,
      orderNum: orders.orderNum,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      deliveredAt: orders.deliveredAt,
      status: orders.orderStatus,
      gameId: orders.gameId,
      email: orders.email,
      productName: orders.productName,
      gameAmount: orders.gameAmount,
      quantity: orders.quantity,
      currency: orders.currency,
      amount: orders.amount,
      gateway: orders.gateway,
      channel: orders.paymentChannel,
      gatewayRef: orders.gatewayRef,
      bonusGame: orders.bonusGame,
      // Written out in full: drizzle leaves the columns of a one-table select unqualified, and inside these
      // subqueries an unqualified "id" would be the bonus's or the event's own.
      // The code as typed when granted; a withdrawn grant gave no diamonds, so it is not the order's code.
      promoCodes: sql<string | null>`(
        select string_agg(b.code, ' ' order by b.id) from order_bonuses b
        where b.order_id = "orders"."id" and b.kind = 'code' and b.state <> 'withdrawn')`,
      // The move into 12 (Refund successful): refunds return the whole amount (refunds module).
      refundedAt: sql<Date | null>`(
        select max(e.created_at) from order_events e
        where e.order_id = "orders"."id" and e.to_status = ${ORDER_STATUS.REFUNDED})`.mapWith(
        orders.createdAt,
      ),
    })
    .from(orders);
}

export type ExportRow = Awaited<ReturnType<ReturnType<typeof exportBatchQuery>['execute']>>[number];

/**
 * Up to `limit` orders matching `filter` after `cursor`, newest first as the list shows them: keyset pagination by
 * (created_at, id), so each batch is one short query whatever the offset, on PostgreSQL and PGlite alike, and the
 * export holds one batch in memory at a time.
 */
export async function exportBatch(
  db: DbOrTx,
  filter: OrderFilter,
  cursor: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const conditions = filterConditions(filter);
  if (cursor) {
    conditions.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`,
    );
  }
  return exportBatchQuery(db)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Every status move of an order, oldest first. */
export async function eventsOfOrder(db: DbOrTx, orderId: number): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}
