import { describe, expect, it } from 'vitest';
import type { UserRow } from './auth-repository';
import { toApiUser, userConflict } from './auth-service';

const row: UserRow = {
  id: 7,
  username: 'alice_01',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$secret',
  nickname: 'Alice',
  avatar: '/api/v1/attachment/download?file_path=avatar/a.png',
  email: 'alice@example.com',
  isSuperuser: false,
  userType: 2,
  isActive: true,
  lang: null,
  createdAt: new Date('2026-01-02T03:04:05.006Z'),
  updatedAt: new Date('2026-02-02T03:04:05.006Z'),
};

describe('toApiUser', () => {
  it('maps a row to the snake_case API shape, without the hash', () => {
    expect(toApiUser(row)).toEqual({
      id: 7,
      username: 'alice_01',
      nickname: 'Alice',
      avatar: '/api/v1/attachment/download?file_path=avatar/a.png',
      email: 'alice@example.com',
      is_superuser: false,
      user_type: 2,
      is_active: true,
      created_at: '2026-01-02T03:04:05.006Z',
    });
    expect(JSON.stringify(toApiUser(row))).not.toContain('argon2');
  });
});

/** Shaped like DrizzleQueryError: the driver's error (pg or PGlite) is its cause. */
const wrapped = (constraint: string | undefined, code = '23505') =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('duplicate key'), { code, constraint }),
  });

describe('unique violations', () => {
  it('turns a lost race for a username or e-mail into the 409 of that field', () => {
    const username = userConflict(wrapped('users_username_lower_uq'));
    expect(username?.status).toBe(409);
    expect(username?.fieldErrors).toEqual({ username: 'username_taken' });
    expect(username?.message).toBe('This username is already taken');
    const email = userConflict(wrapped('users_email_lower_uq'));
    expect(email?.fieldErrors).toEqual({ email: 'email_taken' });
    expect(userConflict(wrapped('sessions_token_hash_uq'))).toBeNull();
    expect(userConflict(new Error('boom'))).toBeNull();
  });
});
