import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';

/** Which rows of a list a page holds (`pageWindow` of packages/shared). */
export interface RowWindow {
  offset: number;
  limit: number;
}

/** One page of rows and how many match in all. */
export interface RowsPage<T> {
  rows: T[];
  total: number;
}

/**
 * One page of a table's rows matching `where`, in `orderBy` order, and how many rows match in all: the query of
 * every admin list (users, products, FAQ, feedback, orders, dead jobs).
 */
export async function selectPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  orderBy: ReadonlyArray<PgColumn | SQL>,
  window: RowWindow,
): Promise<RowsPage<T['$inferSelect']>> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(table as PgTable)
    .where(where);
  return { rows: rows as T['$inferSelect'][], total: counted?.total ?? 0 };
}
