import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { loggableError } from '../src/infra/db-errors';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Issue #15: a failed user insert wrote its parameters, the argon2id hash among them, into the log. Database errors
 * are logged by SQLSTATE and constraint only. The errors here are the database's own (PGlite or PostgreSQL).
 */

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$SECRET-HASH-VALUE';

describe('database errors in logs', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({}, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function failure(run: () => Promise<unknown>): Promise<unknown> {
    try {
      await run();
    } catch (err) {
      return err;
    }
    throw new Error('expected the statement to fail');
  }

  it('tell a unique violation by code and constraint, never the values (the password hash)', async () => {
    const err = await failure(() =>
      t.app.database.db.insert(users).values({
        username: TEST_ADMIN.username.toUpperCase(),
        passwordHash: HASH,
        email: 'dup@example.com',
      }),
    );
    // The raw error does carry the hash: this is what must not reach a log line.
    expect(String((err as Error).message)).toContain('SECRET-HASH-VALUE');
    const safe = loggableError(err);
    expect(safe).toMatchObject({ code: '23505', constraint: 'users_username_lower_uq' });
    expect(safe.message).toBe('database error 23505 (constraint users_username_lower_uq, table users)');

    t.app.log.error({ err }, 'user insert failed');
    const line = lines.find((l) => l.includes('user insert failed')) ?? '';
    expect(line).toContain('"code":"23505"');
    expect(line).toContain('users_username_lower_uq');
    expect(line).not.toContain('SECRET-HASH-VALUE');
    expect(line).not.toContain('dup@example.com');
  });

  it('never quote a value the database could not read', async () => {
    const err = await failure(() => t.app.database.db.execute(sql`select ${'not-a-number-SECRET'}::integer`));
    const safe = loggableError(err);
    expect(safe.code).toBe('22P02');
    expect(JSON.stringify(safe)).not.toContain('SECRET');
  });

  it('keep a failed query without its parameters when the driver gave no SQLSTATE', () => {
    const err = new Error(
      'Failed query: insert into "payment_notifications" values ($1)\nparams: {"skey":"abc123"}',
      { cause: new Error('connection terminated') },
    );
    const safe = loggableError(err);
    expect(safe.message).toBe(
      'Failed query: insert into "payment_notifications" values ($1): connection terminated',
    );
    expect(JSON.stringify(safe)).not.toContain('abc123');
  });
});
