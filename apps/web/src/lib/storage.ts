// The limits subpath keeps zod (pulled in by the schemas) out of the first-load bundle.
import { COOKIE_ACCEPTED_VALUE, SESSION_DAYS } from '@ezrecharge/shared/limits';

/**
 * Every client-side storage key of SPEC.md §3, in one place. `{product}` is PRODUCT below.
 * Screens never call localStorage or document.cookie directly; they use these helpers.
 */
export const PRODUCT = 'ezrecharge';

export const STORAGE_KEYS = {
  lang: 'lang',
  cookieAccepted: 'cookieAccepted',
  isSuperuser: `${PRODUCT}Type`,
  userEmail: 'userEmail',
  userId: 'userId',
  isLogin: 'isLogin',
  userName: 'userName',
  userType: 'userType',
  user: 'user',
  rememberUsername: `${PRODUCT}_username`,
  rememberPassword: `${PRODUCT}_password`,
  rememberCheckbox: `${PRODUCT}_remember_checkbox`,
  loginTimestamp: 'EzLiveStr',
  productCache: `${PRODUCT}_product_select`,
  priceCache: `${PRODUCT}_price_select`,
} as const;

export const ACCESS_TOKEN_COOKIE = 'access_token';

/**
 * Keys of this tab's session storage, for values that must outlive one page load and nothing more (they are read
 * once after a reload and removed).
 */
export const SESSION_STORAGE_KEYS = {
  /** The recharge form's entries across the language toggle's reload (features/recharge). */
  rechargeDraft: `${PRODUCT}_recharge_draft`,
  /** Toasts still showing when the storefront hands a console route to the console's page (app/face.ts). */
  carriedToasts: `${PRODUCT}_carried_toasts`,
  /** Each console list's last address, filters and page, in this tab (lib/list-address.ts). */
  listAddresses: `${PRODUCT}_list_addresses`,
} as const;

/** The session keys cleared on logout, on 401 and by the navigation guard. */
const SESSION_KEYS = [
  STORAGE_KEYS.isSuperuser,
  STORAGE_KEYS.userEmail,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.isLogin,
  STORAGE_KEYS.userName,
  STORAGE_KEYS.userType,
  STORAGE_KEYS.user,
] as const;

type TListener = () => void;
const listeners = new Set<TListener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` whenever a key changes through these helpers or in another tab, so that React can follow
 * the signed-in state with useSyncExternalStore. Returns the unsubscribe function.
 */
export function subscribeStorage(listener: TListener): () => void {
  listeners.add(listener);
  // No window when the build prerenders pages in Node (app/prerender.tsx).
  const inBrowser = typeof window !== 'undefined';
  if (inBrowser && listeners.size === 1) window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    if (inBrowser && listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

/**
 * Runs a storage call; storage full or disabled (private mode) is no error: the app still works, it only forgets
 * (a read then finds nothing).
 */
function attempt<T>(call: () => T, otherwise: T): T {
  try {
    return call();
  } catch {
    return otherwise;
  }
}

export function readLocal(key: string): string | null {
  return attempt(() => window.localStorage.getItem(key), null);
}

export function writeLocal(key: string, value: string): void {
  attempt(() => window.localStorage.setItem(key, value), undefined);
  notify();
}

export function removeLocal(key: string): void {
  attempt(() => window.localStorage.removeItem(key), undefined);
  notify();
}

export function readSession(key: string): string | null {
  return attempt(() => window.sessionStorage.getItem(key), null);
}

export function writeSession(key: string, value: string): void {
  attempt(() => window.sessionStorage.setItem(key, value), undefined);
}

export function removeSession(key: string): void {
  attempt(() => window.sessionStorage.removeItem(key), undefined);
}

export function isSignedIn(): boolean {
  return readLocal(STORAGE_KEYS.isLogin) === 'true';
}

export function isSuperuser(): boolean {
  return readLocal(STORAGE_KEYS.isSuperuser) === 'true';
}

export function getAccessToken(): string | null {
  const prefix = `${ACCESS_TOKEN_COOKIE}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function setAccessToken(token: string): void {
  const maxAge = SESSION_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: this module is the one place that writes the token cookie
  document.cookie = `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The chosen language as a cookie beside the `lang` key, so the server can send the prerendered page in that
 * language (issue #14). Not secret; a year, like any site preference.
 */
export const LANGUAGE_COOKIE = 'lang';

/** A site preference as a cookie the server reads (a year; not secret). */
function writePreferenceCookie(name: string, value: string): void {
  attempt(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: this module is the one place that writes cookies
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=31536000; Path=/; SameSite=Lax`;
  }, undefined);
}

export function writeLanguageCookie(language: string): void {
  writePreferenceCookie(LANGUAGE_COOKIE, language);
}

/**
 * The cookie notice's acceptance flag, stored (SPEC.md §2) and mirrored as a cookie so the server sends the
 * prerendered page without the notice to a visitor who confirmed it (issue #14: no shift when the app takes over).
 */
export function isCookieNoticeAccepted(): boolean {
  return readLocal(STORAGE_KEYS.cookieAccepted) === COOKIE_ACCEPTED_VALUE;
}

export function acceptCookieNotice(): void {
  writeLocal(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE);
  writePreferenceCookie(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE);
}

/** Keeps the cookie beside a flag stored before the cookie existed (or whose cookie was cleared). */
export function syncCookieNoticeCookie(): void {
  if (isCookieNoticeAccepted()) writePreferenceCookie(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE);
}

/** Ends the client side of a session: token cookie expired, session flags removed. */
export function clearSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: this module is the one place that writes the token cookie
  document.cookie = `${ACCESS_TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  for (const key of SESSION_KEYS) removeLocal(key);
}
