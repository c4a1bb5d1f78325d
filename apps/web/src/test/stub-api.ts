import { isMessageKey, MESSAGES } from '@ezrecharge/shared/message-texts';
import { vi } from 'vitest';

/**
 * Replaces `fetch` (the network boundary, and the only stub these tests use) with a small table of answers:
 * `'POST /api/v1/register': () => reply(200, {...})`. A request the table does not know fails the test loudly.
 * Every request is recorded with its parsed body, so tests can assert what the app sent.
 */
export interface TRecordedCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  /** JSON bodies parsed, form bodies as URLSearchParams, multipart as FormData. */
  body: unknown;
}

export type TReply = { status: number; body?: unknown; headers?: Record<string, string> };
export type THandler = (call: TRecordedCall) => TReply | Promise<TReply>;

export const reply = (status: number, body?: unknown): TReply => ({ status, body });

/** A message as the server sends it: a shared key (`MSG.x`) goes out as its English text with `message_key`. */
function messageFields(message: string): { message: string; message_key?: string } {
  return isMessageKey(message) ? { message: MESSAGES[message], message_key: message } : { message };
}

/** Field errors as the server sends them: keys become English texts, named again under `error_keys`. */
export function fieldErrors(errors: Record<string, string>): {
  errors: Record<string, string>;
  error_keys?: Record<string, string>;
} {
  const texts: Record<string, string> = {};
  const keys: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    texts[field] = isMessageKey(value) ? MESSAGES[value] : value;
    if (isMessageKey(value)) keys[field] = value;
  }
  return Object.keys(keys).length > 0 ? { errors: texts, error_keys: keys } : { errors: texts };
}

/** A success answer; `message` may be a shared key (`MSG.x`), as the server's `ok()` takes it. */
export const ok = (data: unknown, message = 'OK'): TReply => reply(200, { ...messageFields(message), data });
/** A failure; `message` may be a shared key; `extra.errors` values may be keys too. */
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): TReply => {
  const { errors, ...rest } = extra as { errors?: Record<string, string> };
  const head = messageFields(message);
  return reply(status, {
    ...head,
    detail: head.message,
    code: status === 400 ? 'bad_request' : 'conflict',
    ...rest,
    ...(errors ? fieldErrors(errors) : {}),
  });
};

function parseBody(init: RequestInit): unknown {
  const { body } = init;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body ?? undefined;
}

export function stubApi(routes: Record<string, THandler>) {
  const calls: TRecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: TRecordedCall = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      body: parseBody(init),
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected request ${method} ${url.pathname}${url.search}`);
    const answer = await handler(call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to one `METHOD /path`. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

/**
 * An answer held back until the test releases it. Every request made for it before the release is answered then
 * (one a query abandoned, as StrictMode's second mount does, too, and one not yet sent when the test saw the
 * loading state), and any later request at once.
 */
export function heldReply(): { handler: THandler; release: (answer: TReply) => void } {
  const waiting: Array<(answer: TReply) => void> = [];
  let released: TReply | undefined;
  return {
    handler: () => released ?? new Promise<TReply>((resolve) => void waiting.push(resolve)),
    release: (answer) => {
      released = answer;
      for (const resolve of waiting.splice(0)) resolve(answer);
    },
  };
}

/** A user as GET /api/v1/user/readme/ returns it. */
export function userRecord(overrides: object = {}) {
  return {
    id: 7,
    username: 'alice01',
    nickname: 'Alice',
    avatar: '',
    email: 'alice@example.com',
    is_superuser: false,
    user_type: 1,
    is_active: true,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
