import { encryptWire, formatEventTime, loginContext } from '@ezrecharge/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNonces, sessions } from '../src/db/schema';
import { bearer, createUser, login } from './support/auth';
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

describe('GET /logout', () => {
  it('ends the session: the token then gets 401', async () => {
    const u = await newUser();
    const auth = await bearer(app, u.username, u.password);
    // A second device; one second apart, since one event time signs a user in once.
    const second = await login(app, u.username, u.password, formatEventTime(new Date(Date.now() - 1000)));
    const other = `Bearer ${(second.json() as { access_token: string }).access_token}`;
    const res = await get('/logout', auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logout successfully.', data: null });
    expect((await get('/user/readme/', auth)).statusCode).toBe(401);
    expect((await get('/logout', auth)).statusCode).toBe(401);
    // Only that session: another device stays signed in.
    expect((await get('/user/readme/', other)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await get('/logout')).statusCode).toBe(401);
  });
});
