import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { emailCodes, loginChallenges, loginNonces, recoveryCodes, twoFactor, users } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/** Drizzle queries of sign-in, sign-up, e-mail codes and profile. Every function takes the database or a transaction. */

export type UserRow = typeof users.$inferSelect;
export type EmailCodeRow = typeof emailCodes.$inferSelect;
export type TwoFactorRow = typeof twoFactor.$inferSelect;
export type ChallengeRow = typeof loginChallenges.$inferSelect;

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

/** Nickname and avatar; the e-mail address changes only through `setEmail`, with a code (email-change.ts). */
export async function updateProfile(
  db: DbOrTx,
  id: number,
  values: { nickname: string; avatar: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setEmail(db: DbOrTx, id: number, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ email, updatedAt: new Date() })
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

// ---------------------------------------------------------------------------------------------------------
// Two-factor sign-in (two-factor-service.ts)

export async function findTwoFactor(db: DbOrTx, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

/**
 * Stores the secret of a new enrolment, replacing one that still waits for its first code; false (nothing
 * changed) when two-factor sign-in is already on.
 */
export async function savePendingSecret(db: DbOrTx, userId: number, secretSealed: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactor)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretSealed, lastStep: null, updatedAt: new Date() },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/** Turns a waiting enrolment on with the step of its first code; false if it is gone or already on. */
export async function enableTwoFactor(tx: DbOrTx, userId: number, step: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(twoFactor)
    .set({ enabledAt: at, lastStep: step, updatedAt: at })
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

/**
 * Records `step` as the last TOTP step used, only if it is later than the one recorded: of two requests with the
 * same code, one wins. False when the step was not later (a replay) or two-factor sign-in is off.
 */
export async function useTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        isNotNull(twoFactor.enabledAt),
        or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(tx: DbOrTx, userId: number): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/** Replaces the user's recovery codes with new ones (argon2id hashes). */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: number, hashes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export async function unusedRecoveryCodes(
  db: DbOrTx,
  userId: number,
): Promise<{ id: number; codeHash: string }[]> {
  return db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

/** Uses a recovery code up; false if another request used it first. */
export async function useRecoveryCode(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function insertChallenge(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(loginChallenges).values(values);
}

export async function findChallenge(db: DbOrTx, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Uses a challenge up if it is still live; false otherwise (used, expired, or out of tries meanwhile). */
export async function useChallenge(db: DbOrTx, id: number, at: Date, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: at })
    .where(
      and(
        eq(loginChallenges.id, id),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, at),
        lt(loginChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** Counts a wrong code against a challenge, in one statement. */
export async function recordChallengeAttempt(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id));
}

export async function deleteChallengesBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, before));
}
