import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, users } from '../src/db/schema';
import { CHANGE_PASSWORD_FAILURES } from '../src/modules/auth/auth-service';
import {
  EMAIL_CHANGE_CODES_PER_ADDRESS,
  EMAIL_CHANGE_CODES_PER_USER,
  EMAIL_CHANGES_PER_USER,
} from '../src/modules/auth/email-change';
import { bearer, createUser } from './support/auth';
import { readOutbox } from './support/outbox';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue #33: a signed-in user changes the account's e-mail address only with the current password and a code sent
 * to the new address; the old address is told. Nothing tells whether an address has an account (it gets an e-mail
 * saying so instead of a code), and both the code requests and the change are limited per account, per new address
 * and per client address.
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

let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return `10.33.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

function post(url: string, payload: Json, opts: { auth?: string; ip?: string; lang?: string } = {}) {
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

let userCounter = 0;
async function signedInUser() {
  userCounter++;
  const username = `mover_${userCounter}_${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const password = `mover-pass-${userCounter}`;
  const id = await createUser(app, { username, password, email });
  return { id, username, email, password, auth: await bearer(app, username, password) };
}

let addressCounter = 0;
const newAddress = () => `moved_${++addressCounter}_${Date.now().toString(36)}@example.net`;

const mailsTo = async (email: string) =>
  (await readOutbox(t.dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
const codeIn = (text: string | undefined) => /^(\d{6})$/m.exec(text ?? '')?.[1];

/** The body without `detail`, which may name a field. */
const body = (res: { json(): unknown }) => {
  const { detail: _detail, ...rest } = res.json() as Json;
  return rest;
};

describe('changing the e-mail address', () => {
  it('needs the current password and the code sent to the new address; the old address is told', async () => {
    const u = await signedInUser();
    const target = newAddress();

    const wrongPassword = await post(
      '/user/change_email/code',
      { new_email: target, password: 'not-my-password' },
      { auth: u.auth },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ errors: { password: 'The password is incorrect' } });
    expect(await mailsTo(target)).toHaveLength(0);

    const asked = await post(
      '/user/change_email/code',
      { new_email: target.toUpperCase(), password: u.password },
      { auth: u.auth, lang: 'en' },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ message_key: 'email_change_code_sent' });
    const [codeMail] = await mailsTo(target);
    expect(codeMail?.subject).toBe('Your EzRecharge verification code');
    expect(codeMail?.text).toContain(`use this address for your EzRecharge account ${u.username}`);
    const code = codeIn(codeMail?.text) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code, or the right code without the password, changes nothing.
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const badCode = await post(
      '/user/change_email',
      { new_email: target, password: u.password, code: wrongCode },
      { auth: u.auth },
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({
      message_key: 'code_invalid',
      errors: { code: 'The verification code is invalid or has expired' },
    });
    const noPassword = await post(
      '/user/change_email',
      { new_email: target, password: 'not-my-password', code },
      { auth: u.auth },
    );
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ errors: { password: 'The password is incorrect' } });
    const [before] = await app.database.db.select().from(users).where(eq(users.id, u.id));
    expect(before?.email).toBe(u.email);

    const changed = await post(
      '/user/change_email',
      { new_email: target, password: u.password, code },
      { auth: u.auth, lang: 'en' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message_key: 'email_changed',
      data: { id: u.id, email: target },
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/user/readme/',
      headers: { authorization: u.auth },
    });
    expect(me.json()).toMatchObject({ data: { email: target } });

    // The old address is told, with the new one masked, and how to get help if it was not the owner.
    const notice = (await mailsTo(u.email)).find(
      (m) => m.subject === 'Your EzRecharge e-mail address was changed',
    );
    expect(notice?.text).toContain(
      `The e-mail address of your EzRecharge account ${u.username} was changed to mo***@example.net`,
    );
    expect(notice?.text).toContain('/contact-ezrecharge');
    expect(notice?.text).not.toContain(target);
    expect(codeIn(notice?.text)).toBeUndefined();

    // The code worked once.
    const again = await post(
      '/user/change_email',
      { new_email: target, password: u.password, code },
      { auth: u.auth },
    );
    expect(again.statusCode).toBe(400);
  });

  it('answers alike whether or not the new address has an account; a taken address gets a notice, not a code', async () => {
    const u = await signedInUser();
    const other = await signedInUser();
    const free = newAddress();

    const toFree = await post(
      '/user/change_email/code',
      { new_email: free, password: u.password },
      { auth: u.auth },
    );
    const toTaken = await post(
      '/user/change_email/code',
      { new_email: other.email.toUpperCase(), password: u.password },
      { auth: u.auth, lang: 'zh-CN' },
    );
    expect(toTaken.statusCode).toBe(200);
    expect(toTaken.json()).toEqual(toFree.json());

    const [notice, ...more] = await mailsTo(other.email);
    expect(more).toHaveLength(0);
    expect(notice?.subject).toBe('此邮箱已有 EzRecharge 账户');
    expect(notice?.text).toContain(other.username);
    expect(codeIn(notice?.text)).toBeUndefined();
    // A code was stored all the same (the same resend interval), but its mailbox never saw it: no code changes
    // the address, and the refusal is the one of any wrong code.
    const stored = await app.database.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.purpose, 'change_email'), eq(emailCodes.email, `${u.id}:${other.email}`)));
    expect(stored).toHaveLength(1);
    const guess = await post(
      '/user/change_email',
      { new_email: other.email, password: u.password, code: '123456' },
      { auth: u.auth },
    );
    const guessFree = await post(
      '/user/change_email',
      { new_email: free, password: u.password, code: '123456' },
      { auth: u.auth },
    );
    expect(guess.statusCode).toBe(400);
    expect(body(guess)).toEqual(body(guessFree));

    // Asking again within the minute: the same wait, taken or not.
    const soonTaken = await post(
      '/user/change_email/code',
      { new_email: other.email, password: u.password },
      { auth: u.auth },
    );
    const soonFree = await post(
      '/user/change_email/code',
      { new_email: free, password: u.password },
      { auth: u.auth },
    );
    expect(soonTaken.statusCode).toBe(429);
    expect(soonFree.statusCode).toBe(429);
    expect(body(soonTaken)).toEqual(body(soonFree));
  });

  it('refuses the address the account already has', async () => {
    const u = await signedInUser();
    const res = await post(
      '/user/change_email/code',
      { new_email: u.email.toUpperCase(), password: u.password },
      { auth: u.auth },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { new_email: 'This is already your e-mail address' } });
  });

  it('needs a session', async () => {
    expect(
      (await post('/user/change_email/code', { new_email: newAddress(), password: 'abcdef' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/user/change_email', { new_email: newAddress(), password: 'abcdef', code: '123456' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /user/changeme and the e-mail', () => {
  it('no longer changes the address, and answers alike for a free and a taken one', async () => {
    const u = await signedInUser();
    const other = await signedInUser();
    const free = await post(
      '/user/changeme',
      { nickname: 'Neo', avatar: '', email: newAddress() },
      { auth: u.auth },
    );
    const taken = await post(
      '/user/changeme',
      { nickname: 'Neo', avatar: '', email: other.email },
      { auth: u.auth },
    );
    for (const res of [free, taken]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error_keys: { email: 'email_change_needs_code' },
      });
    }
    expect(body(free)).toEqual(body(taken));
    const [row] = await app.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.email).toBe(u.email);
    expect(row?.nickname).not.toBe('Neo');
    // Its own address (any case) saves the rest.
    const same = await post(
      '/user/changeme',
      { nickname: 'Neo', avatar: '', email: u.email.toUpperCase() },
      { auth: u.auth },
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ data: { nickname: 'Neo', email: u.email } });
  });

  it('cannot be used to probe addresses: 150 probes learn nothing', async () => {
    const u = await signedInUser();
    const other = await signedInUser();
    const answers = new Set<string>();
    for (let i = 0; i < 150; i++) {
      const email = i % 10 === 0 ? other.email : `probe_${i}@example.org`;
      const res = await post('/user/changeme', { nickname: 'Probe', avatar: '', email }, { auth: u.auth });
      answers.add(`${res.statusCode} ${JSON.stringify(body(res))}`);
    }
    expect(answers.size).toBe(1);
  });
});

describe('limits of the e-mail change', () => {
  it('per account: a few code requests an hour, whatever the addresses', async () => {
    const u = await signedInUser();
    for (let i = 0; i < EMAIL_CHANGE_CODES_PER_USER.max; i++) {
      const res = await post(
        '/user/change_email/code',
        { new_email: newAddress(), password: u.password },
        { auth: u.auth },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await post(
      '/user/change_email/code',
      { new_email: newAddress(), password: u.password },
      { auth: u.auth },
    );
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('per new address: a few code requests an hour, from any accounts', async () => {
    const target = newAddress();
    for (let i = 0; i < EMAIL_CHANGE_CODES_PER_ADDRESS.max; i++) {
      const u = await signedInUser();
      const res = await post(
        '/user/change_email/code',
        { new_email: target, password: u.password },
        { auth: u.auth },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const u = await signedInUser();
    const over = await post(
      '/user/change_email/code',
      { new_email: target, password: u.password },
      { auth: u.auth },
    );
    expect(over.statusCode).toBe(429);
    expect((await mailsTo(target)).length).toBe(EMAIL_CHANGE_CODES_PER_ADDRESS.max);
  });

  it('per account: wrong passwords, shared with the password change', async () => {
    const u = await signedInUser();
    for (let i = 0; i < CHANGE_PASSWORD_FAILURES.max; i++) {
      const res = await post(
        '/user/change_email',
        { new_email: newAddress(), password: `wrong-${i}`, code: '123456' },
        { auth: u.auth },
      );
      expect(res.statusCode).toBe(400);
    }
    // Now even the right password waits: a stolen session is no password oracle.
    const right = await post(
      '/user/change_email/code',
      { new_email: newAddress(), password: u.password },
      { auth: u.auth },
    );
    expect(right.statusCode).toBe(429);
    const changePassword = await post(
      '/user/change_password',
      { old_password: u.password, new_password: 'another-pass-1' },
      { auth: u.auth },
    );
    expect(changePassword.statusCode).toBe(429);
  });

  it('per account: the change itself a limited number of times an hour', async () => {
    const u = await signedInUser();
    const target = newAddress();
    for (let i = 0; i < EMAIL_CHANGES_PER_USER.max; i++) {
      const res = await post(
        '/user/change_email',
        { new_email: target, password: u.password, code: String(100_000 + i) },
        { auth: u.auth },
      );
      expect(res.statusCode).toBe(400);
    }
    const over = await post(
      '/user/change_email',
      { new_email: target, password: u.password, code: '999999' },
      { auth: u.auth },
    );
    expect(over.statusCode).toBe(429);
  });

  it('per client address: code requests from one address, across accounts', async () => {
    const ip = '10.35.0.1';
    let status = 200;
    let requests = 0;
    while (status === 200 && requests < 100) {
      const u = await signedInUser();
      status = (
        await post(
          '/user/change_email/code',
          { new_email: newAddress(), password: u.password },
          { auth: u.auth, ip },
        )
      ).statusCode;
      requests++;
    }
    expect(status).toBe(429);
    expect(requests).toBeGreaterThan(EMAIL_CHANGE_CODES_PER_USER.max);
    expect(requests).toBeLessThan(100);
  });
});

describe('API documentation', () => {
  it('lists the change-e-mail endpoints with bearer security', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    };
    for (const path of ['/api/v1/user/change_email/code', '/api/v1/user/change_email']) {
      expect(doc.paths[path]?.post?.summary, path).toBeTruthy();
      expect(doc.paths[path]?.post?.security, path).toBeTruthy();
    }
  });
});
