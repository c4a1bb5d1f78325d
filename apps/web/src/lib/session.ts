import { useSyncExternalStore } from 'react';
import { apiRequest, isApiError } from './api-client';
import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { routePath } from './routes';
import {
  clearSession,
  getAccessToken,
  isSignedIn,
  readLocal,
  STORAGE_KEYS,
  setAccessToken,
  subscribeStorage,
  writeLocal,
} from './storage';
import { toast } from './toast';

/** The parts of the stored `user` object (SPEC.md §3) that the layouts show. */
export interface TStoredUser {
  nickname: string;
  username: string;
  avatar: string;
}

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

export function parseStoredUser(raw: string | null): TStoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    return {
      nickname: text(record, 'nickname'),
      username: text(record, 'username'),
      avatar: text(record, 'avatar'),
    };
  } catch {
    return null;
  }
}

/**
 * The signed-in user as GET /api/v1/user/readme/ returns it (SPEC.md §3 User, without the server-only fields).
 * Read by hand rather than with the shared zod schema: the navigation guard runs on every first load, and zod
 * stays out of that bundle.
 */
export interface TSessionUser {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  is_superuser: boolean;
  user_type: number;
  /** Two-factor sign-in is on (issue #15): a superuser without it is shown the enrolment page first. */
  two_factor_enabled: boolean;
}

export function parseSessionUser(value: unknown): TSessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { id, username, is_superuser: superuser, user_type: userType } = record;
  if (typeof id !== 'number' || typeof username !== 'string' || typeof superuser !== 'boolean') return null;
  return {
    id,
    username,
    nickname: text(record, 'nickname'),
    avatar: text(record, 'avatar'),
    email: text(record, 'email'),
    is_superuser: superuser,
    user_type: typeof userType === 'number' ? userType : 1,
    two_factor_enabled: record.two_factor_enabled === true,
  };
}

/** A superuser whose console stays closed until two-factor sign-in is on (the server refuses their admin calls). */
export function mustEnrolTwoFactor(user: TSessionUser | null): boolean {
  return user?.is_superuser === true && !user.two_factor_enabled;
}

/** Reloads the signed-in user (after a change the server made, e.g. two-factor sign-in turned on). */
export async function refreshSessionUser(): Promise<TSessionUser> {
  const user = await fetchSessionUser();
  storeSessionUser(user);
  return user;
}

/** GET /api/v1/user/readme/: the user of the token in the cookie. */
export async function fetchSessionUser(options: { signal?: AbortSignal; silent?: boolean } = {}) {
  const body = await apiRequest<unknown>('/api/v1/user/readme/', options);
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).data : undefined;
  const user = parseSessionUser(data);
  if (!user) throw new Error('GET /api/v1/user/readme/ answered without a user');
  return user;
}

/** Writes the SPEC.md §3 session keys of a signed-in user (also after a profile change). */
export function storeSessionUser(user: TSessionUser): void {
  writeLocal(STORAGE_KEYS.isSuperuser, user.is_superuser ? 'true' : 'false');
  writeLocal(STORAGE_KEYS.userEmail, user.email);
  writeLocal(STORAGE_KEYS.userId, String(user.id));
  writeLocal(STORAGE_KEYS.userName, user.username);
  writeLocal(STORAGE_KEYS.userType, String(user.user_type));
  writeLocal(STORAGE_KEYS.user, JSON.stringify(user));
  writeLocal(STORAGE_KEYS.isLogin, 'true');
}

/** The full stored user record, or null (not signed in, or written by an older version). */
export function readSessionUser(): TSessionUser | null {
  const raw = readLocal(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return parseSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Starts a session with a fresh access token: stores the cookie, loads the profile and stores the session keys.
 * If the profile cannot be loaded the token is dropped again, so no half-signed-in state remains.
 */
export async function startSession(accessToken: string): Promise<TSessionUser> {
  setAccessToken(accessToken);
  try {
    const user = await fetchSessionUser();
    storeSessionUser(user);
    return user;
  } catch (error) {
    clearSession();
    throw error;
  }
}

let restoring: Promise<boolean> | null = null;

/**
 * Navigation guard helper (SPEC.md §4): with no signed-in flag but an access-token cookie, asks the server who
 * the token belongs to and re-stores the session keys. Any failure (dead token, network) clears the leftovers.
 * Concurrent callers share one request. Resolves to whether a session is now signed in.
 */
export function ensureSession(): Promise<boolean> {
  if (isSignedIn()) return Promise.resolve(true);
  if (!getAccessToken()) return Promise.resolve(false);
  restoring ??= fetchSessionUser({ silent: true })
    .then((user) => {
      storeSessionUser(user);
      return true;
    })
    .catch(() => {
      clearSession();
      return false;
    })
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** Follows the `isLogin` flag, also when another tab signs in or out. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeStorage, isSignedIn, () => false);
}

export function useSuperuser(): boolean {
  return useSyncExternalStore(
    subscribeStorage,
    () => readLocal(STORAGE_KEYS.isSuperuser) === 'true',
    () => false,
  );
}

export function useStoredUser(): TStoredUser | null {
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => readLocal(STORAGE_KEYS.user),
    () => null,
  );
  return parseStoredUser(raw);
}

/**
 * Whatever ends a session (logout, a 401, a password change, another tab signing out) also drops the cached
 * server data, so the next user of this browser never sees the previous one's profile or lists.
 */
let wasSignedIn = isSignedIn();
subscribeStorage(() => {
  const now = isSignedIn();
  if (wasSignedIn && !now) queryClient.clear();
  wasSignedIn = now;
});

/**
 * Logout (SPEC.md §4): on success the session is cleared, 'Logout successfully.' shown and the user taken to
 * /signin; on failure the session stays and the server's message is shown. Resolves to whether it succeeded.
 */
export async function logout(): Promise<boolean> {
  try {
    await apiRequest('/api/v1/logout');
  } catch (error) {
    // A 401 already ended the session in the client; anything else leaves the user signed in.
    if (isApiError(error) && !error.toasted) toast.error(error.message);
    return isApiError(error) && error.status === 401;
  }
  clearSession();
  queryClient.clear();
  toast.success(i18n.t('common:toasts.logoutSuccess'));
  navigateTo(routePath('login'));
  return true;
}
