/**
 * PostgreSQL constraint errors, read the same way for both drivers. Drizzle wraps the driver's error (pg or PGlite)
 * as the `cause` of its own, so the code and constraint are looked for on the error and down its cause chain.
 * The one place the server recognises a constraint violation: services turn these into their own answers.
 */

interface PgError {
  code: string;
  constraint: string;
}

/** The PostgreSQL error code and constraint name on the error or its causes, else null. */
function pgError(err: unknown): PgError | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : '' };
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
