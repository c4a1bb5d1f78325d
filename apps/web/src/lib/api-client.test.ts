import { REQUEST_TIMEOUT_MS } from '@ezrecharge/shared/limits';
import { MESSAGES } from '@ezrecharge/shared/message-texts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, isMessageKey } from './api-client';
import { fileOf, type TDownloaded } from './download';
import { setLanguage } from './i18n';
import { setNavigator } from './navigation';
import { getAccessToken, isSignedIn, readLocal, STORAGE_KEYS, setAccessToken, writeLocal } from './storage';
import { clearToasts, currentToasts, subscribeToasts, type TToastKind } from './toast';

const toasts: Array<{ kind: TToastKind; args: { title: string } }> = [];
let unsubscribe = () => {};
const visited: string[] = [];

type THandler = (url: string, init: RequestInit) => Promise<Response> | Response;

/** Replaces the network: the only stub in these tests. */
function stubFetch(handler: THandler) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that never answers, like a hung server; it only gives up when its signal aborts. */
function hangingFetch(): THandler {
  return (_url, init) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
}

function headersOf(mock: ReturnType<typeof stubFetch>, call = 0): Headers {
  return new Headers(mock.mock.calls[call]?.[1]?.headers);
}

function signIn(): void {
  setAccessToken('token-123');
  writeLocal(STORAGE_KEYS.isLogin, 'true');
  writeLocal(STORAGE_KEYS.userName, 'alice');
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`rejected with something other than ApiError: ${String(error)}`);
  }
  throw new Error('the call did not fail');
}

beforeEach(async () => {
  await setLanguage('en');
  let seen = 0;
  unsubscribe = subscribeToasts(() => {
    const all = currentToasts();
    for (const item of all.slice(seen)) toasts.push({ kind: item.kind, args: { title: item.text } });
    seen = all.length;
  });
  setNavigator((to) => visited.push(to));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  unsubscribe();
  clearToasts();
  setNavigator(null);
  toasts.length = 0;
  visited.length = 0;
});

describe('successful calls', () => {
  it('returns the { message, data } envelope and sends the bearer token from the cookie', async () => {
    signIn();
    const fetchMock = stubFetch(() => jsonResponse(200, { message: 'ok', data: { id: 7 } }));

    const body = await api.get<{ id: number }>('/api/v1/user/readme/');

    expect(body).toEqual({ message: 'ok', data: { id: 7 } });
    expect(headersOf(fetchMock).get('Authorization')).toBe('Bearer token-123');
    expect(toasts).toHaveLength(0);
  });

  it('gives a success message the server named by its key in the active language, others as sent', async () => {
    await setLanguage('zh');
    stubFetch(() =>
      jsonResponse(200, {
        message: 'Feedback marked as resolved',
        message_key: 'feedback_handled',
        data: null,
      }),
    );
    expect((await api.put('/api/v1/feedback/1/handle')).message).toBe('反馈已标记为已处理');
    stubFetch(() => jsonResponse(200, { message: 'Feedback marked as resolved', data: null }));
    expect((await api.put('/api/v1/feedback/1/handle')).message).toBe('Feedback marked as resolved');
  });

  it('tells the server the language of the screen, so its e-mails match', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { message: 'ok', data: null }));

    await api.post('/api/v1/captcha/');
    await setLanguage('zh');
    await api.post('/api/v1/captcha/');

    expect(headersOf(fetchMock, 0).get('Accept-Language')).toBe('en');
    expect(headersOf(fetchMock, 1).get('Accept-Language')).toBe('zh');
  });

  it('leaves out the bearer token on login and register', async () => {
    signIn();
    const fetchMock = stubFetch(() => jsonResponse(200, { access_token: 'new', token_type: 'bearer' }));

    await apiRequest('/api/v1/login/access-token', {
      method: 'POST',
      form: { username: 'alice', password: 'x', client_secret: '20250101120000' },
    });
    await api.post('/api/v1/register', { json: { username: 'bob' } });

    expect(headersOf(fetchMock, 0).has('Authorization')).toBe(false);
    expect(headersOf(fetchMock, 1).has('Authorization')).toBe(false);
  });

  it('sends JSON by default, form-encoded and multipart bodies when asked', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { message: 'ok', data: null }));

    await api.post('/api/v1/faq/', { json: { module_en: 'General' } });
    await apiRequest('/api/v1/login/access-token', { method: 'POST', form: { username: 'alice' } });
    const file = new FormData();
    file.append('file', new Blob(['img'], { type: 'image/png' }), 'a.png');
    await api.post('/api/v1/attachment/uploadfile/', {
      query: { attachment_type: 'avatar' },
      multipart: file,
    });

    const [jsonCall, formCall, multipartCall] = fetchMock.mock.calls;
    expect(headersOf(fetchMock, 0).get('Content-Type')).toBe('application/json');
    expect(jsonCall?.[1]?.body).toBe('{"module_en":"General"}');
    expect(headersOf(fetchMock, 1).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(String(formCall?.[1]?.body)).toBe('username=alice');
    // The browser must set the multipart boundary itself.
    expect(headersOf(fetchMock, 2).has('Content-Type')).toBe(false);
    expect(multipartCall?.[1]?.body).toBe(file);
    expect(multipartCall?.[0]).toBe('/api/v1/attachment/uploadfile/?attachment_type=avatar');
  });

  it('starts a check loaded on demand as the request goes out, not after the answer', async () => {
    const steps: string[] = [];
    stubFetch(() => {
      steps.push('fetch');
      return jsonResponse(200, { message: 'ok', data: 3 });
    });
    const parse = Object.assign(
      (body: unknown) => {
        steps.push('parse');
        return body as { message: string; data: number };
      },
      { prepare: () => void steps.push('prepare') },
    );

    expect((await api.get('/api/v1/ping', { parse })).data).toBe(3);
    expect(steps).toEqual(['prepare', 'fetch', 'parse']);
  });

  it('drops empty query values so list filters can be left blank', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { message: 'ok', data: null }));

    await api.get('/api/v1/user/', { query: { page: 1, page_size: 5, username: '', email: undefined } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/user/?page=1&page_size=5');
  });
});

