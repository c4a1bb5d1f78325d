import { encryptWire, formatEventTime, loginContext, MESSAGES } from '@ezrecharge/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, loginNonces, sessions, users } from '../src/db/schema';
import { Sessions } from '../src/infra/auth';
import { verifyPassword } from '../src/infra/passwords';
import { createRateLimiter } from '../src/infra/rate-limit';
import { AuthService } from '../src/modules/auth/auth-service';
import { TwoFactorService } from '../src/modules/auth/two-factor-service';
import { bearer, createUser, login } from './support/auth';
import { latestCode, readOutbox } from './support/outbox';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp();
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

/** Every scenario gets its own client address, so per-IP limits of one test never touch another. */
let ipCounter = 0;
function freshIp(): string {
  ipCounter++;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

type Json = Record<string, unknown>;

function post(url: string, payload: Json, opts: { ip?: string; auth?: string; lang?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: opts.ip ?? freshIp(),
    headers: {
      ...(opts.auth ? { authorization: opts.auth } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
  });
}

function get(url: string, auth?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: auth ? { authorization: auth } : {},
  });
}

/** A form-encoded sign-in with every field under the test's control. */
function rawLogin(fields: Record<string, string>, ip?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip ?? '127.0.0.1',
    payload: new URLSearchParams(fields).toString(),
  });
}

async function encryptedLogin(username: string, password: string, eventtime: string, ip?: string) {
  const encrypted = await encryptWire(password, eventtime, loginContext(username));
  return rawLogin({ username, password: encrypted, client_secret: eventtime }, ip);
}

