import type { SandboxDataPath, SandboxRecords, SandboxStore, SandboxTx } from '@ezrecharge/sandboxes';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { sandboxRecords } from '../db/schema';
import type { Db, DbOrTx } from './db';

/**
 * The sandboxes' store (packages/sandboxes, sandbox-store.ts) over the sandbox_records table: one row per
 * (kind, key) with JSON data, shared by every server process on the database and kept across restarts, as a real
 * far end's state would be.
 */

/** `data #>> '{a,b}'`: the text at a path of the record's JSON. The path is the sandboxes' own, never a caller's. */
function dataAt(path: SandboxDataPath): SQL {
  if (path.length === 0 || !path.every((part) => /^[A-Za-z0-9_]+$/.test(part))) {
    throw new Error(`sandbox store: unsupported data path ${JSON.stringify(path)}`);
  }
  return sql`${sandboxRecords.data} #>> ${`{${path.join(',')}}`}::text[]`;
}

const byKey = (kind: string, key: string) => and(eq(sandboxRecords.kind, kind), eq(sandboxRecords.key, key));

function records(db: DbOrTx): SandboxRecords {
  return {
    async get<T>(kind: string, key: string) {
      const [row] = await db
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(byKey(kind, key))
        .limit(1);
      return row ? (row.data as T) : undefined;
    },
    async put(kind, key, data) {
      await db
        .insert(sandboxRecords)
        .values({ kind, key, data })
        .onConflictDoUpdate({
          target: [sandboxRecords.kind, sandboxRecords.key],
          set: { data, updatedAt: sql`now()` },
        });
    },
    async putOnce(kind, key, data) {
      const rows = await db
        .insert(sandboxRecords)
        .values({ kind, key, data })
        .onConflictDoNothing({ target: [sandboxRecords.kind, sandboxRecords.key] })
        .returning({ id: sandboxRecords.id });
      return rows.length > 0;
    },
    async append(kind, key, entry) {
      // One statement, so concurrent appends all stay.
      await db
        .insert(sandboxRecords)
        .values({ kind, key, data: { entries: [entry] } })
        .onConflictDoUpdate({
          target: [sandboxRecords.kind, sandboxRecords.key],
          set: {
            data: sql`jsonb_build_object('entries', coalesce(${sandboxRecords.data}->'entries', '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb)`,
            updatedAt: sql`now()`,
          },
        });
    },
    async findBy<T>(kind: string, path: SandboxDataPath, value: string) {
      const rows = await db
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, kind), sql`${dataAt(path)} = ${value}`))
        .orderBy(asc(sandboxRecords.id));
      return rows.map((row) => row.data as T);
    },
  };
}

function txRecords(tx: DbOrTx): SandboxTx {
  const base = records(tx);
  return {
    ...base,
    async lock<T>(kind: string, key: string, initial?: unknown) {
      if (initial !== undefined) {
        await tx
          .insert(sandboxRecords)
          .values({ kind, key, data: initial })
          .onConflictDoNothing({ target: [sandboxRecords.kind, sandboxRecords.key] });
      }
      const [row] = await tx
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(byKey(kind, key))
        .for('update');
      return row ? (row.data as T) : undefined;
    },
    async lockBy<T>(kind: string, path: SandboxDataPath, value: string) {
      const [row] = await tx
        .select({ data: sandboxRecords.data })
        .from(sandboxRecords)
        .where(and(eq(sandboxRecords.kind, kind), sql`${dataAt(path)} = ${value}`))
        .orderBy(asc(sandboxRecords.id))
        .limit(1)
        .for('update');
      return row ? (row.data as T) : undefined;
    },
  };
}

export function createSandboxStore(db: Db): SandboxStore {
  return {
    ...records(db),
    transaction: (work) => db.transaction((tx) => work(txRecords(tx))),
  };
}
