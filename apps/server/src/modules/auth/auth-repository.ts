import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { emailCodes, loginNonces, users } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/** Drizzle queries of sign-in, sign-up, e-mail codes and profile. Every function takes the database or a transaction. */

export type UserRow = typeof users.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;

// Comparing lower(column) with lower(value) uses the case-insensitive unique indexes of users.

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    username: string;
    passwordHash: string;
    nickname: string;
    email: string;
    userType: number;
    lang: string;
  },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, isSuperuser: false, isActive: true })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateProfile(
  db: DbOrTx,
  id: number,
  values: { nickname: string; avatar: string; email: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The language of the account's latest sign-in, for the e-mails nobody asked for. */
export async function setLanguage(db: DbOrTx, id: number, lang: string): Promise<void> {
  await db.update(users).set({ lang }).where(eq(users.id, id));
}

/** Records a login event time for a user; false if that user already signed in with it (a replay). */
export async function insertLoginNonce(db: DbOrTx, userId: number, eventtime: string): Promise<boolean> {
  const rows = await db
    .insert(loginNonces)
    .values({ userId, eventtime })
    .onConflictDoNothing({ target: [loginNonces.userId, loginNonces.eventtime] })
    .returning({ userId: loginNonces.userId });
  return rows.length > 0;
}

export async function deleteLoginNoncesBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginNonces).where(lt(loginNonces.createdAt, before));
}

/** Serialises code requests for one purpose and address until the transaction ends (PGlite and PostgreSQL). */
export async function lockCodeAddress(tx: DbOrTx, purpose: string, email: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`email-code:${purpose}:${email.toLowerCase()}`}))`,
  );
}

/** The newest code of a purpose and address, used or not (for the resend interval). */
export async function newestCode(
  db: DbOrTx,
  purpose: string,
  email: string,
): Promise<EmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.purpose, purpose), sql`lower(${emailCodes.email}) = lower(${email})`))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return row;
}

/** Marks every unused code of a purpose and address used, so only the newest one sent can work. */
export async function retireCodes(db: DbOrTx, purpose: string, email: string, now: Date): Promise<void> {
  await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailCodes.purpose, purpose),
        sql`lower(${emailCodes.email}) = lower(${email})`,
        isNull(emailCodes.usedAt),
      ),
    );
}

export async function insertCode(
  db: DbOrTx,
  values: { purpose: string; email: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(emailCodes).values(values).returning({ id: emailCodes.id });
  if (!row) throw new Error('insert into email_codes returned no row');
  return row.id;
}

export async function deleteCode(db: DbOrTx, id: number): Promise<void> {
  await db.delete(emailCodes).where(eq(emailCodes.id, id));
}

/** The newest unused, unexpired code of a purpose and address, locked until the transaction ends. */
export async function liveCodeForUpdate(
  tx: DbOrTx,
  purpose: string,
  email: string,
  now: Date,
): Promise<EmailCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.purpose, purpose),
        sql`lower(${emailCodes.email}) = lower(${email})`,
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/** Uses a code up; false if another request used it first. */
export async function consumeCode(tx: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

/** Counts a wrong try in one statement; the try that reaches `maxAttempts` kills the code. */
export async function recordWrongAttempt(
  db: DbOrTx,
  id: number,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await db
    .update(emailCodes)
    .set({
      attempts: sql`${emailCodes.attempts} + 1`,
      usedAt: sql`case when ${emailCodes.attempts} + 1 >= ${maxAttempts} then coalesce(${emailCodes.usedAt}, ${now.toISOString()}::timestamptz) else ${emailCodes.usedAt} end`,
    })
    .where(eq(emailCodes.id, id));
}