let userCounter = 0;
async function newUser(overrides: { isActive?: boolean } = {}) {
  userCounter++;
  const username = `user_${userCounter}_${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const password = `pass-${userCounter}-word`;
  const id = await createUser(app, { username, password, email, ...overrides });
  return { id, username, email, password };
}

describe('POST /login/access-token', () => {
  it('signs in with the wire-encrypted password and answers an OAuth2-shaped token at top level', async () => {
    const res = await login(app, TEST_ADMIN.username, TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { access_token: string; token_type: string };
    expect(Object.keys(body).sort()).toEqual(['access_token', 'token_type']);
    expect(body.token_type).toBe('bearer');
    expect(body.access_token.length).toBeGreaterThanOrEqual(40);
    const me = await get('/user/readme/', `Bearer ${body.access_token}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ data: { username: TEST_ADMIN.username, is_superuser: true } });
  });

  it('finds the user whatever the case of the username', async () => {
    const u = await newUser();
    const res = await login(app, u.username.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown user', async () => {
    const u = await newUser();
    const wrong = await login(app, u.username, 'not-the-password');
    const unknown = await login(app, 'nobody_at_all', u.password);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ message: 'Incorrect username or password' });
  });

  it('gives the same answer for a password that does not decrypt', async () => {
    const u = await newUser();
    const eventtime = formatEventTime();
    // Encrypted for another username: the server's key does not fit.
    const encrypted = await encryptWire(u.password, eventtime, loginContext('someone_else'));
    const res = await rawLogin({ username: u.username, password: encrypted, client_secret: eventtime });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Incorrect username or password' });
    const garbage = await rawLogin({
      username: u.username,
      password: 'not base64!',
      client_secret: eventtime,
    });
    expect(garbage.json()).toMatchObject({ message: 'Incorrect username or password' });
  });

  it('refuses an event time more than 5 minutes off, in either direction', async () => {
    const u = await newUser();
    for (const offset of [-6 * 60_000, 6 * 60_000]) {
      const res = await encryptedLogin(
        u.username,
        u.password,
        formatEventTime(new Date(Date.now() + offset)),
      );
      expect(res.statusCode).toBe(400);
      expect((res.json() as Json).message).toMatch(/expired/);
    }
    const inside = await encryptedLogin(
      u.username,
      u.password,
      formatEventTime(new Date(Date.now() - 4 * 60_000)),
    );
    expect(inside.statusCode).toBe(200);
  });

  it('refuses a sign-in request replayed with the same event time', async () => {
    const u = await newUser();
    const eventtime = formatEventTime();
    const encrypted = await encryptWire(u.password, eventtime, loginContext(u.username));
    const fields = { username: u.username, password: encrypted, client_secret: eventtime };
    expect((await rawLogin(fields)).statusCode).toBe(200);
    const again = await rawLogin(fields);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'This sign-in request was already used. Please try again.',
    });
    const [nonce] = await app.database.db.select().from(loginNonces).where(eq(loginNonces.userId, u.id));
    expect(nonce?.eventtime).toBe(eventtime);
  });

  it('tells a deactivated user with the right password, and only then', async () => {
    const u = await newUser({ isActive: false });
    const right = await login(app, u.username, u.password);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ message: 'This account is deactivated. Please contact support.' });
    const wrong = await login(app, u.username, 'wrong-password');
    expect(wrong.json()).toMatchObject({ message: 'Incorrect username or password' });
  });

  it('answers 429 with Retry-After after 10 failures for one username and address, even with the right password', async () => {
    const u = await newUser();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await encryptedLogin(
        u.username,
        'wrong-password',
        formatEventTime(new Date(Date.now() - i * 1000)),
        ip,
      );
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const blocked = await encryptedLogin(u.username.toUpperCase(), u.password, formatEventTime(), ip);
    expect(blocked.statusCode).toBe(429);
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Another address is not blocked.
    expect((await encryptedLogin(u.username, u.password, formatEventTime(), freshIp())).statusCode).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    const u = await newUser();
    const ip = freshIp();
    for (let i = 0; i < 9; i++) {
      await encryptedLogin(
        u.username,
        'wrong-password',
        formatEventTime(new Date(Date.now() - i * 1000)),
        ip,
      );
    }
    expect((await encryptedLogin(u.username, u.password, formatEventTime(), ip)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      const res = await encryptedLogin(
        u.username,
        'wrong-password',
        formatEventTime(new Date(Date.now() - i * 1000)),
        ip,
      );
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers missing fields with the SPEC messages under each field', async () => {
    const res = await rawLogin({ username: '', password: '', client_secret: formatEventTime() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { username: 'Username is a required input', password: 'Password is a required input' },
    });
    const badTime = await rawLogin({ username: 'someone', password: 'x', client_secret: '2026' });
    expect(badTime.statusCode).toBe(400);
    expect((badTime.json() as { errors: Json }).errors).toHaveProperty('client_secret');
  });

  it('accepts surrounding spaces in the typed username (the key uses the field as sent)', async () => {
    const u = await newUser();
    const res = await login(app, ` ${u.username} `, u.password);
    expect(res.statusCode).toBe(200);
  });

  it('stores only a hash of the token, with the address and browser of the sign-in', async () => {
    const u = await newUser();
    const token = (await bearer(app, u.username, u.password)).slice('Bearer '.length);
    const rows = await app.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.ip).toBe('127.0.0.1');
  });
});

describe('login nonces', () => {
  it('are swept once older than 15 minutes, so the table does not grow forever', async () => {
    const u = await newUser();
    const old = formatEventTime(new Date(Date.now() - 60 * 60_000));
    await app.database.db
      .insert(loginNonces)
      .values({ userId: u.id, eventtime: old, createdAt: new Date(Date.now() - 16 * 60_000) });
    const limiter = await createRateLimiter(undefined, app.log);
    // A fresh service sweeps at its first successful sign-in.
    const db = app.database.db;
    const sessions = new Sessions(db, 'test-secret');
    const now = () => new Date();
    const service = new AuthService({
      db,
      secret: 'test-secret',
      mailer: { send: async () => {}, close: () => {} },
      limiter,
      sessions,
      twoFactor: new TwoFactorService({ db, secret: 'test-secret', limiter, sessions, now }),
      log: app.log,
      publicUrl: 'http://localhost',
      timeZone: 'Asia/Singapore',
    });
    const eventtime = formatEventTime();
    const password = await encryptWire(u.password, eventtime, loginContext(u.username));
    await service.login({ username: u.username, password, eventtime }, { ip: '127.0.0.1', lang: 'en' });
    await limiter.close();
    const left = await app.database.db.select().from(loginNonces).where(eq(loginNonces.userId, u.id));
    expect(left.map((n) => n.eventtime)).toEqual([eventtime]);
  });
});

