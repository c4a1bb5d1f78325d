import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { type RowsPage, type RowWindow, selectPage } from '../../infra/db-pages';
import { containsPattern } from '../../infra/sql';

/** Drizzle queries of the users admin. Every function takes the database or a transaction. */
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export interface UserFilter {
  username?: string | undefined;
  email?: string | undefined;
}

function filterWhere(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.username) conditions.push(ilike(users.username, containsPattern(filter.username)));
  if (filter.email) conditions.push(ilike(users.email, containsPattern(filter.email)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of users matching the filter, newest first, and how many match in all. */
export async function listUsers(db: DbOrTx, filter: UserFilter, page: RowWindow): Promise<RowsPage<UserRow>> {
  return selectPage(db, users, filterWhere(filter), [desc(users.createdAt), desc(users.id)], page);
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The row of `id`, locked until the transaction ends. */
export async function lockUserById(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/**
 * Locks every superuser row (in id order, so two transactions never lock them in opposite orders) and returns
 * them. A transaction that waits here sees the committed state of the rows it waited for, so "is this the last
 * active superuser?" asked after this call cannot be raced.
 */
export async function lockSuperusers(tx: DbOrTx): Promise<{ id: number; isActive: boolean }[]> {
  return tx
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(eq(users.isSuperuser, true))
    .orderBy(users.id)
    .for('update');
}

/** Which of `username` / `email` another user (not `exceptId`) already has, compared without case. */
export async function findTaken(
  db: DbOrTx,
  wanted: { username?: string; email?: string },
  exceptId?: number,
): Promise<{ username: boolean; email: boolean }> {
  const matches: SQL[] = [];
  if (wanted.username !== undefined) {
    matches.push(sql`lower(${users.username}) = lower(${wanted.username})`);
  }
  if (wanted.email !== undefined) matches.push(sql`lower(${users.email}) = lower(${wanted.email})`);
  if (matches.length === 0) return { username: false, email: false };
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(...matches));
  const others = rows.filter((r) => r.id !== exceptId);
  const same = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();
  return {
    username: others.some((r) => same(r.username, wanted.username)),
    email: others.some((r) => same(r.email, wanted.email)),
  };
}

export async function insertUser(tx: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(
  tx: DbOrTx,
  id: number,
  values: Partial<Pick<NewUserRow, 'nickname' | 'avatar' | 'email' | 'isSuperuser'>>,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Deletes a user; their sessions go with them (FK cascade), their orders stay with created_by set null. */
export async function deleteUser(tx: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.delete(users).where(eq(users.id, id)).returning();
  return row;
}

/** Display names (nickname, else username) of all users, or of the given ids only. */
export async function userNames(
  db: DbOrTx,
  ids?: number[],
): Promise<{ id: number; username: string; nickname: string }[]> {
  return db
    .select({ id: users.id, username: users.username, nickname: users.nickname })
    .from(users)
    .where(ids ? inArray(users.id, ids) : undefined)
    .orderBy(users.id);
}
