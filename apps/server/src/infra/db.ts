import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DatabaseConfig } from '../config-fields';
import * as schema from '../db/schema';
import { baselineWasmOnly, createPgliteDataDir, pgliteStartParams } from './pglite-memory';
import { StartupError } from './startup-error';

/** One Drizzle type for PGlite and PostgreSQL: repositories never know which one they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories take either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`; Drizzle types the generic result as unknown, so the
 * shape is asserted here once instead of at every call.
 */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows for a statement of a hot path (the rules at every order commit): on PostgreSQL it is prepared once per
 * connection under `name` (node-postgres's named statements, through drizzle's prepared query), so a run sends only
 * its values and the server, after five runs, keeps a generic plan when it is no dearer than planning each run. The
 * embedded database runs it as queryRows does. The text under one name must never change: build it in one shape for
 * every value (a null or an empty list as a value, not a missing clause).
 */
export async function preparedRows<T extends Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  query: SQL,
): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * The embedded database's files as one gzipped tar (PGlite's dumpDataDir, taken under its query lock: a
   * consistent snapshot, as after a crash, that PostgreSQL's recovery opens), for `npm run backup`. Undefined on
   * PostgreSQL, which pg_dump reads.
   */
  dumpFiles?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** postgres://user:secret@host/db → postgres://user:***@host/db, for error lines. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}

function describe(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ') || String(err);
}

/*
 * Each driver is loaded only when its database is opened (issue #12): an embedded server does not hold node-postgres
 * in memory, nor a PostgreSQL one the 40 MB of PGlite's runtime.
 */

async function openPglite(config: DatabaseConfig): Promise<Database> {
  baselineWasmOnly();
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  try {
    // See pglite-memory.ts: a new database is created by a child process, the buffer pool is smaller, and the
    // WebAssembly is compiled once (baselineWasmOnly above).
    const options = { startParams: pgliteStartParams(PGlite.defaultStartParams) };
    if (config.kind === 'pglite') await createPgliteDataDir(config.dir, options.startParams);
    client = config.kind === 'pglite' ? new PGlite(config.dir, options) : new PGlite(options);
    await client.waitReady;
  } catch (err) {
    const where = config.kind === 'pglite' ? config.dir : 'memory';
    throw new StartupError(`The embedded database in ${where} cannot be opened: ${describe(err)}`);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Db,
    kind: config.kind,
    ping: async () => {
      try {
        await client.query('select 1');
        return !client.closed;
      } catch {
        return false;
      }
    },
    dumpFiles: async () => {
      // A checkpoint first: the copy then needs little recovery when it is opened.
      await client.query('checkpoint');
      const blob = await client.dumpDataDir('gzip');
      return new Uint8Array(await blob.arrayBuffer());
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Creates the embedded database in `dir` from the files of a backup (dumpFiles), for `npm run restore`. The folder
 * must not hold a database yet.
 */
export async function loadPgliteFiles(dir: string, files: Uint8Array): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(dir, {
    loadDataDir: new Blob([new Uint8Array(files)]),
    startParams: pgliteStartParams(PGlite.defaultStartParams),
  });
  try {
    await client.waitReady;
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => {});
    throw new StartupError(`DATABASE_URL ${redactUrl(url)} does not answer: ${describe(err)}`);
  }
  const db = drizzleNodePg(pool, { schema });
  await migrateNodePg(db, { migrationsFolder: MIGRATIONS });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async (timeoutMs = 2_000) => {
      if (closed) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timeout')), timeoutMs);
        });
        await Promise.race([db.execute(sql`select 1`), timeout]);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Opens the configured database and brings its schema up to date (migrations run at every start). */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url) : openPglite(config);
}
