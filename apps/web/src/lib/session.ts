import { useSyncExternalStore } from 'react';
import { apiRequest, isApiError } from './api-client';
import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { routePath } from './routes';
import { clearSession, isSignedIn, readLocal, STORAGE_KEYS, subscribeStorage } from './storage';
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
