import { EMAIL_CODE_RESEND_SECONDS, encryptWire, formatEventTime, loginContext } from '@ezrecharge/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, jobs, users } from '../src/db/schema';
import { ACCOUNT_LOGIN_FAILURES } from '../src/modules/auth/login-guard';
import { createUser } from './support/auth';
import { readOutbox } from './support/outbox';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue #15: wrong passwords for one account from many addresses. Each address stays under its own limit (10 per
 * username and address), yet past ACCOUNT_LOGIN_FAILURES.max the account needs an e-mailed code besides the
 * password; the owner, who knows the password, gets that code and signs in; the owner is told once.
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

let addressCounter = 0;
const freshIp = () => {
  addressCounter++;
  return `10.9.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/**
 * Event times of this file, each a second before the last from the file's start, 150 apart before they repeat:
 * no two successful sign-ins of a user share one (that is refused as a replay), all within the 5-minute window.
 */
const START = Date.now();
let stepsBack = 0;
const eventTime = () => formatEventTime(new Date(START - (++stepsBack % 150) * 1000));

async function signIn(
  username: string,
  password: string,
  opts: { ip?: string; code?: string; lang?: string } = {},
) {
  const eventtime = eventTime();
  const fields: Record<string, string> = {
    username,
    password: await encryptWire(password, eventtime, loginContext(username)),
    client_secret: eventtime,
  };
  if (opts.code !== undefined) fields.sign_in_code = opts.code;
  return app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    remoteAddress: opts.ip ?? freshIp(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

let userCounter = 0;
async function newUser() {
  userCounter++;
  const username = `guarded_${userCounter}_${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const password = `right-pass-${userCounter}`;
  const id = await createUser(app, { username, password, email });
  return { id, username, email, password };
}

/**
 * `count` wrong passwords for `username`, two from each address, so no address reaches its own limit: 400 until
 * the account's limit is reached (after `before` earlier ones), then 429.
 */
async function attack(username: string, count = ACCOUNT_LOGIN_FAILURES.max, before = 0) {
  for (let i = before; i < before + count; i++) {
    const ip = `10.8.${userCounter}.${Math.floor(i / 2) + 1}`;
    const res = await signIn(username, `guess-${i}`, { ip });
    expect(res.statusCode, `guess ${i + 1}`).toBe(i < ACCOUNT_LOGIN_FAILURES.max ? 400 : 429);
  }
}

const mailsTo = async (email: string) =>
  (await readOutbox(t.dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));

const body = (res: { json(): unknown }) => {
  const { detail: _detail, ...rest } = res.json() as Json;
  return rest;
};

describe('wrong passwords for one account from many addresses', () => {
  it('are throttled: past the limit even the right password needs an e-mailed code (429 with Retry-After)', async () => {
    const u = await newUser();
    await attack(u.username);
    const right = await signIn(u.username, u.password);
    expect(right.statusCode).toBe(429);
    // Retry-After: when a new code can be asked for (the resend interval), whatever the password was.
    expect(right.headers['retry-after']).toBe(String(EMAIL_CODE_RESEND_SECONDS));
    expect(right.json()).toMatchObject({
      code: 'rate_limited',
      message_key: 'sign_in_code_required',
      message:
        'Too many failed sign-ins to this account. If your password is right, we have e-mailed you a sign-in code: enter it with your password.',
    });
    // A wrong password answers exactly the same: the answer does not tell a right guess.
    const wrong = await signIn(u.username, 'yet-another-guess');
    expect(wrong.statusCode).toBe(429);
    expect(body(wrong)).toEqual(body(right));
    expect(wrong.headers['retry-after']).toBe(right.headers['retry-after']);
    // And an unknown username past its own limit too: protection does not tell which names exist.
    const ghost = `ghost_${Date.now().toString(36)}`;
    await attack(ghost);
    const unknown = await signIn(ghost, 'whatever-1');
    expect(unknown.statusCode).toBe(429);
    expect(body(unknown)).toEqual(body(right));
  });

  it('leave the owner a way in: the right password gets a code by e-mail, and password and code sign in', async () => {
    const u = await newUser();
    await attack(u.username);
    // A wrong password while protected mails nothing (the job is queued all the same, and mails no one).
    expect((await signIn(u.username, 'attacker-guess')).statusCode).toBe(429);
    await app.jobs.runDue();
    expect((await mailsTo(u.email)).filter((m) => m.subject.includes('sign-in code'))).toHaveLength(0);

    // It stored no code and took no slot (issue #33): the owner, right after it, types the right password and the
    // code goes to the mailbox at once.
    const codeRows = () =>
      t.app.database.db
        .select()
        .from(emailCodes)
        .where(and(eq(emailCodes.purpose, 'sign_in'), eq(emailCodes.email, u.username.toLowerCase())));
    expect(await codeRows()).toHaveLength(0);
    expect((await signIn(u.username, u.password, { lang: 'en' })).statusCode).toBe(429);
    await app.jobs.runDue();
    const mail = (await mailsTo(u.email)).find((m) => m.subject === 'Your EzRecharge sign-in code');
    expect(mail?.text).toContain(`your EzRecharge account ${u.username} with the right password`);
    const code = /^(\d{6})$/m.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // The jobs table holds the code sealed, never in clear.
    const queued = await t.app.database.db.select().from(jobs).where(eq(jobs.kind, 'sign-in-code-mail'));
    expect(JSON.stringify(queued)).not.toContain(code);

    // An attacker without the password cannot use the code up: a wrong password with any code is one answer,
    // and the same as the right password with a wrong code.
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const attempts = [];
    for (let i = 0; i < 6; i++)
      attempts.push(await signIn(u.username, `guess-again-${i}`, { code: wrongCode }));
    const ownerTypo = await signIn(u.username, u.password, { code: wrongCode });
    for (const res of [...attempts, ownerTypo]) {
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual(body(attempts[0] as typeof res));
    }
    expect(ownerTypo.json()).toMatchObject({
      message_key: 'sign_in_code_wrong',
      errors: { sign_in_code: 'Incorrect password or sign-in code' },
    });

    // Asking again within the minute sends nothing new: the code already sent stays the live one.
    expect((await signIn(u.username, u.password, { lang: 'en' })).statusCode).toBe(429);
    await app.jobs.runDue();
    expect((await mailsTo(u.email)).filter((m) => m.subject === 'Your EzRecharge sign-in code')).toHaveLength(
      1,
    );
    expect(await codeRows()).toHaveLength(1);

    const ok = await signIn(u.username, u.password, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
    // Used once.
    expect((await signIn(u.username, u.password, { code })).statusCode).toBe(400);
  });

  it('tell the owner once per window, in both languages while the account language is unknown', async () => {
    const u = await newUser();
    await attack(u.username, ACCOUNT_LOGIN_FAILURES.max + 15);
    await app.jobs.runDue();
    await attack(u.username, 5, ACCOUNT_LOGIN_FAILURES.max + 15);
    await app.jobs.runDue();
    const notices = (await mailsTo(u.email)).filter((m) => m.subject.startsWith('Many failed sign-ins'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe(
      'Many failed sign-ins to your EzRecharge account / 您的 EzRecharge 账户多次登录失败',
    );
    expect(notices[0]?.text).toContain(
      `There have been ${ACCOUNT_LOGIN_FAILURES.max} sign-ins with a wrong password to your EzRecharge account ${u.username}`,
    );
    expect(notices[0]?.text).toContain(`您的 EzRecharge 账户 ${u.username} 在 60 分钟内已有`);
    expect(notices[0]?.text).toContain('/reset-password');
  });

  it('tell the owner in the language of their last sign-in', async () => {
    const u = await newUser();
    expect((await signIn(u.username, u.password, { lang: 'zh-CN' })).statusCode).toBe(200);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.lang).toBe('zh');
    await attack(u.username);
    await app.jobs.runDue();
    const notices = (await mailsTo(u.email)).filter((m) => m.subject.includes('账户多次登录失败'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('您的 EzRecharge 账户多次登录失败');
    expect(notices[0]?.text).not.toContain('Hello');
  });

  it('leave other accounts alone, and a few failures from one address do not protect the account', async () => {
    const u = await newUser();
    const other = await newUser();
    await attack(u.username);
    expect((await signIn(other.username, other.password)).statusCode).toBe(200);
    const v = await newUser();
    for (let i = 0; i < 9; i++) await signIn(v.username, `typo-${i}`, { ip: '10.7.0.1' });
    expect((await signIn(v.username, v.password, { ip: '10.7.0.2' })).statusCode).toBe(200);
  });
});

/**
 * Issue #33: an attacker who keeps sending wrong passwords must not keep the owner out. The server's clock is the
 * test's (startTestApp `now`), so ten minutes of attack take a few seconds. Before the fix, a wrong password used
 * the account's one-code-a-minute slot (and its code replaced the owner's), so an attacker failing every 30 s left
 * the owner's right password with no code at all.
 */
describe('an attacker failing every 30 s for 10 minutes', () => {
  let clock = Date.now();
  let c: TestApp;
  beforeAll(async () => {
    c = await startTestApp({}, { now: () => new Date(clock) });
  });
  afterAll(async () => {
    await c.close();
  });

  async function signInAt(username: string, password: string, ip: string, code?: string) {
    const eventtime = formatEventTime(new Date(clock));
    const fields: Record<string, string> = {
      username,
      password: await encryptWire(password, eventtime, loginContext(username)),
      client_secret: eventtime,
    };
    if (code !== undefined) fields.sign_in_code = code;
    return c.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const codeMails = async (email: string) =>
    (await readOutbox(c.dataDir)).filter(
      (m) => m.to.toLowerCase().includes(email) && m.subject === 'Your EzRecharge sign-in code',
    );

  it('cannot keep the owner out: password and mailed code sign in at minutes 2, 5 and 9', async () => {
    const owner = {
      username: `besieged_${Date.now().toString(36)}`,
      password: 'owner-knows-1',
      email: '',
    };
    owner.email = `${owner.username}@example.com`;
    await createUser(c.app, owner);
    const start = clock;
    let attackerAddress = 0;
    const nextAttackerIp = () =>
      `10.33.${Math.floor(attackerAddress / 250)}.${(attackerAddress++ % 250) + 1}`;

    // The account is already protected when the 10 minutes start: 20 wrong passwords, two from each address.
    for (let i = 0; i < ACCOUNT_LOGIN_FAILURES.max; i++) {
      const ip = `10.32.0.${Math.floor(i / 2) + 1}`;
      expect((await signInAt(owner.username, `guess-${i}`, ip)).statusCode).toBe(400);
    }

    // The timeline: a wrong password every 30 s, each from a new address (every other one also tries a code);
    // the owner asks for a code 5 s after an attempt and types it 40 s later, after the next attempt.
    type Step = { at: number; who: 'attacker' | 'owner-asks' | 'owner-enters' };
    const steps: Step[] = [];
    for (let s = 0; s <= 600; s += 30) steps.push({ at: s, who: 'attacker' });
    for (const minute of [2, 5, 9]) {
      steps.push({ at: minute * 60 + 5, who: 'owner-asks' }, { at: minute * 60 + 45, who: 'owner-enters' });
    }
    steps.sort((a, b) => a.at - b.at);

    const ownerIp = '10.34.0.1';
    let attempts = 0;
    let refusal: Record<string, unknown> | undefined;
    let code = '';
    const signedIn: number[] = [];
    for (const step of steps) {
      clock = start + step.at * 1000;
      if (step.who === 'attacker') {
        attempts++;
        const guessCode = attempts % 2 === 0 ? String(100_000 + attempts) : undefined;
        const res = await signInAt(owner.username, `attack-${attempts}`, nextAttackerIp(), guessCode);
        expect(res.statusCode, `attempt at ${step.at} s`).toBe(guessCode ? 400 : 429);
        if (!guessCode) refusal ??= body(res);
      } else if (step.who === 'owner-asks') {
        const before = (await codeMails(owner.email)).length;
        const res = await signInAt(owner.username, owner.password, ownerIp);
        // The same answer as a wrong password gets: it does not tell the attacker which guess was right.
        expect(res.statusCode, `owner asks at ${step.at} s`).toBe(429);
        expect(body(res)).toEqual(refusal);
        await c.app.jobs.runDue();
        const mails = await codeMails(owner.email);
        expect(mails.length, `a code mailed to the owner at ${step.at} s`).toBe(before + 1);
        code = /^(\d{6})$/m.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
        expect(code).toMatch(/^\d{6}$/);
      } else {
        const res = await signInAt(owner.username, owner.password, ownerIp, code);
        expect(res.statusCode, `owner signs in at ${step.at} s: ${res.body}`).toBe(200);
        signedIn.push(step.at);
      }
    }
    expect(signedIn).toEqual([165, 345, 585]);
    expect(attempts).toBe(21);
    // Wrong passwords mailed nothing, and the owner was told once that the account is under attack.
    await c.app.jobs.runDue();
    const mails = (await readOutbox(c.dataDir)).filter((m) => m.to.toLowerCase().includes(owner.email));
    expect(mails.filter((m) => m.subject === 'Your EzRecharge sign-in code')).toHaveLength(3);
    expect(mails.filter((m) => m.subject.startsWith('Many failed sign-ins'))).toHaveLength(1);
  });
});
