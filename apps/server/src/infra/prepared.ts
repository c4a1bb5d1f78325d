import { createHash } from 'node:crypto';
import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import {
  PgDialect,
  type PgPreparedQuery,
  type PgSession,
  type PreparedQueryConfig,
} from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';

/**
 * A hot statement compiled to SQL text once and, on PostgreSQL, prepared once per connection (issue #12: the order
 * commit). Drizzle turns a query object into text at every call, walking every chunk of it (a tenth of the commit's
 * CPU for its one insert statement), and PostgreSQL parses and plans an unnamed statement at every call (half the
 * database's CPU of that insert). Built once with placeholders (`sql.placeholder('name')`, or `placeholder` below)
 * instead of values, the text is compiled once; run under a name derived from that text, node-postgres sends it to
 * each pooled connection once and afterwards only its parameters, and PostgreSQL reuses the parse and, after a few
 * runs, the plan. PGlite runs it as an ordinary statement. Inside a transaction it runs on the transaction's
 * connection like any other query.
 *
 * Values are filled in by placeholder name; a placeholder inside an insert's values or an update's set gets that
 * column's mapping (a Date for a timestamp column, an object for jsonb), one in plain SQL is sent as it is.
 */
export class PreparedStatement {
  private readonly query: Query;
  /** Named after the text, so two statements can never share a name on a connection. */
  readonly name: string;
  private readonly bySession = new WeakMap<object, PgPreparedQuery<PreparedQueryConfig>>();

  constructor(statement: SQL) {
    this.query = dialect.sqlToQuery(statement);
    this.name = `ezr_${createHash('sha256').update(this.query.sql).digest('hex').slice(0, 24)}`;
  }

  /** The rows the statement returns (RETURNING or SELECT), as the driver gives them: columns by name. */
  async rows<T extends Record<string, unknown>>(db: DbOrTx, values: Record<string, unknown>): Promise<T[]> {
    const session = (db as unknown as { _: { session: PgSession } })._.session;
    let prepared = this.bySession.get(session);
    if (!prepared) {
      prepared = session.prepareQuery(this.query, undefined, this.name, false);
      this.bySession.set(session, prepared);
    }
    const result = (await prepared.execute(values)) as { rows: T[] };
    return result.rows;
  }
}

const dialect = new PgDialect();

/** `sql.placeholder`, typed for use anywhere a value may go (an insert's values, a `sql` template). */
export function placeholder(name: string): Placeholder {
  return sql.placeholder(name);
}

/**
 * Statements whose text depends on the shape of their input (how many rows, which optional parts), each built and
 * prepared once per shape: `statements.get(shape, () => build())`.
 */
export class PreparedStatements {
  private readonly byShape = new Map<string, PreparedStatement>();

  constructor(private readonly maxShapes = 64) {}

  get(shape: string, build: () => SQL): PreparedStatement {
    let statement = this.byShape.get(shape);
    if (!statement) {
      statement = new PreparedStatement(build());
      // Shapes come from code, not from input: a bound only guards against a bug that would make them unbounded.
      if (this.byShape.size >= this.maxShapes) this.byShape.clear();
      this.byShape.set(shape, statement);
    }
    return statement;
  }
}
