import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatEventTime } from '@ezrecharge/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { orders, sessions, twoFactor } from '../src/db/schema';
import { seal, unseal } from '../src/infra/sealed';
import { keyedHash } from '../src/infra/tokens';
import { resealAll } from '../src/key-rotation';
import { totpCode } from '../src/modules/auth/totp';
import { SECRET_SEAL } from '../src/modules/auth/two-factor-service';
import { REFUND_BANK_PURPOSE } from '../src/modules/refunds/refunds-common';
import { bearer, completeTwoFactor, login } from './support/auth';
import { createTestDatabase, startTestApp, TEST_ADMIN, TEST_PG_BASE, type TestApp } from './support/test-app';

/**
 * Key rotation (issue #31): APP_SECRETS lists keys newest first. Sealed data and sessions made with an older key stay
 * usable while it is listed; `npm run rotate-keys` (resealAll) moves every sealed value to the newest key, a session
 * moves when next used; once the old key is dropped, what still needed it is refused cleanly.
 */

const K1 = 'rotation-key-one-0123456789abcdef0123456789';
const K2 = 'rotation-key-two-0123456789abcdef0123456789';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** One site (data dir and database) that outlives the app processes started on it. */
async function site(): Promise<{ start: (keys: Record<string, string>) => Promise<TestApp> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ezr-rotate-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  // The embedded database in DATA_DIR (DATABASE_URL empty), or a PostgreSQL database of the test's own.
  let databaseUrl = '';
  if (TEST_PG_BASE) {
    const created = await createTestDatabase(TEST_PG_BASE);
    cleanups.push(created.drop);
    databaseUrl = created.url;
  }
  return { start: (keys) => startTestApp({ DATABASE_URL: databaseUrl, ...keys }, { dataDir }) };
}

const me = (app: TestApp, auth: string) =>
  app.app.inject({ method: 'GET', url: '/api/v1/user/readme/', headers: { authorization: auth } });

/** Sign-ins take ever later event times (the server refuses one not later than the last: a replay). */
let second = Math.floor(Date.now() / 1000) - 120;

/** The admin's two-factor sign-in with a code of `secret` (the replay guard reset: tests sign in within one step). */
async function signInWithCode(app: TestApp, secret: string): Promise<{ status: number; auth: string }> {
  await app.app.database.db.update(twoFactor).set({ lastStep: null });
  second += 1;
  const eventtime = formatEventTime(new Date(second * 1000));
  const res = await login(app.app, TEST_ADMIN.username, TEST_ADMIN.password, eventtime);
  const token = (res.json() as { two_factor_token?: string }).two_factor_token;
  if (!token) return { status: res.statusCode, auth: '' };
  const done = await completeTwoFactor(app.app, token, totpCode(secret, new Date()));
  const access = (done.json() as { access_token?: string }).access_token;
  return { status: done.statusCode, auth: `Bearer ${access ?? ''}` };
}

describe('APP_SECRETS', () => {
  it('is refused beside APP_SECRET, and with a short key', () => {
    expect(() => loadConfig({ APP_SECRET: K1, APP_SECRETS: `${K2},${K1}` })).toThrow(/both set/);
    expect(() => loadConfig({ APP_SECRETS: `${K2},short` })).toThrow(/^APP_SECRETS /);
    const config = loadConfig({ APP_SECRETS: ` ${K2} , ${K1} ` });
    expect(config.appSecret).toBe(K2);
    expect(config.olderAppSecrets).toEqual([K1]);
  });

  it('keeps sessions and sealed data through a rotation; rotate-keys re-seals; the old key can then go', {
    timeout: 120_000,
  }, async () => {
    const s = await site();

    // Before: one key. The admin enrols two-factor sign-in (its secret sealed with K1), an order holds bank details.
    const before = await s.start({ APP_SECRET: K1 });
    await bearer(before.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const [row] = await before.app.database.db.select().from(twoFactor);
    const totpSecret = row ? unseal(K1, SECRET_SEAL, row.secretSealed) : null;
    if (!totpSecret) throw new Error('no enrolled secret');
    const usedAuth = (await signInWithCode(before, totpSecret)).auth;
    const idleAuth = (await signInWithCode(before, totpSecret)).auth;
    await before.app.database.db.execute(
      sql`insert into orders (order_num, game_id, order_status, email, page_info, product_name, currency,
            unit_amount, game_amount, quantity, amount, amount_game, gateway, refund_beneficiary)
          values ('EZROTATE1', 'fan', 10, 'a@example.com', 'recharge', 'Diamonds', 'MYR', 500, 100, 1, 500, 100,
            'fiuu', ${seal(K1, REFUND_BANK_PURPOSE, '{"bank":"MBB"}')})`,
    );
    await before.close();

    // During: K2 is the newest, K1 still listed. Everything made with K1 still works.
    const during = await s.start({ APP_SECRETS: `${K2},${K1}` });
    expect((await me(during, usedAuth)).statusCode).toBe(200);
    // The session used under the new key is hashed with it from now on.
    const token = usedAuth.replace('Bearer ', '');
    const hashes = await during.app.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(hashes.map((h) => h.h)).toContain(keyedHash(K2, token, 'session'));
    expect((await signInWithCode(during, totpSecret)).status).toBe(200);
    const reports = await resealAll(during.app.database.db, during.config.appSecret ?? '');
    expect(reports).toEqual([
      { what: 'two-factor secrets', resealed: 1, unreadable: 0 },
      { what: 'refund bank details', resealed: 1, unreadable: 0 },
      { what: 'queued sign-in code e-mails', resealed: 0, unreadable: 0 },
    ]);
    const [order] = await during.app.database.db
      .select({ sealed: orders.refundBeneficiary })
      .from(orders)
      .where(eq(orders.orderNum, 'EZROTATE1'));
    expect(unseal(K1, REFUND_BANK_PURPOSE, order?.sealed ?? '')).toBeNull();
    await during.close();

    // After: K1 dropped. Re-sealed data and the session used meanwhile work; a session not used since is refused.
    const after = await s.start({ APP_SECRET: K2 });
    expect((await me(after, usedAuth)).statusCode).toBe(200);
    expect((await me(after, idleAuth)).statusCode).toBe(401);
    expect((await signInWithCode(after, totpSecret)).status).toBe(200);
    const [kept] = await after.app.database.db
      .select({ sealed: orders.refundBeneficiary })
      .from(orders)
      .where(eq(orders.orderNum, 'EZROTATE1'));
    expect(unseal(K2, REFUND_BANK_PURPOSE, kept?.sealed ?? '')).toBe('{"bank":"MBB"}');
    await after.close();
  });
});
