import { formatEventTime } from '@ezrecharge/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, recoveryCodes, sessions, twoFactor } from '../src/db/schema';
import { TOTP_PERIOD_S, totpCode, totpStep } from '../src/modules/auth/totp';
import { CHALLENGE_MAX_ATTEMPTS, TWO_FACTOR_FAILURES } from '../src/modules/auth/two-factor-service';
import { completeTwoFactor, createUser, login } from './support/auth';
import { latestCode } from './support/outbox';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * Two-factor sign-in through HTTP (issue #15): a superuser's admin calls are refused until a session passed the
 * second factor; enrolment with a QR code, the secret and a first code; sign-in in two steps; recovery codes; codes
 * used once and rate limited.
 */

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp();
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;

/**
 * Event times of this file, each a second before the last from the file's start: no two sign-ins share one (a
 * second sign-in of a user with a used one is refused as a replay), all within the 5-minute window.
 */
const START = Date.now();
let stepsBack = 0;
const eventTime = () => formatEventTime(new Date(START - ++stepsBack * 1000));

const call = (method: 'GET' | 'POST', url: string, auth?: string, payload?: Json) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    ...(auth ? { headers: { authorization: auth } } : {}),
    ...(payload ? { payload } : {}),
  });

/** The password step: a session (`auth`) or the token of the code step (`challenge`). */
async function password(username: string, pass: string): Promise<{ auth?: string; challenge?: string }> {
  const res = await login(app, username, pass, eventTime());
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { access_token?: string; two_factor_token?: string };
  return body.access_token
    ? { auth: `Bearer ${body.access_token}` }
    : { challenge: body.two_factor_token ?? '' };
}

/** The code of the step `offset` steps from now (a sign-in right after an enrolment uses the next step's code). */
const codeAt = (secret: string, offset = 0) =>
  totpCode(secret, new Date((totpStep(new Date()) + offset) * TOTP_PERIOD_S * 1000));

let counter = 0;
async function newUser(fields: { isSuperuser?: boolean } = {}) {
  counter++;
  const username = `twofa_${counter}_${Date.now().toString(36)}`;
  const pass = `pass-${counter}-word`;
  const id = await createUser(app, { username, password: pass, email: `${username}@example.com`, ...fields });
  return { id, username, password: pass };
}

/** Enrols the signed-in user through the API; the secret and the recovery codes. */
async function enrol(auth: string, pass: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await call('POST', '/user/two-factor/setup', auth);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = (setup.json() as { data: { secret: string } }).data;
  const enable = await call('POST', '/user/two-factor/enable', auth, {
    code: codeAt(secret),
    password: pass,
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, codes: (enable.json() as { data: { recovery_codes: string[] } }).data.recovery_codes };
}

describe('a superuser without a second factor', () => {
  it('is refused every admin call with what to do, but can read their profile and reach enrolment', async () => {
    const { auth } = await password(TEST_ADMIN.username, TEST_ADMIN.password);
    const refused = await call('GET', '/user/', auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'forbidden',
      message_key: 'two_factor_enrol_required',
      message:
        'Administrators must turn on two-factor sign-in before using the console: open Two-factor sign-in.',
    });
    for (const url of ['/faq/', '/jobs/dead', '/feedback/']) {
      expect((await call('GET', url, auth)).statusCode, url).toBe(403);
    }
    // Routes open to any user grant no superuser powers either: only their own orders.
    const orders = await call('GET', '/order/', auth);
    expect(orders.statusCode).toBe(200);
    const me = await call('GET', '/user/readme/', auth);
    expect(me.json()).toMatchObject({ data: { is_superuser: true, two_factor_enabled: false } });
    const status = await call('GET', '/user/two-factor', auth);
    expect(status.json()).toMatchObject({ data: { enabled: false, required: true, recovery_codes_left: 0 } });
  });
});

