import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from './navigation';
import { queryClient } from './query-client';
import {
  ensureSession,
  mustEnrolTwoFactor,
  parseSessionUser,
  readSessionUser,
  storeSessionUser,
} from './session';
import { clearSession, getAccessToken, isSignedIn, readLocal, STORAGE_KEYS, setAccessToken } from './storage';

const USER = {
  id: 3,
  username: 'bobby02',
  nickname: 'Bob',
  avatar: '',
  email: 'bob@example.com',
  is_superuser: false,
  user_type: 2,
  two_factor_enabled: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
  queryClient.clear();
});

function answerReadme(status: number, body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('session', () => {
  it('stores the SPEC.md §3 keys of a user and reads the user back', () => {
    storeSessionUser(USER);
    expect(readLocal(STORAGE_KEYS.isLogin)).toBe('true');
    expect(readLocal(STORAGE_KEYS.isSuperuser)).toBe('false');
    expect(readLocal(STORAGE_KEYS.userType)).toBe('2');
    expect(readSessionUser()).toEqual(USER);
  });

  it('tells a superuser without two-factor sign-in to enrol first, and no one else', () => {
    expect(mustEnrolTwoFactor({ ...USER, is_superuser: true })).toBe(true);
    expect(mustEnrolTwoFactor({ ...USER, is_superuser: true, two_factor_enabled: true })).toBe(false);
    expect(mustEnrolTwoFactor(USER)).toBe(false);
    expect(mustEnrolTwoFactor(null)).toBe(false);
    // A stored record from before the flag existed reads as "not on".
    const { two_factor_enabled: _flag, ...older } = USER;
    expect(parseSessionUser(older)?.two_factor_enabled).toBe(false);
  });

  it('accepts only a user-shaped profile', () => {
    expect(parseSessionUser({ ...USER, extra: 1 })).toEqual(USER);
    expect(parseSessionUser({ id: '3', username: 'x', is_superuser: false })).toBeNull();
    expect(parseSessionUser(null)).toBeNull();
  });

  it('restores once for concurrent callers, and clears a token the server refuses', async () => {
    setAccessToken('t1');
    const fetchMock = answerReadme(200, { message: 'OK', data: USER });
    const [a, b] = await Promise.all([ensureSession(), ensureSession()]);
    expect([a, b]).toEqual([true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    clearSession();
    setAccessToken('dead');
    answerReadme(401, { message: 'Unauthorized', detail: 'expired', code: 'unauthorized' });
    expect(await ensureSession()).toBe(false);
    expect(getAccessToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('drops cached server data when the session ends, whatever ended it', () => {
    storeSessionUser(USER);
    queryClient.setQueryData(['user', 'me'], USER);
    clearSession();
    expect(queryClient.getQueryData(['user', 'me'])).toBeUndefined();
  });
});