describe('GET /logout', () => {
  it('ends the session: the token then gets 401', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    // A second device; one second apart, since one event time signs a user in once.
    const second = await login(app, u.username, u.password, formatEventTime(new Date(Date.now() - 1000)));
    const other = `Bearer ${(second.json() as { access_token: string }).access_token}`;
    const res = await get('/logout', auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Logout successfully.',
      message_key: 'logout_success',
      data: null,
    });
    expect((await get('/user/readme/', auth)).statusCode).toBe(401);
    expect((await get('/logout', auth)).statusCode).toBe(401);
    // Only that session: another device stays signed in.
    expect((await get('/user/readme/', other)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await get('/logout')).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------------------
// E-mail codes, sign-up and reset

let addressCounter = 0;
function newAddress(): string {
  addressCounter++;
  return `mail_${addressCounter}_${Date.now().toString(36)}@example.com`;
}

function askCode(
  api: 'register' | 'forget_password',
  email: string,
  opts: { ip?: string; lang?: string } = {},
) {
  return post('/captcha/', { captcha_api: api, captcha_type: 'email', captcha_value: email }, opts);
}

function mailsTo(all: Awaited<ReturnType<typeof readOutbox>>, email: string) {
  return all.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

function registration(fields: { username: string; email: string; password?: string; code: string }): Json {
  return {
    username: fields.username,
    email: fields.email,
    password: fields.password ?? 'secret-pass',
    user_type: 1,
    checkbox_terms: true,
    captcha_info: {
      captcha_api: 'register',
      captcha_type: 'email',
      captcha_value: fields.email,
      captcha_code: fields.code,
    },
  };
}

function reset(fields: { email: string; code: string; password: string }): Json {
  return {
    email: fields.email,
    new_password: fields.password,
    captcha_info: {
      captcha_api: 'forget_password',
      captcha_type: 'email',
      captcha_value: fields.email,
      captcha_code: fields.code,
    },
  };
}

/** A 6-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const codeRows = (email: string) =>
  app.database.db
    .select()
    .from(emailCodes)
    .where(sql`lower(${emailCodes.email}) = ${email.toLowerCase()}`)
    .orderBy(emailCodes.id);

let nameCounter = 0;
const newUsername = () => `newbie_${++nameCounter}_${Date.now().toString(36)}`;

describe('POST /captcha/', () => {
  it('e-mails a 6-digit code in English, stored only as a keyed hash with a 10-minute expiry', async () => {
    const email = newAddress();
    const res = await askCode('register', email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'The verification code has been sent to your email.',
      message_key: 'code_sent',
      data: null,
    });
    const [mail] = mailsTo(await readOutbox(t.dataDir), email);
    expect(mail?.subject).toBe('Your EzRecharge verification code');
    const code = await latestCode(t.dataDir, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain('expires in 10 minutes');
    expect(mail?.text).toMatch(/support will never ask you for this code/);
    const [row] = await codeRows(email);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(10 * 60_000);
  });

  it('writes the e-mail in Chinese for Accept-Language zh-CN', async () => {
    const email = newAddress();
    expect((await askCode('register', email, { lang: 'zh-CN,zh;q=0.9,en;q=0.8' })).statusCode).toBe(200);
    const [mail] = mailsTo(await readOutbox(t.dataDir), email);
    expect(mail?.subject).toBe('EzRecharge 验证码');
    expect(mail?.text).toContain('10 分钟内有效');
    expect(mail?.text).toContain('客服绝不会向您索要此验证码');
    expect(mail?.text).toMatch(/^\d{6}$/m);
  });

  it('answers a registered address exactly as a new one, and mails its owner "you already have an account" instead of a code', async () => {
    const u = await newUser();
    const fresh = newAddress();
    const answers = [];
    for (const email of [u.email.toUpperCase(), fresh]) {
      const res = await askCode('register', email);
      // The resend interval too: a second request must not tell the addresses apart either.
      const again = await askCode('register', email);
      answers.push({
        status: res.statusCode,
        body: res.json() as Json,
        againStatus: again.statusCode,
        againBody: again.json() as Json,
        retryAfter: again.headers['retry-after'] !== undefined,
      });
      // The same work for both: one stored code row (nobody ever learns the registered address's code).
      expect(await codeRows(email)).toHaveLength(1);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 200, againStatus: 429, retryAfter: true });
    expect(answers[0]?.body).toEqual({
      message: 'The verification code has been sent to your email.',
      message_key: 'code_sent',
      data: null,
    });
    const outbox = await readOutbox(t.dataDir);
    const [owner] = mailsTo(outbox, u.email);
    expect(mailsTo(outbox, u.email)).toHaveLength(1);
    expect(owner?.subject).toBe('You already have an EzRecharge account');
    expect(owner?.text).toContain(`its username is ${u.username}`);
    expect(owner?.text).toContain('/signin');
    expect(owner?.text).toContain('/reset-password');
    expect(owner?.text).not.toMatch(/\b\d{6}\b/);
    expect(mailsTo(outbox, fresh)[0]?.text).toMatch(/^\d{6}$/m);
  });

  it('writes the "already have an account" e-mail in Chinese for Accept-Language zh', async () => {
    const u = await newUser();
    expect((await askCode('register', u.email, { lang: 'zh-CN' })).statusCode).toBe(200);
    const [mail] = mailsTo(await readOutbox(t.dataDir), u.email);
    expect(mail?.subject).toBe('您已拥有 EzRecharge 账户');
    expect(mail?.text).toContain(`用户名为 ${u.username}。`);
  });

  it('sends at most one code per address every 60 seconds (429 with Retry-After)', async () => {
    const email = newAddress();
    expect((await askCode('register', email)).statusCode).toBe(200);
    const again = await askCode('register', email);
    expect(again.statusCode).toBe(429);
    const retry = Number(again.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(mailsTo(await readOutbox(t.dataDir), email)).toHaveLength(1);
    // A minute later (the row moved back in time) a new code goes out, and the old one stops working.
    await app.database.db
      .update(emailCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(sql`lower(${emailCodes.email}) = ${email}`);
    const first = await latestCode(t.dataDir, email);
    expect((await askCode('register', email)).statusCode).toBe(200);
    const rows = await codeRows(email);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.usedAt).not.toBeNull();
    expect(rows[1]?.usedAt).toBeNull();
    const second = await latestCode(t.dataDir, email);
    if (first !== second) {
      const res = await post('/register', registration({ username: newUsername(), email, code: first }));
      expect(res.statusCode).toBe(400);
    }
  });

  it('limits one address to 10 requests in 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await askCode('forget_password', newAddress(), { ip })).statusCode).toBe(200);
    }
    const blocked = await askCode('forget_password', newAddress(), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers forget_password the same for unknown, deactivated and real addresses, and mails only the real one', async () => {
    const real = await newUser();
    const inactive = await newUser({ isActive: false });
    const unknown = newAddress();
    const answers = [];
    for (const email of [real.email, inactive.email, unknown]) {
      const res = await askCode('forget_password', email);
      answers.push({ status: res.statusCode, body: res.json() as Json });
      // The resend interval too: otherwise a second request would tell the addresses apart.
      const again = await askCode('forget_password', email);
      answers.push({ status: again.statusCode, body: { ...(again.json() as Json), detail: '' } });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        message: 'The verification code has been sent to your email.',
        message_key: 'code_sent',
        data: null,
      },
    });
    expect(answers[1]?.status).toBe(429);
    for (let i = 2; i < answers.length; i += 2) {
      expect(answers[i]).toEqual(answers[0]);
      expect(answers[i + 1]).toEqual(answers[1]);
    }
    const outbox = await readOutbox(t.dataDir);
    expect(mailsTo(outbox, real.email)).toHaveLength(1);
    expect(mailsTo(outbox, inactive.email)).toHaveLength(0);
    expect(mailsTo(outbox, unknown)).toHaveLength(0);
  });

  it('answers bad input with the SPEC messages', async () => {
    const missing = await post('/captcha/', {
      captcha_api: 'register',
      captcha_type: 'email',
      captcha_value: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: { captcha_value: 'Please enter your email to receive the verification code.' },
    });
    const invalid = await post('/captcha/', {
      captcha_api: 'register',
      captcha_type: 'email',
      captcha_value: 'not an email',
    });
    expect(invalid.json()).toMatchObject({ errors: { captcha_value: 'Email is not valid' } });
    const api = await post('/captcha/', {
      captcha_api: 'login',
      captcha_type: 'email',
      captcha_value: newAddress(),
    });
    expect(api.statusCode).toBe(400);
    expect((api.json() as { errors: Json }).errors).toHaveProperty('captcha_api');
  });
});

describe('POST /register', () => {
  it('creates an account with the mailed code; the new user then signs in', async () => {
    const email = newAddress();
    const username = newUsername();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    const res = await post('/register', registration({ username, email, code, password: 'my secret 1' }));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; data: Json };
    expect(body.message).toBe('Registration successful.');
    expect(body.data).toEqual({
      id: expect.any(Number),
      username,
      nickname: username,
      avatar: '',
      email,
      is_superuser: false,
      user_type: 1,
      is_active: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/);
    const [row] = await app.database.db.select().from(users).where(eq(users.username, username));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? '', 'my secret 1')).toBe(true);
    const auth = await bearer(app, username, 'my secret 1');
    const me = await get('/user/readme/', auth);
    expect(me.json()).toMatchObject({ data: { username, email } });
  });

  it('marks the code used by a sign-up', async () => {
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    expect((await post('/register', registration({ username: newUsername(), email, code }))).statusCode).toBe(
      200,
    );
    // The code is used up: a second sign-up with it fails on the code.
    const res = await post('/register', registration({ username: newUsername(), email, code }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { 'captcha_info.captcha_code': 'The verification code is invalid or has expired' },
    });
    const [row] = await codeRows(email);
    expect(row?.usedAt).not.toBeNull();
  });

  it('refuses a reused code even when the first registration did not keep the address', async () => {
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    const ok = await post('/register', registration({ username: newUsername(), email, code }));
    expect(ok.statusCode).toBe(200);
    // Free the address again: only the used code stands between a second sign-up and success.
    await app.database.db.delete(users).where(eq(users.email, email));
    const again = await post('/register', registration({ username: newUsername(), email, code }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      errors: { 'captcha_info.captcha_code': 'The verification code is invalid or has expired' },
    });
  });

  it('refuses a wrong code, and the right one still works after it', async () => {
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    const wrong = await post(
      '/register',
      registration({ username: newUsername(), email, code: otherCode(code) }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'The verification code is invalid or has expired',
      errors: { 'captcha_info.captcha_code': 'The verification code is invalid or has expired' },
    });
    const [row] = await codeRows(email);
    expect(row?.attempts).toBe(1);
    expect(row?.usedAt).toBeNull();
    expect((await post('/register', registration({ username: newUsername(), email, code }))).statusCode).toBe(
      200,
    );
  });

  it('kills a code after 5 wrong tries', async () => {
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/register',
        registration({ username: newUsername(), email, code: otherCode(code) }),
      );
      expect(res.statusCode).toBe(400);
    }
    const [row] = await codeRows(email);
    expect(row?.attempts).toBe(5);
    expect(row?.usedAt).not.toBeNull();
    const right = await post('/register', registration({ username: newUsername(), email, code }));
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({
      errors: { 'captcha_info.captcha_code': 'The verification code is invalid or has expired' },
    });
  });

  it('refuses an expired code', async () => {
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    await app.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`lower(${emailCodes.email}) = ${email}`);
    const res = await post('/register', registration({ username: newUsername(), email, code }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { 'captcha_info.captcha_code': 'The verification code is invalid or has expired' },
    });
  });

  it('refuses a code sent to another address than the one registered', async () => {
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    const body = registration({ username: newUsername(), email: newAddress(), code });
    (body.captcha_info as Json).captcha_value = email;
    const res = await post('/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { 'captcha_info.captcha_code': 'The verification code is invalid or has expired' },
    });
  });

  it('refuses a taken username or e-mail (any case) with 409 naming the field, without using the code', async () => {
    const u = await newUser();
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    const taken = await post('/register', registration({ username: u.username.toUpperCase(), email, code }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'This username is already taken',
      errors: { username: 'This username is already taken' },
    });
    const [row] = await codeRows(email);
    expect(row?.usedAt).toBeNull();

    // A registered address never received a code, so a sign-up with it fails on the code like any made-up code:
    // the answer does not tell that the address has an account (issue #15).
    const other = await newUser();
    const emailTaken = await post(
      '/register',
      registration({ username: newUsername(), email: other.email.toUpperCase(), code: '123456' }),
    );
    expect(emailTaken.statusCode).toBe(400);
    expect(emailTaken.json()).toMatchObject({
      errors: { 'captcha_info.captcha_code': 'The verification code is invalid or has expired' },
    });
  });

  it('refuses an address registered after its code was sent with 409 under email, keeping the code', async () => {
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    await createUser(app, { username: newUsername(), password: 'first-pass', email });
    const res = await post('/register', registration({ username: newUsername(), email, code }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: { email: 'This email is already registered' } });
    const [row] = await codeRows(email);
    expect(row?.usedAt).toBeNull();
  });

  it('answers two registrations of one username at the same moment with one success and one 409', async () => {
    const username = newUsername();
    const bodies = [];
    for (const email of [newAddress(), newAddress()]) {
      await askCode('register', email);
      bodies.push(registration({ username, email, code: await latestCode(t.dataDir, email) }));
    }
    const results = await Promise.all(bodies.map((b) => post('/register', b)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.statusCode === 409);
    expect(conflict?.json()).toMatchObject({ errors: { username: 'This username is already taken' } });
  });

  it('answers bad fields with the SPEC messages under each field', async () => {
    const base = registration({ username: newUsername(), email: newAddress(), code: '123456' });
    const cases: [Json, string, string][] = [
      [{ username: 'x'.repeat(65) }, 'username', 'Username must be 6 to 64 characters'],
      [{ username: 'abc' }, 'username', 'Username must be 6 to 64 characters'],
      [{ username: '' }, 'username', 'Username is a required input'],
      [{ email: 'nope' }, 'email', 'Email is not valid'],
      [{ email: '' }, 'email', 'Email is a required input'],
      [{ email: `${'a'.repeat(60)}@example.com` }, 'email', 'Email must be less than 64 characters'],
      [{ password: '' }, 'password', 'Password is a required input'],
      [{ password: '12345' }, 'password', 'Password must be 6 to 32 characters'],
      [{ password: 'x'.repeat(33) }, 'password', 'Password must be 6 to 32 characters'],
      [{ checkbox_terms: false }, 'checkbox_terms', 'Please accept the terms and conditions to proceed.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/register', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect((res.json() as { errors: Json }).errors[field], JSON.stringify(change)).toBe(message);
    }
    const noCode = await post('/register', {
      ...base,
      captcha_info: { ...(base.captcha_info as Json), captcha_code: '' },
    });
    expect(noCode.json()).toMatchObject({
      errors: {
        'captcha_info.captcha_code': MESSAGES.captcha_missing,
      },
    });
    const agent = await post('/register', { ...base, user_type: 2 });
    expect(agent.statusCode).toBe(400);
    expect((agent.json() as { errors: Json }).errors).toHaveProperty('user_type');
  });

  it('limits one address to 10 sign-ups an hour', async () => {
    const ip = freshIp();
    const body = registration({ username: newUsername(), email: newAddress(), code: '123456' });
    for (let i = 0; i < 10; i++) expect((await post('/register', body, { ip })).statusCode).toBe(400);
    const blocked = await post('/register', body, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /user/forgot_password', () => {
  it('sets the new password with the mailed code, ends every session and mails a notice', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    await askCode('forget_password', u.email);
    const code = await latestCode(t.dataDir, u.email);
    const res = await post(
      '/user/forgot_password',
      reset({ email: u.email, code, password: 'brand-new-pass' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your password has been reset. Please sign in with your new password.',
      message_key: 'reset_success',
      data: null,
    });
    expect((await get('/user/readme/', auth)).statusCode).toBe(401);
    expect((await login(app, u.username, u.password)).statusCode).toBe(400);
    expect(
      (await login(app, u.username, 'brand-new-pass', formatEventTime(new Date(Date.now() - 2000))))
        .statusCode,
    ).toBe(200);
    const mails = mailsTo(await readOutbox(t.dataDir), u.email);
    expect(mails.at(-1)?.subject).toBe('Your EzRecharge password was changed');
    expect(mails.at(-1)?.text).not.toContain('brand-new-pass');
    // The code is used up.
    const again = await post(
      '/user/forgot_password',
      reset({ email: u.email, code, password: 'another-pass' }),
    );
    expect(again.statusCode).toBe(400);
  });

  it('answers an unknown address like a wrong code', async () => {
    const unknown = newAddress();
    await askCode('forget_password', unknown);
    const res = await post(
      '/user/forgot_password',
      reset({ email: unknown, code: '123456', password: 'whatever-1' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The verification code is invalid or has expired',
      errors: { 'captcha_info.captcha_code': 'The verification code is invalid or has expired' },
    });
    const never = await post(
      '/user/forgot_password',
      reset({ email: newAddress(), code: '123456', password: 'whatever-1' }),
    );
    expect(never.json()).toEqual(res.json());
  });

  it('does not take a sign-up code', async () => {
    const email = newAddress();
    await askCode('register', email);
    const code = await latestCode(t.dataDir, email);
    await createUser(app, { username: newUsername(), password: 'old-password', email });
    const res = await post('/user/forgot_password', reset({ email, code, password: 'new-password' }));
    expect(res.statusCode).toBe(400);
  });

  it('mails the password notice in Chinese for Accept-Language zh', async () => {
    const u = await newUser();
    await askCode('forget_password', u.email, { lang: 'zh' });
    const code = await latestCode(t.dataDir, u.email);
    const res = await post(
      '/user/forgot_password',
      reset({ email: u.email, code, password: 'new-pass-zh' }),
      {
        lang: 'zh-TW',
      },
    );
    expect(res.statusCode).toBe(200);
    const mails = mailsTo(await readOutbox(t.dataDir), u.email);
    expect(mails[0]?.subject).toBe('EzRecharge 验证码');
    expect(mails.at(-1)?.subject).toBe('您的 EzRecharge 密码已更改');
  });

  it('answers bad fields with the SPEC messages', async () => {
    const base = reset({ email: newAddress(), code: '123456', password: 'new-password' });
    const noEmail = await post('/user/forgot_password', { ...base, email: '' });
    expect(noEmail.json()).toMatchObject({ errors: { email: 'Email is required input' } });
    const badEmail = await post('/user/forgot_password', { ...base, email: 'x@' });
    expect(badEmail.json()).toMatchObject({ errors: { email: 'Must be a valid email' } });
    const shortPass = await post('/user/forgot_password', { ...base, new_password: '123' });
    expect(shortPass.json()).toMatchObject({
      errors: { new_password: 'Password must be 6 to 32 characters' },
    });
    const wrongApi = await post('/user/forgot_password', {
      ...base,
      captcha_info: { ...(base.captcha_info as Json), captcha_api: 'register' },
    });
    expect(wrongApi.statusCode).toBe(400);
    expect((wrongApi.json() as { errors: Json }).errors).toHaveProperty('captcha_info.captcha_api');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Profile and password

describe('GET /user/readme/', () => {
  it('answers the signed-in user in the ZUser shape, and whether two-factor sign-in is on', async () => {
    const u = await newUser();
    const res = await get('/user/readme/', await bearer(app, u.username, u.password));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; data: Json };
    expect(body.data).toMatchObject({ id: u.id, username: u.username, email: u.email, is_active: true });
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'avatar',
        'created_at',
        'email',
        'id',
        'is_active',
        'is_superuser',
        'nickname',
        'two_factor_enabled',
        'user_type',
        'username',
      ].sort(),
    );
    expect(body.data.two_factor_enabled).toBe(false);
  });

  it('answers 401 without a token, with a made-up token, and once the account is deactivated', async () => {
    expect((await get('/user/readme/')).statusCode).toBe(401);
    expect((await get('/user/readme/', `Bearer ${'x'.repeat(43)}`)).statusCode).toBe(401);
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    await app.database.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expect((await get('/user/readme/', auth)).statusCode).toBe(401);
  });
});

describe('POST /user/changeme', () => {
  const avatar = '/api/v1/attachment/download?file_path=avatar/abc.png';

  it('updates nickname and avatar; the e-mail sent must be the account’s own (issue #33)', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    const res = await post(
      '/user/changeme',
      { nickname: 'Neo', avatar, email: u.email.toUpperCase() },
      { auth },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully!',
      data: { id: u.id, nickname: 'Neo', avatar, email: u.email },
    });
    expect((await get('/user/readme/', auth)).json()).toMatchObject({
      data: { nickname: 'Neo', email: u.email },
    });
    // Another address, free or another account's, is one refusal: it needs the change-e-mail calls
    // (email-change.test.ts), and this call tells nobody which addresses are taken.
    const other = await newUser();
    for (const email of [newAddress(), other.email]) {
      const moved = await post('/user/changeme', { nickname: 'Neo2', avatar: '', email }, { auth });
      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toMatchObject({
        message_key: 'email_change_needs_code',
        errors: { email: MESSAGES.email_change_needs_code },
      });
    }
  });

  it('answers bad fields with the SPEC messages', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    const base = { nickname: 'Neo', avatar: '', email: u.email };
    const cases: [Json, string, string][] = [
      [{ nickname: 'n'.repeat(33) }, 'nickname', 'Nickname must be at most 32 characters'],
      [{ nickname: '' }, 'nickname', 'Nickname is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'bad' }, 'email', 'Invalid email'],
      [{ avatar: 'https://evil.example/x.png' }, 'avatar', 'Avatar must be an uploaded image'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post('/user/changeme', { ...base, ...change }, { auth });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect((res.json() as { errors: Json }).errors[field], JSON.stringify(change)).toBe(message);
    }
    const nick32 = await post('/user/changeme', { ...base, nickname: 'n'.repeat(32) }, { auth });
    expect(nick32.statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await post('/user/changeme', { nickname: 'Neo', avatar: '', email: newAddress() });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /user/change_password', () => {
  it('changes the password and ends every session, this one included', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    const other = `Bearer ${((await login(app, u.username, u.password, formatEventTime(new Date(Date.now() - 1000)))).json() as { access_token: string }).access_token}`;
    const res = await post(
      '/user/change_password',
      { old_password: u.password, new_password: 'fresh-pass-1' },
      { auth },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Password changed successfully. Please sign in again.',
      message_key: 'password_changed',
      data: null,
    });
    expect((await get('/user/readme/', auth)).statusCode).toBe(401);
    expect((await get('/user/readme/', other)).statusCode).toBe(401);
    expect(
      (await login(app, u.username, u.password, formatEventTime(new Date(Date.now() - 2000)))).statusCode,
    ).toBe(400);
    expect(
      (await login(app, u.username, 'fresh-pass-1', formatEventTime(new Date(Date.now() - 3000)))).statusCode,
    ).toBe(200);
    const live = await app.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, u.id), sql`${sessions.revokedAt} is null`));
    expect(live).toHaveLength(1);
    expect(mailsTo(await readOutbox(t.dataDir), u.email).at(-1)?.subject).toBe(
      'Your EzRecharge password was changed',
    );
  });

  it('refuses a wrong old password under old_password and keeps the session', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    const res = await post(
      '/user/change_password',
      { old_password: 'not-my-pass', new_password: 'fresh-pass-1' },
      { auth },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { old_password: 'Old password is incorrect' } });
    expect((await get('/user/readme/', auth)).statusCode).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, u.id));
    expect(await verifyPassword(row?.passwordHash ?? '', u.password)).toBe(true);
  });

  it('refuses a new password equal to the old one', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    const res = await post(
      '/user/change_password',
      { old_password: u.password, new_password: u.password },
      { auth },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { new_password: 'The new password must differ from the old one' },
    });
  });

  it('answers bad fields with the SPEC messages, and 401 without a session', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    const res = await post(
      '/user/change_password',
      { old_password: '', new_password: 'x'.repeat(33) },
      { auth },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: {
        old_password: 'Old password is a required input',
        new_password: 'Password must be 6 to 32 characters',
      },
    });
    const anon = await post('/user/change_password', { old_password: 'abcdef', new_password: 'ghijkl' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('API documentation', () => {
  it('lists every auth endpoint with its summary, and bearer security on the protected ones', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>>;
    };
    const expected: [string, string, boolean][] = [
      ['/api/v1/login/access-token', 'post', false],
      ['/api/v1/logout', 'get', true],
      ['/api/v1/captcha/', 'post', false],
      ['/api/v1/register', 'post', false],
      ['/api/v1/user/forgot_password', 'post', false],
      ['/api/v1/user/readme/', 'get', true],
      ['/api/v1/user/changeme', 'post', true],
      ['/api/v1/user/change_password', 'post', true],
    ];
    for (const [path, method, secured] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toBeTruthy();
      expect(op?.tags, path).toEqual(['auth']);
      expect(Boolean(op?.security), path).toBe(secured);
    }
  });
});
