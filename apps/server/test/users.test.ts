import { MESSAGES } from '@ezrecharge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sessions, users } from '../src/db/schema';
import { verifyPassword } from '../src/infra/passwords';
import { USERS_MESSAGES, UsersService } from '../src/modules/users/users-service';
import { adminAndPlainUser, apiCaller, auditRows as auditRowsOf } from './support/api';
import { bearer, createUser } from './support/auth';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/** Users admin (SPEC.md §2, §5, §7): superusers only, on the real app and database. */
describe('users admin', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let plain: string;
  let plainId: number;

  const call = apiCaller(() => t.app);

  const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
    username,
    password: 'secret-pass',
    nickname: `Nick ${username}`,
    avatar: '',
    email: `${username}@example.com`,
    is_superuser: false,
    ...extra,
  });

  const auditRows = (action: string, entityId: number) => auditRowsOf(t, action, entityId);

  beforeAll(async () => {
    t = await startTestApp();
    ({ admin, adminId, plain, plainId } = await adminAndPlainUser(t));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('who may call', () => {
    const adminCalls = (id: number): [string, string, Record<string, unknown>?][] => [
      ['GET', '/api/v1/user/'],
      ['GET', `/api/v1/user/${id}`],
      ['POST', '/api/v1/user/', newUser('never_made')],
      [
        'PUT',
        `/api/v1/user/?id=${id}`,
        { nickname: 'x', avatar: '', email: 'x@example.com', is_superuser: true },
      ],
      ['DELETE', `/api/v1/user/${id}`],
    ];

    it('refuses every admin call without a session (401)', async () => {
      for (const [method, url, body] of [...adminCalls(adminId), ['GET', '/api/v1/user/select/'] as const]) {
        const res = await call(method as 'GET', url, undefined, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthorized' });
      }
    });

    it('refuses every admin call from an ordinary user (403) and changes nothing', async () => {
      for (const [method, url, body] of adminCalls(adminId)) {
        const res = await call(method as 'GET', url, plain, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden' });
      }
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, adminId));
      expect(row?.isSuperuser).toBe(true);
      expect(row?.email).toBe(TEST_ADMIN.email);
      const made = await t.app.database.db.select().from(users).where(eq(users.username, 'never_made'));
      expect(made).toEqual([]);
    });

    it('refuses a bad or revoked token (401)', async () => {
      const res = await call('GET', '/api/v1/user/', 'Bearer not-a-real-token-at-all-0123456789');
      expect(res.statusCode).toBe(401);
    });
  });

  describe('adding a user', () => {
    it('creates the user with an argon2id hash, answers the API shape and writes an audit row', async () => {
      const res = await call(
        'POST',
        '/api/v1/user/',
        admin,
        newUser('Add_User1', { email: 'Add.User1@Example.com' }),
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { message: string; data: Record<string, unknown> };
      expect(body.message).toBe('User saved successfully!');
      expect(body.data).toEqual({
        id: expect.any(Number),
        username: 'Add_User1',
        nickname: 'Nick Add_User1',
        avatar: '',
        email: 'add.user1@example.com',
        is_superuser: false,
        user_type: 1,
        is_active: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(JSON.stringify(body)).not.toContain('secret-pass');
      const id = Number(body.data.id);
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row?.passwordHash ?? '', 'secret-pass')).toBe(true);

      const audit = await auditRows('user.create', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'user' });
      expect(audit[0]?.detail).toMatchObject({ username: 'Add_User1', email: 'add.user1@example.com' });
      expect(JSON.stringify(audit[0]?.detail)).not.toContain('secret-pass');
      expect(JSON.stringify(audit[0]?.detail)).not.toContain('argon2');

      // The new account works: it can sign in with the password the admin chose.
      await expect(bearer(t.app, 'Add_User1', 'secret-pass')).resolves.toMatch(/^Bearer /);
    });

    it('can add a superuser with an uploaded avatar', async () => {
      const avatar = `/api/v1/attachment/download?file_path=avatar/${'a'.repeat(32)}.png`;
      const res = await call(
        'POST',
        '/api/v1/user/',
        admin,
        newUser('second_admin', { is_superuser: true, avatar }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ is_superuser: true, avatar });
    });

    it('answers 409 with the field when the username or e-mail is taken, whatever the case', async () => {
      const dupName = await call(
        'POST',
        '/api/v1/user/',
        admin,
        newUser('ADD_user1', { email: 'other1@example.com' }),
      );
      expect(dupName.statusCode).toBe(409);
      expect(dupName.json()).toMatchObject({
        code: 'conflict',
        message: 'This username is already taken',
        message_key: USERS_MESSAGES.usernameTaken,
        errors: { username: 'This username is already taken' },
        error_keys: { username: USERS_MESSAGES.usernameTaken },
      });

      const dupMail = await call(
        'POST',
        '/api/v1/user/',
        admin,
        newUser('fresh_name', { email: 'ADD.user1@example.COM' }),
      );
      expect(dupMail.statusCode).toBe(409);
      expect(dupMail.json()).toMatchObject({ errors: { email: 'This email is already registered' } });

      const both = await call(
        'POST',
        '/api/v1/user/',
        admin,
        newUser('add_user1', { email: 'add.user1@example.com' }),
      );
      expect(both.statusCode).toBe(409);
      expect(both.json().errors).toEqual({
        username: 'This username is already taken',
        email: 'This email is already registered',
      });
      const rows = await t.app.database.db.select().from(users).where(eq(users.username, 'fresh_name'));
      expect(rows).toEqual([]);
    });

    it('still answers 409 (not 500) when a concurrent insert wins the unique index race', async () => {
      const attempts = await Promise.all(
        [1, 2, 3].map((i) =>
          call('POST', '/api/v1/user/', admin, newUser('race_user', { email: `race${i}@example.com` })),
        ),
      );
      const codes = attempts.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      for (const r of attempts.filter((a) => a.statusCode === 409)) {
        expect(r.json().errors).toEqual({ username: 'This username is already taken' });
      }
    });

    it('answers 400 with the SPEC.md message under each bad field', async () => {
      const res = await call(
        'POST',
        '/api/v1/user/',
        admin,
        newUser('valid_name', { nickname: 'n'.repeat(65), email: 'not an email' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { nickname: MESSAGES.nickname_max_64, email: MESSAGES.email_invalid },
      });
      expect(res.json().errors.nickname).toBe('Nickname must be less than 64 characters');
      expect(res.json().errors.email).toBe('Email is not valid');

      const short = await call('POST', '/api/v1/user/', admin, newUser('abc', { password: '123' }));
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toMatchObject({
        username: MESSAGES.username_length,
        password: MESSAGES.password_length,
      });

      const missing = await call('POST', '/api/v1/user/', admin, { username: 'someone_new' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toMatchObject({
        password: MESSAGES.password_required,
        nickname: MESSAGES.nickname_required,
        email: MESSAGES.email_required,
        is_superuser: MESSAGES.is_superuser_required,
      });

      const longMail = await call(
        'POST',
        '/api/v1/user/',
        admin,
        newUser('mail_len', { email: `${'m'.repeat(60)}@ex.com` }),
      );
      expect(longMail.json().errors).toEqual({ email: MESSAGES.email_max_64 });

      const foreignAvatar = await call(
        'POST',
        '/api/v1/user/',
        admin,
        newUser('bad_avatar', { avatar: 'https://evil.example/x.png' }),
      );
      expect(foreignAvatar.statusCode).toBe(400);
      expect(foreignAvatar.json().errors).toHaveProperty('avatar');
    });
  });

  describe('the list', () => {
    beforeAll(async () => {
      for (let i = 1; i <= 7; i++) {
        const res = await call(
          'POST',
          '/api/v1/user/',
          admin,
          newUser(`list_${i}_member`, { email: `member${i}@list.test` }),
        );
        expect(res.statusCode).toBe(200);
      }
      for (const [username, email] of [
        ['percent%name', 'p1@wild.test'],
        ['under_score', 'p2@wild.test'],
        ['underXscore', 'p3@wild.test'],
      ] as const) {
        await createUser(t.app, { username, password: 'wild-pass', email });
      }
    });

    it('pages by 5 by default, newest first, with the total', async () => {
      const res = await call('GET', '/api/v1/user/?username=list_', admin);
      expect(res.statusCode).toBe(200);
      const { data } = res.json() as {
        data: { page_data: { username: string }[]; total: number; page: number; page_size: number };
      };
      expect(data.total).toBe(7);
      expect(data.page).toBe(1);
      expect(data.page_size).toBe(5);
      expect(data.page_data.map((u) => u.username)).toEqual([
        'list_7_member',
        'list_6_member',
        'list_5_member',
        'list_4_member',
        'list_3_member',
      ]);
      const page2 = (await call('GET', '/api/v1/user/?username=list_&page=2', admin)).json().data;
      expect(page2.page_data.map((u: { username: string }) => u.username)).toEqual([
        'list_2_member',
        'list_1_member',
      ]);
      expect(page2.total).toBe(7);
      const page3 = (await call('GET', '/api/v1/user/?username=list_&page=3&page_size=5', admin)).json().data;
      expect(page3).toMatchObject({ page_data: [], total: 7, page: 3 });
      const big = (await call('GET', '/api/v1/user/?username=list_&page_size=20', admin)).json().data;
      expect(big.page_data).toHaveLength(7);
    });

    it('lists everyone without filters and never shows a password hash', async () => {
      const res = await call('GET', '/api/v1/user/?page_size=100', admin);
      const { data } = res.json();
      expect(data.total).toBe(data.page_data.length);
      expect(data.page_data.map((u: { username: string }) => u.username)).toContain(TEST_ADMIN.username);
      expect(res.body).not.toContain('argon2');
      expect(res.body).not.toMatch(/password/i);
    });

    it('filters by username and e-mail, contains and case-insensitive, both at once', async () => {
      const byName = (await call('GET', '/api/v1/user/?username=LIST_3', admin)).json().data;
      expect(byName.page_data.map((u: { username: string }) => u.username)).toEqual(['list_3_member']);
      const byMail = (await call('GET', '/api/v1/user/?email=MEMBER2%40LIST', admin)).json().data;
      expect(byMail.page_data.map((u: { email: string }) => u.email)).toEqual(['member2@list.test']);
      const both = (
        await call('GET', '/api/v1/user/?username=member&email=list.test&page_size=100', admin)
      ).json().data;
      expect(both.total).toBe(7);
      const none = (await call('GET', '/api/v1/user/?username=list_1&email=member2', admin)).json().data;
      expect(none).toMatchObject({ page_data: [], total: 0 });
    });

    it('takes % and _ in a filter literally', async () => {
      const percent = (await call('GET', `/api/v1/user/?username=${encodeURIComponent('%')}`, admin)).json()
        .data;
      expect(percent.page_data.map((u: { username: string }) => u.username)).toEqual(['percent%name']);
      const underscore = (await call('GET', '/api/v1/user/?username=r_s&email=wild', admin)).json().data;
      expect(underscore.page_data.map((u: { username: string }) => u.username)).toEqual(['under_score']);
    });

    it('refuses bad paging values with 400', async () => {
      for (const q of ['page=0', 'page=abc', 'page_size=0', 'page_size=101', 'page=1.5']) {
        const res = await call('GET', `/api/v1/user/?${q}`, admin);
        expect(res.statusCode, q).toBe(400);
      }
    });
  });

  describe('one user and the name map', () => {
    it('shows one user, 404 for an unknown id and 400 for a non-numeric one', async () => {
      const res = await call('GET', `/api/v1/user/${plainId}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: plainId,
        username: 'plain_user',
        email: 'plain@example.com',
      });

      const missing = await call('GET', '/api/v1/user/999999', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'User not found', code: 'not_found' });

      for (const id of ['abc', '1abc', '-1', '0', '99999999999']) {
        const bad = await call('GET', `/api/v1/user/${id}`, admin);
        expect(bad.statusCode, id).toBe(400);
      }
    });

    it('maps every user id to the nickname, or the username without one, for a superuser', async () => {
      const noNick = await createUser(t.app, {
        username: 'no_nickname',
        password: 'nick-pass',
        email: 'nonick@example.com',
      });
      await t.app.database.db.update(users).set({ nickname: '' }).where(eq(users.id, noNick));
      const res = await call('GET', '/api/v1/user/select/', admin);
      expect(res.statusCode).toBe(200);
      const map = res.json().data as Record<string, string>;
      const all = await t.app.database.db.select({ id: users.id }).from(users);
      expect(Object.keys(map).sort()).toEqual(all.map((u) => String(u.id)).sort());
      expect(map[String(plainId)]).toBe('plain_user');
      expect(map[String(noNick)]).toBe('no_nickname');
    });

    it('gives an ordinary user only their own name (their order list shows only their orders)', async () => {
      const res = await call('GET', '/api/v1/user/select/', plain);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ [String(plainId)]: 'plain_user' });
    });
  });

  describe('editing a user', () => {
    let editId: number;
    beforeAll(async () => {
      editId = await createUser(t.app, {
        username: 'edit_target',
        password: 'edit-pass',
        email: 'edit@example.com',
      });
    });

    it('changes nickname, avatar, e-mail and role, and audits what changed', async () => {
      const avatar = `/api/v1/attachment/download?file_path=avatar/${'b'.repeat(32)}.webp`;
      const res = await call('PUT', `/api/v1/user/?id=${editId}`, admin, {
        nickname: 'Edited',
        avatar,
        email: 'Edited@Example.com',
        is_superuser: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'User saved successfully!',
        message_key: 'user_saved',
        data: expect.objectContaining({
          id: editId,
          username: 'edit_target',
          nickname: 'Edited',
          avatar,
          email: 'edited@example.com',
          is_superuser: true,
        }),
      });
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, editId));
      expect(row).toMatchObject({ nickname: 'Edited', email: 'edited@example.com', isSuperuser: true });
      expect(await verifyPassword(row?.passwordHash ?? '', 'edit-pass')).toBe(true);

      const audit = await auditRows('user.update', editId);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'user' });
      expect(audit[0]?.detail).toEqual({
        changed: {
          nickname: { from: 'edit_target', to: 'Edited' },
          avatar: { from: '', to: avatar },
          email: { from: 'edit@example.com', to: 'edited@example.com' },
          is_superuser: { from: false, to: true },
        },
      });

      const back = await call('PUT', `/api/v1/user/?id=${editId}`, admin, {
        nickname: 'Edited',
        avatar,
        email: 'edited@example.com',
        is_superuser: false,
      });
      expect(back.statusCode).toBe(200);
      expect(back.json().data.is_superuser).toBe(false);
    });

    it('lets a superuser edit their own profile while keeping the role', async () => {
      const res = await call('PUT', `/api/v1/user/?id=${adminId}`, admin, {
        nickname: 'Chief',
        avatar: '',
        email: TEST_ADMIN.email,
        is_superuser: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ nickname: 'Chief', is_superuser: true });
    });

    it('refuses to let a superuser remove their own superuser role', async () => {
      const res = await call('PUT', `/api/v1/user/?id=${adminId}`, admin, {
        nickname: 'Chief',
        avatar: '',
        email: TEST_ADMIN.email,
        is_superuser: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'You cannot remove your own superuser role' });
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, adminId));
      expect(row?.isSuperuser).toBe(true);
    });

    it('answers 409 when the e-mail belongs to someone else, 404 for an unknown id, 400 without an id', async () => {
      const body = { nickname: 'Edited', avatar: '', email: 'PLAIN@example.com', is_superuser: false };
      const taken = await call('PUT', `/api/v1/user/?id=${editId}`, admin, body);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual({ email: 'This email is already registered' });

      const same = await call('PUT', `/api/v1/user/?id=${plainId}`, admin, {
        ...body,
        nickname: 'plain_user',
      });
      expect(same.statusCode).toBe(200);

      const unknown = await call('PUT', '/api/v1/user/?id=999999', admin, {
        ...body,
        email: 'nobody@example.com',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('User not found');

      for (const url of ['/api/v1/user/', '/api/v1/user/?id=x']) {
        const bad = await call('PUT', url, admin, body);
        expect(bad.statusCode, url).toBe(400);
      }
    });

    it('answers 400 with the SPEC.md messages for a bad edit', async () => {
      const res = await call('PUT', `/api/v1/user/?id=${editId}`, admin, {
        nickname: 'x'.repeat(65),
        avatar: '',
        email: 'nope@',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        nickname: MESSAGES.nickname_max_64,
        email: MESSAGES.email_invalid,
        is_superuser: MESSAGES.is_superuser_required,
      });
    });
  });

  describe('deleting a user', () => {
    it('deletes the user and their sessions, keeps their orders without creator, and audits it', async () => {
      const id = await createUser(t.app, {
        username: 'leaving_user',
        password: 'leave-pass',
        email: 'leave@example.com',
      });
      const token = await bearer(t.app, 'leaving_user', 'leave-pass');
      await t.app.database.db.insert(orders).values({
        orderNum: 'EZTEST0001',
        gameId: 'bigo123',
        orderStatus: 9,
        email: 'leave@example.com',
        pageInfo: 'ezrecharge',
        productName: 'BIGO LIVE Diamonds',
        currency: 'SGD',
        unitAmount: 245,
        gameAmount: 100,
        quantity: 1,
        amount: 245,
        amountGame: 100,
        gateway: 'fiuu',
        createdBy: id,
      });

      const res = await call('DELETE', `/api/v1/user/${id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'User Deleted', message_key: 'user_deleted', data: null });

      expect(await t.app.database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
      expect(await t.app.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
      const [order] = await t.app.database.db.select().from(orders).where(eq(orders.orderNum, 'EZTEST0001'));
      expect(order).toMatchObject({ createdBy: null, amount: 245, orderStatus: 9 });
      const gone = await call('GET', '/api/v1/user/select/', token);
      expect(gone.statusCode).toBe(401);

      const audit = await auditRows('user.delete', id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'user' });
      expect(audit[0]?.detail).toMatchObject({ username: 'leaving_user', email: 'leave@example.com' });

      const again = await call('DELETE', `/api/v1/user/${id}`, admin);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('User not found');
    });

    it('refuses to let a superuser delete their own account', async () => {
      const res = await call('DELETE', `/api/v1/user/${adminId}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'You cannot delete your own account' });
      expect(await t.app.database.db.select().from(users).where(eq(users.id, adminId))).toHaveLength(1);
    });

    it('lets one superuser delete another while one remains', async () => {
      const id = await createUser(t.app, {
        username: 'spare_admin',
        password: 'spare-pass',
        email: 'spare@example.com',
        isSuperuser: true,
      });
      const res = await call('DELETE', `/api/v1/user/${id}`, admin);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('the last superuser', () => {
    it('is never demoted or deleted, even by an actor whose own role was lost meanwhile', async () => {
      // Only the seeded admin stays a superuser; the acting one (a superuser when its request passed the guard)
      // is demoted "meanwhile", so removing the admin would leave nobody to run the console.
      const { db } = t.app.database;
      await db.update(users).set({ isSuperuser: false }).where(eq(users.isSuperuser, true));
      await db.update(users).set({ isSuperuser: true }).where(eq(users.id, adminId));
      const service = new UsersService(db);
      const actor = { id: plainId, isSuperuser: true, ip: '127.0.0.1' };

      await expect(
        service.update(actor, adminId, {
          nickname: 'Chief',
          avatar: '',
          email: TEST_ADMIN.email,
          is_superuser: false,
        }),
      ).rejects.toMatchObject({ status: 400, messageKey: USERS_MESSAGES.lastSuperuser });
      await expect(service.remove(actor, adminId)).rejects.toMatchObject({
        status: 400,
        message: 'At least one superuser must remain',
      });
      const [row] = await db.select().from(users).where(eq(users.id, adminId));
      expect(row?.isSuperuser).toBe(true);
      expect(await auditRows('user.delete', adminId)).toEqual([]);
    });

    it('survives two superusers demoting each other at the same moment', async () => {
      const { db } = t.app.database;
      const otherId = await createUser(t.app, {
        username: 'twin_admin',
        password: 'twin-pass',
        email: 'twin@example.com',
        isSuperuser: true,
      });
      const other = await bearer(t.app, 'twin_admin', 'twin-pass');
      const demote = (auth: string, id: number, email: string) =>
        call('PUT', `/api/v1/user/?id=${id}`, auth, {
          nickname: 'x',
          avatar: '',
          email,
          is_superuser: false,
        });

      const [a, b] = await Promise.all([
        demote(admin, otherId, 'twin@example.com'),
        demote(other, adminId, TEST_ADMIN.email),
      ]);
      // One wins; the other is refused, either by the guard (its actor is no superuser any more) or by the
      // last-superuser rule inside the transaction. Never both.
      expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
      for (const r of [a, b].filter((x) => x.statusCode !== 200)) expect([400, 403]).toContain(r.statusCode);
      const left = await db.select({ id: users.id }).from(users).where(eq(users.isSuperuser, true));
      expect(left).toHaveLength(1);
    });
  });

  it('publishes the users endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/v1/user/'] ?? {}).sort()).toEqual(['get', 'post', 'put']);
    expect(Object.keys(doc.paths['/api/v1/user/{id}'] ?? {}).sort()).toEqual(['delete', 'get']);
    expect(doc.paths['/api/v1/user/select/']).toHaveProperty('get');
  });
});
