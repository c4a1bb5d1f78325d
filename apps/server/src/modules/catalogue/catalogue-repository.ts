import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { orders, prices, products } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { type RowsPage, type RowWindow, selectPage } from '../../infra/db-pages';
import { containsPattern } from '../../infra/sql';

/** Drizzle queries of the catalogue (products and prices). Every function takes the database or a transaction. */
export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type PriceRow = typeof prices.$inferSelect;
export type NewPriceRow = typeof prices.$inferInsert;
/** A price with the name of its product, as the admin screens show it. */
export type PriceWithProduct = PriceRow & { productName: string };

/** The unique index behind "one price per (product, currency, diamonds)". */
export const PRICE_KEY_INDEX = 'prices_product_currency_amount_uq';

/**
 * `50%_off\` → `50\%\_off\\`: the text matches literally inside a LIKE pattern (default escape `\`). The users
 * module has the same helper; modules may not import each other's repositories.
 */

// ---------------------------------------------------------------------------------------------------------
// Products

export interface ProductFilter {
  name?: string | undefined;
  code?: string | undefined;
  /** true = released only, false = not released only, undefined = all. */
  release?: boolean | undefined;
}

function productWhere(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.name) conditions.push(ilike(products.name, containsPattern(filter.name)));
  if (filter.code) conditions.push(ilike(products.code, containsPattern(filter.code)));
  if (filter.release !== undefined) conditions.push(eq(products.release, filter.release));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of products matching the filter, newest first, and how many match in all. */
export async function listProducts(
  db: DbOrTx,
  filter: ProductFilter,
  page: RowWindow,
): Promise<RowsPage<ProductRow>> {
  return selectPage(db, products, productWhere(filter), [desc(products.createdAt), desc(products.id)], page);
}

/** Every product, oldest first (the order a full Stripe sync walks them in). */
export async function allProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.id));
}

/** Released products, newest first: what the public select lists. */
export async function releasedProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.release, true))
    .orderBy(desc(products.createdAt), desc(products.id));
}

export async function findProductById(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** The row of `id`, locked until the transaction ends. */
export async function lockProductById(tx: DbOrTx, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1).for('update');
  return row;
}

/** The distinct pack sizes (diamonds) of each product, ascending; products without prices get no entry. */
export async function packSizes(db: DbOrTx, productIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .selectDistinct({ productId: prices.productId, gameAmount: prices.gameAmount })
    .from(prices)
    .where(inArray(prices.productId, productIds))
    .orderBy(asc(prices.productId), asc(prices.gameAmount));
  for (const row of rows) {
    const list = out.get(row.productId) ?? [];
    list.push(row.gameAmount);
    out.set(row.productId, list);
  }
  return out;
}

export async function insertProduct(tx: DbOrTx, values: NewProductRow): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(values).returning();
  if (!row) throw new Error('insert into products returned no row');
  return row;
}

export async function updateProduct(
  tx: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      NewProductRow,
      'name' | 'image' | 'comment' | 'code' | 'description' | 'payNote' | 'release' | 'syncedAt'
    >
  >,
): Promise<ProductRow | undefined> {
  const [row] = await tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row;
}

/** Records a Stripe sync of a product (`at` null: linked but stale); not an edit, so updated_at stays. */
export async function markProductSynced(
  tx: DbOrTx,
  id: number,
  stripeProductId: string,
  at: Date | null,
): Promise<ProductRow | undefined> {
  const [row] = await tx
    .update(products)
    .set({ stripeProductId, syncedAt: at })
    .where(eq(products.id, id))
    .returning();
  return row;
}

/** True when any order names the product or one of its prices (orders keep their own copy, but history stays). */
export async function productHasOrders(db: DbOrTx, productId: number): Promise<boolean> {
  const ofProduct = db.select({ id: prices.id }).from(prices).where(eq(prices.productId, productId));
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(or(eq(orders.productId, productId), inArray(orders.priceId, ofProduct)))
    .limit(1);
  return row !== undefined;
}

/** Deletes a product and its prices (call inside a transaction, after productHasOrders said no). */
export async function deleteProductWithPrices(tx: DbOrTx, productId: number): Promise<number> {
  const removed = await tx.delete(prices).where(eq(prices.productId, productId)).returning({ id: prices.id });
  await tx.delete(products).where(eq(products.id, productId));
  return removed.length;
}

