import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, type TFeedback } from '@ezrecharge/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, feedback, users } from '../src/db/schema';
import { bearer, createUser } from './support/auth';
import { type OutboxMail, readOutbox } from './support/outbox';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/** Where the notices go in this file: ADMIN_EMAIL, deliberately not the default. */
const OPERATOR = 'ops-desk@ezrecharge.test';
const SCRIPT = '<script>alert(1)</script>';

type Json = Record<string, unknown>;

/** Every scenario sends from its own client address, so the per-address limit of one test never touches another. */
let ipCounter = 0;
function freshIp(): string {
  ipCounter++;
  return `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let tagCounter = 0;
/** A Contact us 2 message whose name is unique, so each test finds its own row and mail. */
function message(extra: Json = {}): Json & { name: string } {
  tagCounter++;
  return {
    name: `Visitor ${tagCounter}`,
    whatapp_id: `+60 12-345 ${String(tagCounter).padStart(4, '0')}`,
    bigo_id: `bigo_${tagCounter}`,
    email: `visitor${tagCounter}@example.com`,
    role: 'recruiter',
    comment: `Hello from visitor ${tagCounter}`,
    ...extra,
  } as Json & { name: string };
}

describe('feedback', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let plain: string;

  const send = (payload: Json, opts: { ip?: string; path?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/feedback/${opts.path ?? ''}`,
      payload,
      remoteAddress: opts.ip ?? freshIp(),
    });

  const call = (method: 'GET' | 'PUT', url: string, auth?: string) =>
    t.app.inject({ method, url, ...(auth ? { headers: { authorization: auth } } : {}) });

  const rowsNamed = (name: string) =>
    t.app.database.db.select().from(feedback).where(eq(feedback.name, name));

  /** The notices whose text names `name` (a visitor's name is on a line of its own). */
  const noticesFor = async (name: string): Promise<OutboxMail[]> =>
    (await readOutbox(t.dataDir)).filter((m) => m.text.split('\n').includes(`Name:     ${name}`));

  /** Sends a message and returns its stored row. */
  const sendAndFind = async (extra: Json = {}) => {
    const body = message(extra);
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsNamed(body.name);
    if (!row) throw new Error('feedback row not stored');
    return row;
  };

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: OPERATOR });
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
    adminId = row?.id ?? 0;
    await createUser(t.app, { username: 'plain_user', password: 'plain-pass', email: 'plain@example.com' });
    plain = await bearer(t.app, 'plain_user', 'plain-pass');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the feedback form (POST /feedback/)', () => {
    it('stores the message with the client address, answers SPEC.md’s text and tells ADMIN_EMAIL', async () => {
      const body = message();
      const res = await send(body, { ip: '10.9.9.9' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Your message has been sent successfully.',
        message_key: 'feedback_sent',
        data: null,
      });

      const [row] = await rowsNamed(body.name);
      expect(row).toMatchObject({
        source: 'feedback',
        name: body.name,
        whatappId: body.whatapp_id,
        bigoId: body.bigo_id,
        email: body.email,
        role: 'recruiter',
        comment: body.comment,
        deleted: false,
        handledAt: null,
        handledBy: null,
        ip: '10.9.9.9',
      });

      const [mail, ...more] = await noticesFor(body.name);
      expect(more).toEqual([]);
      expect(mail?.to).toBe(OPERATOR);
      expect(mail?.subject).toBe(`EzRecharge: new feedback #${row?.id}`);
      for (const value of [body.whatapp_id, body.bigo_id, body.email, 'recruiter', `> ${body.comment}`]) {
        expect(mail?.text).toContain(String(value));
      }
      expect(mail?.text).toContain(`${t.config.publicUrl}/feedback`);
      expect(mail?.html).toBe('');
    });

    it('makes the role streamer when it is left out, takes each of the three, refuses any other', async () => {
      const plainRow = await sendAndFind({ role: undefined });
      expect(plainRow.role).toBe('streamer');
      for (const role of ['streamer', 'recruiter', 'collaborate']) {
        expect((await sendAndFind({ role })).role).toBe(role);
      }
      const bad = message({ role: 'boss' });
      const res = await send(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { role: 'Please choose streamer, recruiter or collaborate' },
      });
      expect(await rowsNamed(bad.name)).toEqual([]);
    });

    it('takes a 250-character comment and refuses 251 with SPEC.md’s message under the field', async () => {
      const ok = await sendAndFind({ comment: 'c'.repeat(250) });
      expect(ok.comment).toHaveLength(250);

      const long = message({ comment: 'c'.repeat(251) });
      const res = await send(long);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ comment: 'Your message must be at most 250 characters' });
      expect(await rowsNamed(long.name)).toEqual([]);
      expect(await noticesFor(long.name)).toEqual([]);
    });

    it('answers every missing or bad field with its message and stores nothing', async () => {
      const missing = await send({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({
        name: MESSAGES.name_required,
        whatapp_id: MESSAGES.whatsapp_required,
        comment: 'Please fill the comment field',
      });
      const blank = message({ comment: '   ' });
      expect((await send(blank)).json().errors).toEqual({ comment: 'Please fill the comment field' });
      const noComment = message({ comment: undefined });
      expect((await send(noComment)).json().errors).toEqual({ comment: 'Please fill the comment field' });

      const bad = message({
        name: 'n'.repeat(129),
        whatapp_id: 'w'.repeat(129),
        bigo_id: 'b'.repeat(129),
        email: 'not an email',
      });
      expect((await send(bad)).json().errors).toEqual({
        name: MESSAGES.max_128,
        whatapp_id: MESSAGES.max_128,
        bigo_id: MESSAGES.max_128,
        email: 'Email is not valid',
      });
      for (const m of [blank, noComment]) expect(await rowsNamed(m.name)).toEqual([]);
    });

    it('takes a message without e-mail and BIGO ID (both optional)', async () => {
      const row = await sendAndFind({ email: undefined, bigo_id: '' });
      expect(row).toMatchObject({ email: '', bigoId: '' });
      const [mail] = await noticesFor(row.name);
      expect(mail?.text.split('\n')).toContain('E-mail:   (none)');
    });

    it('stores markup in every text field as given, answers it verbatim and e-mails it as text', async () => {
      const body = {
        name: `${SCRIPT} Mallory`,
        whatapp_id: SCRIPT,
        bigo_id: SCRIPT,
        email: `${SCRIPT}@evil.example`,
        role: 'collaborate',
        comment: `${SCRIPT}\n<img src=x onerror=alert(2)> & "quoted"`,
      };
      const res = await send(body);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await rowsNamed(body.name);
      expect(row).toMatchObject({
        name: body.name,
        whatappId: SCRIPT,
        bigoId: SCRIPT,
        email: body.email,
        comment: body.comment,
      });

      const one = await call('GET', `/api/v1/feedback/${row?.id}`, admin);
      expect(one.headers['content-type']).toMatch(/^application\/json/);
      expect(one.json().data).toMatchObject({
        name: body.name,
        whatapp_id: SCRIPT,
        bigo_id: SCRIPT,
        email: body.email,
        comment: body.comment,
      });
      const list = (await call('GET', '/api/v1/feedback/?page_size=100', admin)).json().data;
      expect(list.page_data.find((f: TFeedback) => f.id === row?.id)).toMatchObject({
        comment: body.comment,
      });

      const [mail] = await noticesFor(body.name);
      expect(mail?.to).toBe(OPERATOR);
      expect(mail?.html).toBe('');
      for (const line of [
        `Name:     ${SCRIPT} Mallory`,
        `WhatsApp: ${SCRIPT}`,
        `BIGO ID:  ${SCRIPT}`,
        `E-mail:   ${SCRIPT}@evil.example`,
        `> ${SCRIPT}`,
        '> <img src=x onerror=alert(2)> & "quoted"',
      ]) {
        expect(mail?.text.split('\n')).toContain(line);
      }
      // The raw message has no HTML part at all, so no mail client can run or load anything from it.
      const raw = await readFile(path.join(t.dataDir, 'outbox', mail?.file ?? ''), 'utf8');
      expect(raw).not.toMatch(/text\/html/i);
      expect(raw).toMatch(/Content-Type: text\/plain/i);
    });

    it('keeps a line break in a name from faking another line of the notice', async () => {
      const row = await sendAndFind({ name: 'Eve\nRole:     superuser' });
      expect(row.name).toBe('Eve\nRole:     superuser');
      const mails = (await readOutbox(t.dataDir)).filter((m) => m.text.includes('Eve Role:     superuser'));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text.split('\n')).not.toContain('Role:     superuser');
    });

    it('limits one address to 5 messages in 10 minutes, both forms together (429 with Retry-After)', async () => {
      const ip = freshIp();
      const names: string[] = [];
      for (let i = 0; i < 5; i++) {
        const body = message();
        names.push(body.name);
        expect((await send(body, { ip })).statusCode).toBe(200);
      }
      const blocked = message();
      const res = await send(blocked, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited' });
      const retry = Number(res.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(600);
      expect(await rowsNamed(blocked.name)).toEqual([]);
      expect(await noticesFor(blocked.name)).toEqual([]);

      const contact = await send(
        { firstname: 'Limit', lastname: 'Reached', email: 'limit@example.com', comment: 'hi' },
        { ip, path: 'contact' },
      );
      expect(contact.statusCode).toBe(429);
      expect(await rowsNamed('Limit Reached')).toEqual([]);

      expect((await send(message(), { ip: freshIp() })).statusCode).toBe(200);
      const stored = await t.app.database.db.select().from(feedback).where(eq(feedback.ip, ip));
      expect(stored.map((r) => r.name).sort()).toEqual([...names].sort());
    });
  });

  describe('the contact form (POST /feedback/contact)', () => {
    it('stores the message as feedback from the contact form and tells ADMIN_EMAIL', async () => {
      const body = {
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        comment: 'Please call me back.',
      };
      const res = await send(body, { path: 'contact', ip: '10.8.8.8' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Your message has been sent successfully.',
        message_key: 'feedback_sent',
        data: null,
      });
      const [row, ...more] = await rowsNamed('Ada Lovelace');
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        source: 'contact',
        name: 'Ada Lovelace',
        whatappId: '',
        role: 'streamer',
        email: 'ada@example.com',
        bigoId: '',
        comment: 'Please call me back.',
        deleted: false,
        ip: '10.8.8.8',
      });
      const [mail] = await noticesFor('Ada Lovelace');
      expect(mail?.to).toBe(OPERATOR);
      expect(mail?.subject).toBe(`EzRecharge: new contact message #${row?.id}`);
      expect(mail?.text).toContain('contact form');
      expect(mail?.text).toContain('E-mail:   ada@example.com');
      expect(mail?.text).toContain('> Please call me back.');
      expect(mail?.html).toBe('');

      const listed = (await call('GET', `/api/v1/feedback/${row?.id}`, admin)).json().data;
      expect(listed).toEqual({
        id: row?.id,
        source: 'contact',
        name: 'Ada Lovelace',
        whatapp_id: '',
        role: 'streamer',
        email: 'ada@example.com',
        bigo_id: '',
        comment: 'Please call me back.',
        created_at: expect.any(String),
        deleted: false,
        handled_at: null,
      });
    });

    it('stores markup in every field as given and e-mails it as text', async () => {
      const body = { firstname: SCRIPT, lastname: 'X', email: `${SCRIPT}@evil.example`, comment: SCRIPT };
      expect((await send(body, { path: 'contact' })).statusCode).toBe(200);
      const [row] = await rowsNamed(`${SCRIPT} X`);
      expect(row).toMatchObject({ source: 'contact', email: body.email, comment: SCRIPT });
      const [mail] = await noticesFor(`${SCRIPT} X`);
      expect(mail?.html).toBe('');
      expect(mail?.text.split('\n')).toContain(`> ${SCRIPT}`);
    });

    it('answers SPEC.md’s contact form rules, with the comment optional and at most 250 characters', async () => {
      const missing = await send({}, { path: 'contact' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({
        firstname: MESSAGES.firstname_required,
        lastname: MESSAGES.lastname_required,
        email: MESSAGES.email_required,
      });
      const bad = await send(
        { firstname: 'f'.repeat(65), lastname: 'l'.repeat(65), email: 'nope', comment: 'c'.repeat(251) },
        { path: 'contact' },
      );
      expect(bad.json().errors).toEqual({
        firstname: 'Must be less than 64 characters',
        lastname: 'Must be less than 64 characters',
        email: 'Email is not valid',
        comment: 'Your message must be at most 250 characters',
      });
      const noComment = await send(
        { firstname: 'No', lastname: 'Comment', email: 'nc@example.com' },
        { path: 'contact' },
      );
      expect(noComment.statusCode).toBe(200);
      const [row] = await rowsNamed('No Comment');
      expect(row?.comment).toBe('');
      const full = await send(
        { firstname: 'Full', lastname: 'Comment', email: 'fc@example.com', comment: 'c'.repeat(250) },
        { path: 'contact' },
      );
      expect(full.statusCode).toBe(200);
    });
  });

  describe('the admin list', () => {
    const listOf = async (query: string) => {
      const res = await call('GET', `/api/v1/feedback/${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { page_data: TFeedback[]; total: number; page: number; page_size: number };
    };

    it('pages by 5 by default, newest first, with the total', async () => {
      for (let i = 0; i < 6; i++) await sendAndFind();
      const all = await t.app.database.db.$count(feedback);
      const first = await listOf('');
      expect(first).toMatchObject({ total: all, page: 1, page_size: 5 });
      expect(first.page_data).toHaveLength(5);
      const everything = await listOf('?page_size=100');
      expect(everything.page_data).toHaveLength(all);
      const ids = everything.page_data.map((f) => f.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(first.page_data.map((f) => f.id)).toEqual(ids.slice(0, 5));
      const second = await listOf('?page=2');
      expect(second.page_data.map((f) => f.id)).toEqual(ids.slice(5, 10));
    });

    it('filters by status: empty or absent = all, true = resolved, false = pending', async () => {
      const a = await sendAndFind();
      const b = await sendAndFind();
      expect((await call('PUT', `/api/v1/feedback/${a.id}/handle`, admin)).statusCode).toBe(200);

      const all = await listOf('?page_size=100');
      const none = await listOf('?status=&page_size=100');
      const resolved = await listOf('?status=true&page_size=100');
      const pending = await listOf('?status=false&page_size=100');
      expect(none).toEqual(all);
      expect(resolved.total + pending.total).toBe(all.total);
      expect(resolved.page_data.every((f) => f.deleted)).toBe(true);
      expect(pending.page_data.every((f) => !f.deleted)).toBe(true);
      expect(resolved.page_data.map((f) => f.id)).toContain(a.id);
      expect(pending.page_data.map((f) => f.id)).toContain(b.id);
      expect(pending.page_data.map((f) => f.id)).not.toContain(a.id);
      expect(resolved.total).toBe(await t.app.database.db.$count(feedback, eq(feedback.deleted, true)));

      for (const q of ['status=yes', 'status=1', 'page=0', 'page_size=101', 'page=x']) {
        expect((await call('GET', `/api/v1/feedback/?${q}`, admin)).statusCode, q).toBe(400);
      }
    });

    it('shows one message, 404 for an unknown id and 400 for a malformed one', async () => {
      const row = await sendAndFind();
      const res = await call('GET', `/api/v1/feedback/${row.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'OK',
        data: {
          id: row.id,
          source: 'feedback',
          name: row.name,
          whatapp_id: row.whatappId,
          role: 'recruiter',
          email: row.email,
          bigo_id: row.bigoId,
          comment: row.comment,
          created_at: row.createdAt.toISOString(),
          deleted: false,
          handled_at: null,
        },
      });
      const missing = await call('GET', '/api/v1/feedback/999999', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'Feedback not found', code: 'not_found' });
      for (const bad of ['abc', '-1', '0', '99999999999']) {
        expect((await call('GET', `/api/v1/feedback/${bad}`, admin)).statusCode, bad).toBe(400);
      }
    });
  });

  describe('handling', () => {
    it('marks a pending message resolved once, records who and when, audits it; a second time is 400', async () => {
      const row = await sendAndFind();
      const before = Date.now();
      const res = await call('PUT', `/api/v1/feedback/${row.id}/handle`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Feedback marked as resolved',
        data: { id: row.id, deleted: true, name: row.name },
      });
      const [after] = await rowsNamed(row.name);
      expect(after?.deleted).toBe(true);
      expect(after?.handledBy).toBe(adminId);
      expect(after?.handledAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const audit = await t.app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'feedback.handle'), eq(auditLog.entityId, String(row.id))));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'feedback' });

      const again = await call('PUT', `/api/v1/feedback/${row.id}/handle`, admin);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'bad_request',
        message: 'This feedback has already been handled',
      });
      const [still] = await rowsNamed(row.name);
      expect(still?.handledAt?.getTime()).toBe(after?.handledAt?.getTime());
    });

    it('lets exactly one of two simultaneous handles win', async () => {
      const row = await sendAndFind();
      const answers = await Promise.all([
        call('PUT', `/api/v1/feedback/${row.id}/handle`, admin),
        call('PUT', `/api/v1/feedback/${row.id}/handle`, admin),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      const audit = await t.app.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'feedback.handle'), eq(auditLog.entityId, String(row.id))));
      expect(audit).toHaveLength(1);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await call('PUT', '/api/v1/feedback/999999/handle', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Feedback not found');
      expect((await call('PUT', '/api/v1/feedback/abc/handle', admin)).statusCode).toBe(400);
    });
  });

  describe('who may call the admin', () => {
    let pendingId: number;
    beforeAll(async () => {
      pendingId = (await sendAndFind()).id;
    });
    const adminCalls = (id: number): ['GET' | 'PUT', string][] => [
      ['GET', '/api/v1/feedback/'],
      ['GET', '/api/v1/feedback/?status=false'],
      ['GET', `/api/v1/feedback/${id}`],
      ['PUT', `/api/v1/feedback/${id}/handle`],
    ];

    it('refuses every admin call without a session (401)', async () => {
      for (const [method, url] of adminCalls(pendingId)) {
        const res = await call(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthorized' });
      }
    });

    it('refuses every admin call from an ordinary user (403) and handles nothing', async () => {
      for (const [method, url] of adminCalls(pendingId)) {
        const res = await call(method, url, plain);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden' });
      }
      const [row] = await t.app.database.db.select().from(feedback).where(eq(feedback.id, pendingId));
      expect(row).toMatchObject({ deleted: false, handledBy: null });
    });
  });
});

describe('feedback when the notice cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every delivery fails at once.
    t = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still stores the message and answers success; the operator finds it in the admin list', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback/',
      payload: { name: 'Unlucky', whatapp_id: '+65 8000 0000', comment: 'Mail server is down' },
      remoteAddress: '10.6.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your message has been sent successfully.');
    const rows = await t.app.database.db.select().from(feedback).where(eq(feedback.name, 'Unlucky'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ comment: 'Mail server is down', deleted: false });
    const outbox = await readdir(path.join(t.dataDir, 'outbox')).catch(() => []);
    expect(outbox).toEqual([]);

    const admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/feedback/?status=false',
      headers: { authorization: admin },
    });
    expect(list.json().data.page_data.map((f: TFeedback) => f.name)).toEqual(['Unlucky']);
  });
});
