import { encryptWire, formatEventTime, loginContext } from '@ezrecharge/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { twoFactor, users } from '../../src/db/schema';
import { hashPassword } from '../../src/infra/passwords';
import { totpCode } from '../../src/modules/auth/totp';

/** Signs in through the real endpoint, as the web app does (SPEC.md §7: form-encoded, wire-encrypted password). */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  eventtime: string = formatEventTime(),
) {
  const encrypted = await encryptWire(password, eventtime, loginContext(username));
  return app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password: encrypted, client_secret: eventtime }).toString(),
  });
}

/**
 * An event time used by no earlier sign-in of this test process: the server refuses a second sign-in of one user
 * with the same event time (a replay), and tests sign in faster than one per second. Steps back from 30 s ago,
 * one second per call (tests that pick their own event times use the last few seconds), staying well inside the
 * 5-minute freshness window.
 */
let eventtimeSteps = 0;
function uniqueEventTime(): string {
  eventtimeSteps = (eventtimeSteps + 1) % 200;
  return formatEventTime(new Date(Date.now() - (30 + eventtimeSteps) * 1000));
}

/**
 * TOTP secrets of the superusers this helper enrolled, per app and lower-case username: a test that is not about
 * two-factor sign-in signs in as a superuser the way the console makes one do, with a code computed here.
 */
const totpSecrets = new WeakMap<FastifyInstance, Map<string, string>>();

function secretsOf(app: FastifyInstance): Map<string, string> {
  let secrets = totpSecrets.get(app);
  if (!secrets) {
    secrets = new Map();
    totpSecrets.set(app, secrets);
  }
  return secrets;
}

/**
 * Turns two-factor sign-in on for the user of `auth` through the API (setup, then the first code with the password)
 * and returns the secret and the recovery codes. The session of `auth` has then passed the second factor.
 */
export async function enrolTwoFactor(
  app: FastifyInstance,
  auth: string,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/v1/user/two-factor/setup',
    headers: { authorization: auth },
  });
  if (setup.statusCode !== 200) throw new Error(`two-factor setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = (setup.json() as { data: { secret: string } }).data;
  const enable = await app.inject({
    method: 'POST',
    url: '/api/v1/user/two-factor/enable',
    headers: { authorization: auth },
    payload: { code: totpCode(secret, new Date()), password },
  });
  if (enable.statusCode !== 200)
    throw new Error(`two-factor enable failed: ${enable.statusCode} ${enable.body}`);
  const me = await app.inject({
    method: 'GET',
    url: '/api/v1/user/readme/',
    headers: { authorization: auth },
  });
  secretsOf(app).set((me.json() as { data: { username: string } }).data.username.toLowerCase(), secret);
  return {
    secret,
    recoveryCodes: (enable.json() as { data: { recovery_codes: string[] } }).data.recovery_codes,
  };
}

/** The second step of a two-factor sign-in. */
export function completeTwoFactor(app: FastifyInstance, token: string, code: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/login/two-factor',
    payload: { two_factor_token: token, code },
  });
}

/**
 * Signs in and returns the Authorization header value; fails the test if sign-in fails. A superuser gets a session
 * that passed the second factor: enrolled at its first sign-in here, then signing in with a code of its secret.
 */
export async function bearer(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await login(app, username, password, uniqueEventTime());
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  const answer = res.json() as { access_token?: string; two_factor_token?: string };
  if (answer.access_token !== undefined) {
    const auth = `Bearer ${answer.access_token}`;
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/user/readme/',
      headers: { authorization: auth },
    });
    const user = (me.json() as { data: { is_superuser: boolean; two_factor_enabled: boolean } }).data;
    if (user.is_superuser && !user.two_factor_enabled) await enrolTwoFactor(app, auth, password);
    return auth;
  }
  const secret = secretsOf(app).get(username.trim().toLowerCase());
  if (!secret || !answer.two_factor_token) throw new Error(`no TOTP secret of ${username} in this test app`);
  // A code works once: the code of this 30-second step may have signed this user in already. The test plays an
  // authenticator 30 seconds later instead of waiting for it (tests about replay sign in themselves).
  await app.database.db
    .update(twoFactor)
    .set({ lastStep: null })
    .where(
      sql`${twoFactor.userId} = (select id from users where lower(username) = lower(${username.trim()}))`,
    );
  const done = await completeTwoFactor(app, answer.two_factor_token, totpCode(secret, new Date()));
  if (done.statusCode !== 200) throw new Error(`two-factor sign-in of ${username} failed: ${done.body}`);
  return `Bearer ${(done.json() as { access_token: string }).access_token}`;
}

/** Inserts a user directly (for tests that are not about registration). */
export async function createUser(
  app: FastifyInstance,
  fields: { username: string; password: string; email: string; isSuperuser?: boolean; isActive?: boolean },
): Promise<number> {
  const [row] = await app.database.db
    .insert(users)
    .values({
      username: fields.username,
      passwordHash: await hashPassword(fields.password),
      nickname: fields.username,
      email: fields.email,
      isSuperuser: fields.isSuperuser ?? false,
      isActive: fields.isActive ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}
