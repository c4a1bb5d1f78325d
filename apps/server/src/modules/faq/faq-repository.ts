import { and, asc, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { faqs } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { type RowsPage, type RowWindow, selectPage } from '../../infra/db-pages';
import { containsPattern } from '../../infra/sql';

/** Drizzle queries of the FAQ. Every function takes the database or a transaction. */
export type FaqRow = typeof faqs.$inferSelect;
export type FaqValues = Pick<
  typeof faqs.$inferInsert,
  'moduleEn' | 'moduleZh' | 'questionEn' | 'questionZh' | 'answerEn' | 'answerZh'
>;

/**
 * `50%_off\` → `50\%\_off\\`: the text matches literally inside a LIKE pattern (default escape `\`). The same rule
 * as the users admin's filter; a module may not import another module's repository, hence the copy.
 */

export interface FaqFilter {
  moduleEn?: string | undefined;
  moduleZh?: string | undefined;
}

function filterWhere(filter: FaqFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.moduleEn) conditions.push(ilike(faqs.moduleEn, containsPattern(filter.moduleEn)));
  if (filter.moduleZh) conditions.push(ilike(faqs.moduleZh, containsPattern(filter.moduleZh)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Every entry in id order: the order groups and questions first appeared in, for the public list. */
export async function allFaqs(db: DbOrTx): Promise<FaqRow[]> {
  return db.select().from(faqs).orderBy(asc(faqs.id));
}

/** One page of entries matching the filter, newest first, and how many match in all. */
export async function listFaqs(db: DbOrTx, filter: FaqFilter, page: RowWindow): Promise<RowsPage<FaqRow>> {
  return selectPage(db, faqs, filterWhere(filter), [desc(faqs.createdAt), desc(faqs.id)], page);
}

export async function findFaqById(db: DbOrTx, id: number): Promise<FaqRow | undefined> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id)).limit(1);
  return row;
}

/** The row of `id`, locked until the transaction ends. */
export async function lockFaqById(tx: DbOrTx, id: number): Promise<FaqRow | undefined> {
  const [row] = await tx.select().from(faqs).where(eq(faqs.id, id)).limit(1).for('update');
  return row;
}

export async function insertFaq(tx: DbOrTx, values: FaqValues): Promise<FaqRow> {
  const [row] = await tx.insert(faqs).values(values).returning();
  if (!row) throw new Error('insert into faqs returned no row');
  return row;
}

export async function updateFaq(tx: DbOrTx, id: number, values: FaqValues): Promise<FaqRow | undefined> {
  const [row] = await tx
    .update(faqs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(faqs.id, id))
    .returning();
  return row;
}

export async function deleteFaq(tx: DbOrTx, id: number): Promise<FaqRow | undefined> {
  const [row] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
  return row;
}