describe('enrolment', () => {
  it('gives a secret as text and as a QR code, stores it sealed, and turns on with the password and a first code', async () => {
    const u = await newUser({ isSuperuser: true });
    const { auth } = await password(u.username, u.password);
    const other = (await password(u.username, u.password)).auth;
    const setup = await call('POST', '/user/two-factor/setup', auth);
    expect(setup.statusCode).toBe(200);
    const data = (setup.json() as { data: { secret: string; otpauth_url: string; qr_svg: string } }).data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_url).toBe(
      `otpauth://totp/EzRecharge:${u.username}?issuer=EzRecharge&secret=${data.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const svg = Buffer.from(data.qr_svg.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const [row] = await app.database.db.select().from(twoFactor).where(eq(twoFactor.userId, u.id));
    expect(row?.enabledAt).toBeNull();
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(row?.secretSealed).not.toContain(data.secret);

    // Not on yet: still refused, and a wrong password or a wrong code does not turn it on.
    expect((await call('GET', '/user/', auth)).statusCode).toBe(403);
    const wrongPassword = await call('POST', '/user/two-factor/enable', auth, {
      code: codeAt(data.secret),
      password: 'not-my-password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ errors: { password: 'The password is incorrect' } });
    const wrongCode = await call('POST', '/user/two-factor/enable', auth, {
      code: codeAt(data.secret, 3),
      password: u.password,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({
      errors: { code: 'The code is wrong, has expired or was already used' },
    });

    const enable = await call('POST', '/user/two-factor/enable', auth, {
      code: codeAt(data.secret),
      password: u.password,
    });
    expect(enable.statusCode).toBe(200);
    expect(enable.json()).toMatchObject({ message_key: 'two_factor_turned_on' });
    const codes = (enable.json() as { data: { recovery_codes: string[] } }).data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await app.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(r.codeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace('-', ''));

    // This session passed the second factor: admin calls work; the user's other session was signed out.
    expect((await call('GET', '/user/', auth)).statusCode).toBe(200);
    expect((await call('GET', '/user/readme/', other)).statusCode).toBe(401);
    expect((await call('GET', '/user/readme/', auth)).json()).toMatchObject({
      data: { two_factor_enabled: true },
    });
    // Once on, a new setup is refused rather than replacing the secret.
    expect((await call('POST', '/user/two-factor/setup', auth)).statusCode).toBe(409);
  });

  it('refuses a first code before any setup', async () => {
    const u = await newUser();
    const { auth } = await password(u.username, u.password);
    const res = await call('POST', '/user/two-factor/enable', auth, { code: '123456', password: u.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message_key: 'two_factor_not_started' });
  });
});

describe('sign-in with two-factor sign-in on', () => {
  it('takes two steps; the token between them is no session; the code signs in once', async () => {
    const u = await newUser({ isSuperuser: true });
    const { secret } = await enrol((await password(u.username, u.password)).auth ?? '', u.password);

    const { challenge, auth } = await password(u.username, u.password);
    expect(auth).toBeUndefined();
    expect(challenge).toMatch(/^\S{20,}$/);
    // The intermediate state opens nothing: not as a bearer token, not for admin calls.
    expect((await call('GET', '/user/readme/', `Bearer ${challenge}`)).statusCode).toBe(401);
    expect((await call('GET', '/user/', `Bearer ${challenge}`)).statusCode).toBe(401);
    const [row] = await app.database.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.userId, u.id));
    expect(row?.tokenHash).not.toContain(challenge);

    // The enrolment used this step's code: the next step's is the one to type now.
    const code = codeAt(secret, 1);
    const done = await completeTwoFactor(app, challenge ?? '', code);
    expect(done.statusCode, done.body).toBe(200);
    const session = `Bearer ${(done.json() as { access_token: string }).access_token}`;
    expect((await call('GET', '/user/', session)).statusCode).toBe(200);
    const [newest] = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, u.id))
      .orderBy(desc(sessions.id))
      .limit(1);
    expect(newest?.secondFactorAt).not.toBeNull();

    // The same code again, on a new sign-in within its window: refused (a code works once).
    const again = await password(u.username, u.password);
    const replay = await completeTwoFactor(app, again.challenge ?? '', code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message_key: 'two_factor_code_wrong' });
    // The challenge itself is single use too.
    expect((await completeTwoFactor(app, challenge ?? '', codeAt(secret, 1))).json()).toMatchObject({
      message_key: 'two_factor_sign_in_expired',
    });
  });

  it('takes a recovery code once, however it is typed', async () => {
    const u = await newUser();
    const { codes } = await enrol((await password(u.username, u.password)).auth ?? '', u.password);
    const code = codes[3] ?? '';
    const first = await password(u.username, u.password);
    const typed = ` ${code.toUpperCase().replace('-', ' - ')} `;
    const ok = await completeTwoFactor(app, first.challenge ?? '', typed);
    expect(ok.statusCode, ok.body).toBe(200);
    const auth = `Bearer ${(ok.json() as { access_token: string }).access_token}`;
    expect((await call('GET', '/user/two-factor', auth)).json()).toMatchObject({
      data: { enabled: true, required: false, recovery_codes_left: 9 },
    });
    const second = await password(u.username, u.password);
    const reused = await completeTwoFactor(app, second.challenge ?? '', code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message_key: 'two_factor_code_wrong' });
  });

  it('refuses an expired sign-in', async () => {
    const u = await newUser();
    const { secret } = await enrol((await password(u.username, u.password)).auth ?? '', u.password);
    const { challenge } = await password(u.username, u.password);
    await app.database.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, u.id));
    const res = await completeTwoFactor(app, challenge ?? '', codeAt(secret, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'This sign-in has expired. Please sign in again.' });
  });

  it(`limits codes: ${CHALLENGE_MAX_ATTEMPTS} wrong ones end a sign-in, ${TWO_FACTOR_FAILURES.max} end them all for a while`, async () => {
    const u = await newUser();
    const { secret } = await enrol((await password(u.username, u.password)).auth ?? '', u.password);
    const wrong = codeAt(secret, 5);
    const first = await password(u.username, u.password);
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++) {
      expect((await completeTwoFactor(app, first.challenge ?? '', wrong)).statusCode).toBe(400);
    }
    // Even the right code no longer opens this sign-in.
    expect((await completeTwoFactor(app, first.challenge ?? '', codeAt(secret, 1))).json()).toMatchObject({
      message_key: 'two_factor_sign_in_expired',
    });
    const second = await password(u.username, u.password);
    for (let i = CHALLENGE_MAX_ATTEMPTS; i < TWO_FACTOR_FAILURES.max; i++) {
      expect((await completeTwoFactor(app, second.challenge ?? '', wrong)).statusCode).toBe(400);
    }
    const third = await password(u.username, u.password);
    const blocked = await completeTwoFactor(app, third.challenge ?? '', codeAt(secret, 1));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('survives a password reset: the new password still needs the code (ASVS 6.4.3)', async () => {
    const u = await newUser();
    await enrol((await password(u.username, u.password)).auth ?? '', u.password);
    const email = `${u.username}@example.com`;
    const ask = { captcha_api: 'forget_password', captcha_type: 'email', captcha_value: email };
    expect((await call('POST', '/captcha/', undefined, ask)).statusCode).toBe(200);
    const reset = await call('POST', '/user/forgot_password', undefined, {
      email,
      new_password: 'brand-new-pass',
      captcha_info: { ...ask, captcha_code: await latestCode(t.dataDir, email) },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { challenge, auth } = await password(u.username, 'brand-new-pass');
    expect(auth).toBeUndefined();
    expect(challenge).toBeDefined();
  });
});

describe('turning two-factor sign-in off', () => {
  it('is for ordinary users, with the password and a code, and signs out their other sessions', async () => {
    const u = await newUser();
    const { auth } = await password(u.username, u.password);
    const { codes } = await enrol(auth ?? '', u.password);
    const wrong = await call('POST', '/user/two-factor/disable', auth, {
      code: '000000',
      password: u.password,
    });
    expect(wrong.statusCode).toBe(400);
    const off = await call('POST', '/user/two-factor/disable', auth, {
      code: codes[0] ?? '',
      password: u.password,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message_key: 'two_factor_turned_off' });
    expect((await password(u.username, u.password)).auth).toMatch(/^Bearer /);
    expect(await app.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id))).toEqual(
      [],
    );
  });

  it('is refused to a superuser', async () => {
    const u = await newUser({ isSuperuser: true });
    const { auth } = await password(u.username, u.password);
    const { codes } = await enrol(auth ?? '', u.password);
    const res = await call('POST', '/user/two-factor/disable', auth, {
      code: codes[0] ?? '',
      password: u.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message_key: 'two_factor_required_for_admins' });
    expect((await call('GET', '/user/two-factor', auth)).json()).toMatchObject({ data: { enabled: true } });
  });
});
