import { and, eq, sql } from 'drizzle-orm';
import { sandboxRecords } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/** The payment sandboxes' state in sandbox_records (kind + key → JSON), shared by every process like a real far end. */

export async function getRecord<T>(db: DbOrTx, kind: string, key: string): Promise<T | undefined> {
  const [row] = await db
    .select({ data: sandboxRecords.data })
    .from(sandboxRecords)
    .where(and(eq(sandboxRecords.kind, kind), eq(sandboxRecords.key, key)))
    .limit(1);
  return row ? (row.data as T) : undefined;
}

export async function putRecord(db: DbOrTx, kind: string, key: string, data: unknown): Promise<void> {
  await db
    .insert(sandboxRecords)
    .values({ kind, key, data })
    .onConflictDoUpdate({
      target: [sandboxRecords.kind, sandboxRecords.key],
      set: { data, updatedAt: sql`now()` },
    });
}

/** Inserts only when the key is new; true when this call inserted it. */
export async function putRecordOnce(db: DbOrTx, kind: string, key: string, data: unknown): Promise<boolean> {
  const rows = await db
    .insert(sandboxRecords)
    .values({ kind, key, data })
    .onConflictDoNothing({ target: [sandboxRecords.kind, sandboxRecords.key] })
    .returning({ id: sandboxRecords.id });
  return rows.length > 0;
}

/** Appends one entry to the `entries` list of a record in one statement, so concurrent appends all stay. */
export async function appendToRecord(db: DbOrTx, kind: string, key: string, entry: unknown): Promise<void> {
  const data = { entries: [entry] };
  await db
    .insert(sandboxRecords)
    .values({ kind, key, data })
    .onConflictDoUpdate({
      target: [sandboxRecords.kind, sandboxRecords.key],
      set: {
        data: sql`jsonb_build_object('entries', coalesce(${sandboxRecords.data}->'entries', '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb)`,
        updatedAt: sql`now()`,
      },
    });
}