describe('files (read: fileOf of lib/download.ts)', () => {
  it('keeps a successful answer as a blob named by its Content-Disposition, bytes untouched', async () => {
    signIn();
    const csv = '\uFEFFOrder number\r\nEZ1\r\n';
    stubFetch(
      () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="orders-20261121-1803.csv"',
          },
        }),
    );

    const file = await apiRequest<TDownloaded>('/api/v1/order/export', { read: fileOf });

    expect(file.name).toBe('orders-20261121-1803.csv');
    expect(file.blob.type).toMatch(/^text\/csv/);
    expect(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
  });

  it('reads a refusal as every call does', async () => {
    signIn();
    stubFetch(() => jsonResponse(403, { message: 'Not allowed', detail: 'Not allowed', code: 'forbidden' }));

    const failed = apiRequest('/api/v1/order/export', { read: fileOf });

    await expect(failed).rejects.toMatchObject({ status: 403, serverMessage: 'Not allowed', toasted: true });
  });
});

describe('failures (SPEC.md §8)', () => {
  it('rejects a 400 with the field errors, shows no toast and keeps the session', async () => {
    signIn();
    stubFetch(() =>
      jsonResponse(400, {
        message: 'Email is not valid',
        detail: 'validation failed',
        code: 'validation_failed',
        errors: { email: 'Email is not valid' },
      }),
    );

    const error = await rejectionOf(api.post('/api/v1/user/changeme', { json: { email: 'x' } }));

    expect(error).toMatchObject({ kind: 'http', status: 400, code: 'validation_failed', toasted: false });
    expect(error.message).toBe('Email is not valid');
    expect(error.fieldErrors).toEqual({ email: 'Email is not valid' });
    expect(toasts).toHaveLength(0);
    expect(isSignedIn()).toBe(true);
  });

  it('on 401 shows the server detail in a red toast, ends the session and goes to /signin', async () => {
    signIn();
    writeLocal(STORAGE_KEYS.isSuperuser, 'true');
    writeLocal(STORAGE_KEYS.user, JSON.stringify({ nickname: 'Alice' }));
    stubFetch(() =>
      jsonResponse(401, {
        message: 'Unauthorized',
        detail: 'Session expired, please sign in',
        code: 'unauthorized',
      }),
    );

    const error = await rejectionOf(api.get('/api/v1/order/'));

    expect(error).toMatchObject({ status: 401, toasted: true });
    expect(toasts).toEqual([
      { kind: 'error', args: expect.objectContaining({ title: 'Session expired, please sign in' }) },
    ]);
    expect(getAccessToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
    expect(readLocal(STORAGE_KEYS.isSuperuser)).toBeNull();
    expect(readLocal(STORAGE_KEYS.user)).toBeNull();
    expect(visited).toEqual(['/signin']);
  });

  it('toasts and rejects other failures with the message, else the detail, else Undefined Error', async () => {
    const bodies: Array<[number, unknown]> = [
      [500, { message: 'Database unavailable', detail: 'pool exhausted', code: 'internal_error' }],
      [404, { message: '', detail: 'Order not found', code: 'not_found' }],
      [502, '<html>Bad gateway</html>'],
    ];
    let next = 0;
    stubFetch(() => {
      const [status, body] = bodies[next++] ?? [500, {}];
      return typeof body === 'string' ? new Response(body, { status }) : jsonResponse(status, body);
    });

    const messages: string[] = [];
    for (let i = 0; i < bodies.length; i++) {
      const error = await rejectionOf(api.get('/api/v1/order/'));
      expect(error.toasted).toBe(true);
      messages.push(error.message);
    }

    expect(messages).toEqual(['Database unavailable', 'Order not found', 'Undefined Error']);
    expect(toasts.map((toast) => [toast.kind, toast.args.title])).toEqual([
      ['error', 'Database unavailable'],
      ['error', 'Order not found'],
      ['error', 'Undefined Error'],
    ]);
    expect(visited).toEqual([]);
  });

  it('in Chinese shows a message the server named by its key, and keeps the keys of its field errors', async () => {
    await setLanguage('zh');
    stubFetch(() =>
      jsonResponse(400, {
        message: 'Incorrect username or password',
        message_key: 'bad_credentials',
        detail: 'Incorrect username or password',
        code: 'bad_request',
        errors: { email: 'Email is not valid', note: 'Only this server says so' },
        error_keys: { email: 'email_invalid' },
      }),
    );

    const error = await rejectionOf(api.post('/api/v1/login/access-token'));

    expect(error.message).toBe('用户名或密码错误');
    expect(error.messageKey).toBe('bad_credentials');
    expect(error.fieldErrors).toEqual({ email: 'Email is not valid', note: 'Only this server says so' });
    expect(error.fieldErrorKeys).toEqual({ email: 'email_invalid' });
  });

  it('in Chinese shows the translation of the stable error code', async () => {
    await setLanguage('zh');
    stubFetch(() =>
      jsonResponse(429, { message: 'Too many requests', detail: 'slow down', code: 'rate_limited' }),
    );

    const error = await rejectionOf(api.post('/api/v1/captcha/'));

    expect(error.message).toBe('尝试次数过多，请稍后再试。');
    expect(toasts[0]?.args.title).toBe('尝试次数过多，请稍后再试。');
  });

  it('silent calls (session restore) neither toast nor end the session on 401', async () => {
    signIn();
    stubFetch(() => jsonResponse(401, { message: 'Unauthorized', detail: 'expired', code: 'unauthorized' }));

    const error = await rejectionOf(apiRequest('/api/v1/user/readme/', { silent: true }));

    expect(error).toMatchObject({ status: 401, toasted: false });
    expect(toasts).toEqual([]);
    expect(visited).toEqual([]);
  });

  it('gives up after 60 seconds with a timeout error', async () => {
    vi.useFakeTimers();
    stubFetch(hangingFetch());
    let settled = false;
    const call = rejectionOf(apiRequest('/api/v1/product/select')).finally(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await call;
    expect(error).toMatchObject({ kind: 'timeout', status: 0, toasted: false });
    expect(toasts).toHaveLength(0);
  });

  it("stops when the caller's signal aborts", async () => {
    stubFetch(hangingFetch());
    const controller = new AbortController();

    const call = rejectionOf(apiRequest('/api/v1/faq/list', { signal: controller.signal }));
    controller.abort();

    expect(await call).toMatchObject({ kind: 'aborted', status: 0 });
    expect(toasts).toHaveLength(0);
  });

  it('wraps a network failure in a typed error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const error = await rejectionOf(apiRequest('/api/v1/faq/list'));

    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('isMessageKey (the validation texts hold the keys; the web has no shared English texts)', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('knows every shared message key in both languages, and nothing else', async () => {
    for (const language of ['en', 'zh'] as const) {
      await setLanguage(language);
      for (const key of Object.keys(MESSAGES)) expect(isMessageKey(key), `${language}: ${key}`).toBe(true);
      for (const other of ['toString', 'field', 'Invalid input: expected string', 'EMAIL_INVALID', ''])
        expect(isMessageKey(other), `${language}: ${other}`).toBe(false);
    }
  });
});