// ---------------------------------------------------------------------------------------------------------
// Prices

export interface PriceFilter {
  productId: number;
  currency?: string | undefined;
  gameAmount?: number | undefined;
}

const priceWithProduct = {
  id: prices.id,
  productId: prices.productId,
  currency: prices.currency,
  gameAmount: prices.gameAmount,
  unitAmount: prices.unitAmount,
  code: prices.code,
  syncedAt: prices.syncedAt,
  createdAt: prices.createdAt,
  updatedAt: prices.updatedAt,
  productName: products.name,
};

function priceWhere(filter: PriceFilter): SQL | undefined {
  const conditions: SQL[] = [eq(prices.productId, filter.productId)];
  if (filter.currency) conditions.push(eq(prices.currency, filter.currency));
  if (filter.gameAmount !== undefined) conditions.push(eq(prices.gameAmount, filter.gameAmount));
  return and(...conditions);
}

/** One page of a product's prices by currency, then diamonds, and how many match in all. */
export async function listPrices(
  db: DbOrTx,
  filter: PriceFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: PriceWithProduct[]; total: number }> {
  const where = priceWhere(filter);
  const rows = await db
    .select(priceWithProduct)
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(where)
    .orderBy(asc(prices.currency), asc(prices.gameAmount), asc(prices.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(prices).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findPriceById(db: DbOrTx, id: number): Promise<PriceWithProduct | undefined> {
  const [row] = await db
    .select(priceWithProduct)
    .from(prices)
    .innerJoin(products, eq(products.id, prices.productId))
    .where(eq(prices.id, id))
    .limit(1);
  return row;
}

/** The row of `id`, locked until the transaction ends. */
export async function lockPriceById(tx: DbOrTx, id: number): Promise<PriceRow | undefined> {
  const [row] = await tx.select().from(prices).where(eq(prices.id, id)).limit(1).for('update');
  return row;
}

/** The id of the price of (product, currency, diamonds) other than `exceptId`, if there is one. */
export async function findPriceByKey(
  db: DbOrTx,
  key: { productId: number; currency: string; gameAmount: number },
  exceptId?: number,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: prices.id })
    .from(prices)
    .where(
      and(
        eq(prices.productId, key.productId),
        eq(prices.currency, key.currency),
        eq(prices.gameAmount, key.gameAmount),
        exceptId === undefined ? undefined : sql`${prices.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows[0]?.id;
}

/** A product's prices by diamonds (then currency), for the public select and the sync. */
export async function pricesOfProduct(db: DbOrTx, productId: number): Promise<PriceRow[]> {
  return db
    .select()
    .from(prices)
    .where(eq(prices.productId, productId))
    .orderBy(asc(prices.gameAmount), asc(prices.currency), asc(prices.id));
}

export async function insertPrice(tx: DbOrTx, values: NewPriceRow): Promise<PriceRow> {
  const [row] = await tx.insert(prices).values(values).returning();
  if (!row) throw new Error('insert into prices returned no row');
  return row;
}

export async function updatePrice(
  tx: DbOrTx,
  id: number,
  values: Partial<Pick<NewPriceRow, 'productId' | 'currency' | 'gameAmount' | 'unitAmount' | 'syncedAt'>>,
): Promise<PriceRow | undefined> {
  const [row] = await tx
    .update(prices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(prices.id, id))
    .returning();
  return row;
}

/**
 * Records a Stripe sync of a price: its Stripe Price id becomes the price code (`at` null: linked but stale);
 * not an edit, so updated_at stays.
 */
export async function markPriceSynced(
  tx: DbOrTx,
  id: number,
  code: string,
  at: Date | null,
): Promise<PriceRow | undefined> {
  const [row] = await tx.update(prices).set({ code, syncedAt: at }).where(eq(prices.id, id)).returning();
  return row;
}

/** True when any order was placed with this price. */
export async function priceHasOrders(db: DbOrTx, priceId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.priceId, priceId)).limit(1);
  return row !== undefined;
}

export async function deletePrice(tx: DbOrTx, id: number): Promise<PriceRow | undefined> {
  const [row] = await tx.delete(prices).where(eq(prices.id, id)).returning();
  return row;
}
