/**
 * PostgreSQL constraint errors, read the same way for both drivers. Drizzle wraps the driver's error (pg or PGlite)
 * as the `cause` of its own, so the code and constraint are looked for on the error and down its cause chain.
 * The one place the server recognises a constraint violation: services turn these into their own answers.
 */

interface PgError {
  code: string;
  constraint: string;
  table: string;
  column: string;
}

/** The PostgreSQL error code and constraint name on the error or its causes, else null. */
function pgError(err: unknown): PgError | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const { code, constraint, table, column, cause } = e as Record<string, unknown>;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      return { code, constraint: text(constraint), table: text(table), column: text(column) };
    }
    e = cause;
  }
  return null;
}

/** 23505: the name of the unique index the write violated ('' when the driver did not say), else null. */
export function uniqueViolation(err: unknown): string | null {
  const pg = pgError(err);
  return pg?.code === '23505' ? pg.constraint : null;
}

/** 23503: the name of the foreign key the write violated ('' when the driver did not say), else null. */
export function foreignKeyViolation(err: unknown): string | null {
  const pg = pgError(err);
  return pg?.code === '23503' ? pg.constraint : null;
}

/** An error as it may be logged or kept in a job's last_error. */
export interface LoggableError {
  type: string;
  message: string;
  /** SQLSTATE, constraint, table and column of a database error (any may be ''). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
}

const MAX_MESSAGE = 500;

/**
 * What of an error may reach a log line or a stored job error (DESIGN.md §9: nothing secret in logs). A database
 * error is told by its SQLSTATE, constraint, table and column only: the driver's message and detail can quote values
 * ("Key (email)=(…) already exists", "invalid input syntax for type integer: …") and Drizzle's message lists the
 * query's parameters (a password hash, a signed post). Any other error keeps its message, without a Drizzle
 * parameter list, and its stack frames.
 */
export function loggableError(err: unknown): LoggableError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).slice(0, MAX_MESSAGE) };
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const pg = pgError(err);
  if (pg) {
    const where = [
      pg.constraint && `constraint ${pg.constraint}`,
      pg.table && `table ${pg.table}`,
      pg.column && `column ${pg.column}`,
    ]
      .filter(Boolean)
      .join(', ');
    return {
      type: err.name,
      message: `database error ${pg.code}${where ? ` (${where})` : ''}`,
      code: pg.code,
      constraint: pg.constraint,
      table: pg.table,
      column: pg.column,
      stack: frames,
    };
  }
  const withoutParams = (text: string) => text.split(/\n?params:/)[0] ?? '';
  const cause = err.cause instanceof Error ? `: ${withoutParams(err.cause.message)}` : '';
  return {
    type: err.name,
    message: `${withoutParams(err.message)}${cause}`.slice(0, MAX_MESSAGE),
    stack: frames,
  };
}
