import type { TErrorBody } from '@ezrecharge/shared/errors';
import { REQUEST_TIMEOUT_MS } from '@ezrecharge/shared/limits';
import type { TMessageKey } from '@ezrecharge/shared/messages';
import { currentLanguage, i18n } from './i18n';
import { navigateTo } from './navigation';
import { routePath } from './routes';
import { clearSession, getAccessToken } from './storage';
import { toast } from './toast';

/**
 * The one HTTP client of the web app (SPEC.md §7, §8; DESIGN.md §4). Every call goes through `apiRequest`:
 * bearer token, 60 s timeout, cancellation, and the shared error handling (401 ends the session, 400 goes back
 * to the caller untouched, other failures are toasted once).
 */

/** Calls that must not carry the bearer token (SPEC.md §6). */
const NO_BEARER_PATHS = ['/api/v1/login/access-token', '/api/v1/login/two-factor', '/api/v1/register'];

export type TApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid_response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** `http`: the server answered with a failure status; the others: no usable answer. */
  readonly kind: TApiErrorKind;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  /** Stable error code from the server (`errors.ts`), '' when absent. */
  readonly code: string;
  /** The server's message and detail, as sent (English). */
  readonly serverMessage: string;
  readonly detail: string;
  /** The shared message key of `serverMessage` (`message_key`), when the server named one. */
  readonly messageKey: string;
  /** Field name → message (English), for showing under form fields. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** Field name → shared message key (`error_keys`), for showing a field error in the active language. */
  readonly fieldErrorKeys: Readonly<Record<string, string>>;
  /** True when the client already showed a toast for this error; callers must not show a second one. */
  readonly toasted: boolean;

  constructor(init: {
    kind: TApiErrorKind;
    message: string;
    status?: number;
    code?: string;
    serverMessage?: string;
    detail?: string;
    messageKey?: string;
    fieldErrors?: Record<string, string>;
    fieldErrorKeys?: Record<string, string>;
    toasted?: boolean;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? '';
    this.serverMessage = init.serverMessage ?? '';
    this.detail = init.detail ?? '';
    this.messageKey = init.messageKey ?? '';
    this.fieldErrors = init.fieldErrors ?? {};
    this.fieldErrorKeys = init.fieldErrorKeys ?? {};
    this.toasted = init.toasted ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Success body of every call but login (DESIGN.md §4). */
export interface TEnvelope<T> {
  /** The server's message; through `api.*`, in the active language when the server named its shared key. */
  message: string;
  message_key?: string;
  data: T;
}

export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type TQueryValue = string | number | boolean | null | undefined;

export interface TRequestOptions<T> {
  method?: TMethod;
  query?: Record<string, TQueryValue>;
  /** JSON body (the default encoding). */
  json?: unknown;
  /** Form-encoded body (login). */
  form?: Record<string, string>;
  /** Multipart body (uploads); the browser sets the boundary. */
  multipart?: FormData;
  /** Cancels the call; the promise then rejects with kind `aborted`. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Checks and types the successful body, e.g. a zod schema's `parse` (or a promise of it, for schemas loaded on
   * demand: lib/lazy-schemas.ts); throwing rejects the call.
   */
  parse?: TParse<T>;
  /**
   * No toast and no 401 handling: the caller deals with every failure itself. The navigation guard restores a
   * session this way, so a dead token sends the visitor to /signin without an error message or a second redirect.
   */
  silent?: boolean;
  /** Reads a successful answer instead of JSON (a file: lib/download.ts); failures are read and handled as usual. */
  read?: (response: Response) => Promise<unknown>;
}

/**
 * A call's answer check. `prepare`, when present, is started as the request goes out: a check whose schemas load on
 * demand (lib/lazy-schemas.ts) loads them while the answer travels rather than after it has arrived.
 */
export type TParse<T> = ((body: unknown) => T | Promise<T>) & { prepare?: () => void };

function buildUrl(path: string, query: TRequestOptions<unknown>['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function buildBody(options: TRequestOptions<unknown>, headers: Headers): BodyInit | undefined {
  if (options.multipart) return options.multipart;
  if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return new URLSearchParams(options.form);
  }
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(options.json);
  }
  return undefined;
}

function needsBearer(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return !NO_BEARER_PATHS.some((open) => pathname === open || pathname === `${open}/`);
}

function readText(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readTexts(record: Record<string, unknown>, key: string): Record<string, string> {
  const out: Record<string, string> = {};
  const value = record[key];
  if (isRecord(value)) {
    for (const [field, text] of Object.entries(value)) if (typeof text === 'string') out[field] = text;
  }
  return out;
}

/** Reads whatever error body arrived; proxies and crashes may send HTML or nothing. */
function toErrorBody(body: unknown): Partial<TErrorBody> {
  if (!isRecord(body)) return {};
  return {
    message: readText(body, 'message'),
    message_key: readText(body, 'message_key'),
    detail: readText(body, 'detail'),
    code: readText(body, 'code'),
    errors: readTexts(body, 'errors'),
    error_keys: readTexts(body, 'error_keys'),
  };
}

/**
 * Whether `value` is a shared message key (`MSG.x`): the `validation` texts, a core namespace loaded before the first
 * render, hold exactly those keys (lib/antd-form-rules.test.tsx). The web asks them rather than the shared English
 * texts (message-texts.ts), which it does not download.
 */
export function isMessageKey(value: string): value is TMessageKey {
  return /^[a-z][a-z0-9_]*$/.test(value) && i18n.exists(value, { ns: 'validation' });
}

/** A shared message key's text in the active language (`validation:<key>`), else undefined. */
export function messageKeyText(key: string | undefined): string | undefined {
  return key && isMessageKey(key) ? i18n.t(`validation:${key}`) : undefined;
}

/**
 * The text shown for a failed call. A message the server named by its shared key shows in the active language;
 * otherwise English shows the server's words (SPEC.md §8: message, else detail, else 'Undefined Error') and other
 * languages the translation of the stable error code when there is one.
 */
function displayMessage(body: Partial<TErrorBody>, prefer: 'message' | 'detail'): string {
  const keyed = prefer === 'message' ? messageKeyText(body.message_key) : undefined;
  if (keyed) return keyed;
  if (i18n.language !== 'en' && body.code && i18n.exists(`common:errors.${body.code}`)) {
    return i18n.t(`common:errors.${body.code}`);
  }
  const first = prefer === 'detail' ? body.detail : body.message;
  const second = prefer === 'detail' ? body.message : body.detail;
  return first || second || i18n.t('common:errors.undefined');
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function transportError(kind: 'network' | 'timeout' | 'aborted', cause: unknown): ApiError {
  return new ApiError({ kind, message: i18n.t(`common:errors.${kind}`), cause });
}

/**
 * A refusal for asking too often, with how long to wait (the answer's Retry-After, in seconds), in the reader's
 * language (issue #32: "Too many requests" alone left the buyer guessing). Undefined without a usable Retry-After.
 */
export function waitMessage(retryAfter: string | null): string | undefined {
  const seconds = Number(retryAfter);
  if (!(seconds > 0)) return undefined;
  return seconds < 120
    ? i18n.t('common:errors.rate_limited_seconds', { count: Math.ceil(seconds) })
    : i18n.t('common:errors.rate_limited_minutes', { count: Math.ceil(seconds / 60) });
}

function handleFailure(status: number, body: unknown, silent: boolean, retryAfter: string | null): ApiError {
  const error = toErrorBody(body);
  const shared = {
    kind: 'http' as const,
    status,
    code: error.code ?? '',
    serverMessage: error.message ?? '',
    messageKey: error.message_key ?? '',
    detail: error.detail ?? '',
    fieldErrors: error.errors ?? {},
    fieldErrorKeys: error.error_keys ?? {},
  };
  if (status === 400 || silent) {
    // Callers show popups and field errors (SPEC.md §8), so no toast here.
    return new ApiError({
      ...shared,
      message:
        status === 400
          ? messageKeyText(error.message_key) ||
            error.message ||
            error.detail ||
            i18n.t('common:errors.undefined')
          : displayMessage(error, 'message'),
    });
  }
  if (status === 401) {
    const text = displayMessage(error, 'detail');
    toast.error(text);
    clearSession();
    navigateTo(routePath('login'));
    return new ApiError({ ...shared, message: text, toasted: true });
  }
  // A message of its own (a shared key) says more than how long to wait; otherwise the wait is what to know.
  const wait = status === 429 && !messageKeyText(error.message_key) ? waitMessage(retryAfter) : undefined;
  const text = wait ?? displayMessage(error, 'message');
  toast.error(text);
  return new ApiError({ ...shared, message: text, toasted: true });
}

export async function apiRequest<T = unknown>(path: string, options: TRequestOptions<T> = {}): Promise<T> {
  // The server writes e-mails (captcha codes, receipts) in the language of the screen that asked.
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  if (needsBearer(path)) {
    const token = getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  const body = buildBody(options, headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = (): void => controller.abort();
  const callerSignal = options.signal;
  if (callerSignal?.aborted) controller.abort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  options.parse?.prepare?.();
  try {
    let response: Response;
    let responseBody: unknown;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      responseBody = options.read && response.ok ? await options.read(response) : await readBody(response);
    } catch (cause) {
      if (timedOut) throw transportError('timeout', cause);
      if (callerSignal?.aborted) throw transportError('aborted', cause);
      throw transportError('network', cause);
    }

    if (!response.ok)
      throw handleFailure(
        response.status,
        responseBody,
        options.silent ?? false,
        response.headers.get('Retry-After'),
      );

    if (!options.parse) return responseBody as T;
    try {
      return await options.parse(responseBody);
    } catch (cause) {
      const text = i18n.t('common:errors.undefined');
      if (!options.silent) toast.error(text);
      throw new ApiError({
        kind: 'invalid_response',
        status: response.status,
        message: text,
        toasted: !options.silent,
        cause,
      });
    }
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

type TBodyOptions<T> = Omit<TRequestOptions<T>, 'method'>;

/** An envelope whose message the server named by its shared key carries that message in the active language. */
async function localised<T>(answer: Promise<TEnvelope<T>>): Promise<TEnvelope<T>> {
  const body = await answer;
  const text = isRecord(body) ? messageKeyText(body.message_key) : undefined;
  return text ? { ...body, message: text } : body;
}

/** Shorthands for the `{ message, data }` envelope; `parse` receives the whole body. */
export const api = {
  get: <T>(path: string, options?: TBodyOptions<TEnvelope<T>>) =>
    localised(apiRequest<TEnvelope<T>>(path, { ...options, method: 'GET' })),
  post: <T>(path: string, options?: TBodyOptions<TEnvelope<T>>) =>
    localised(apiRequest<TEnvelope<T>>(path, { ...options, method: 'POST' })),
  put: <T>(path: string, options?: TBodyOptions<TEnvelope<T>>) =>
    localised(apiRequest<TEnvelope<T>>(path, { ...options, method: 'PUT' })),
  delete: <T>(path: string, options?: TBodyOptions<TEnvelope<T>>) =>
    localised(apiRequest<TEnvelope<T>>(path, { ...options, method: 'DELETE' })),
};
