import { and, eq, lt, ne, notInArray, sql } from 'drizzle-orm';
import { paymentNotifications } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/** Drizzle queries of the payments module. Every function takes the database or a transaction. */

export type NotificationValues = typeof paymentNotifications.$inferInsert;

/** Outcomes that do not count as "this event was handled" when a repeat of it arrives. */
const UNSETTLED_OUTCOMES = ['received', 'duplicate', 'error'];

/** Stores a gateway notification as it came; returns its id so its outcome can be written once known. */
export async function insertNotification(db: DbOrTx, values: NotificationValues): Promise<number> {
  const [row] = await db
    .insert(paymentNotifications)
    .values(values)
    .returning({ id: paymentNotifications.id });
  if (!row) throw new Error('payment notification not stored');
  return row.id;
}

export async function setNotificationOutcome(
  db: DbOrTx,
  id: number,
  values: { outcome: string; verified?: boolean },
): Promise<void> {
  await db.update(paymentNotifications).set(values).where(eq(paymentNotifications.id, id));
}

/**
 * Serialises the handling of one gateway event id until the transaction ends, in every server process sharing
 * the database (the table has no unique key on the event id, so the lock is what makes a repeat a repeat).
 */
export async function lockEvent(tx: DbOrTx, gateway: string, eventId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`payment-event:${gateway}:${eventId}`}, 0))`,
  );
}

/** Whether another notification with this dedupe key was already handled (not just received, repeated or failed). */
export async function eventAlreadyHandled(
  db: DbOrTx,
  gateway: string,
  dedupeKey: string,
  exceptId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentNotifications.id })
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.gateway, gateway),
        eq(paymentNotifications.dedupeKey, dedupeKey),
        eq(paymentNotifications.verified, true),
        ne(paymentNotifications.id, exceptId),
        notInArray(paymentNotifications.outcome, UNSETTLED_OUTCOMES),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a notification with this key and outcome was stored before. */
export async function notificationSeen(
  db: DbOrTx,
  gateway: string,
  dedupeKey: string,
  outcome: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentNotifications.id })
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.gateway, gateway),
        eq(paymentNotifications.dedupeKey, dedupeKey),
        eq(paymentNotifications.outcome, outcome),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes notifications received before `before`; resolves with how many. */
export async function pruneNotifications(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(paymentNotifications)
    .where(lt(paymentNotifications.createdAt, before))
    .returning({ id: paymentNotifications.id });
  return rows.length;
}
