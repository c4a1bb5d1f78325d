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
export const ok = (data: unknown, message = 'OK'): TReply => reply(200, { message, data });
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): TReply =>
  reply(status, { message, detail: message, code: status === 400 ? 'bad_request' : 'conflict', ...extra });

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
