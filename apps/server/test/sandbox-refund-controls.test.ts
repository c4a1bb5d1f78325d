import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from './support/auth';
import { startTestApp, TEST_ADMIN, type TestApp } from './support/test-app';

/**
 * The refund sandboxes' controls: a superuser can make the next refunds stay pending or fail, to walk every refund
 * branch on a staging site; nobody else can touch them.
 */
describe.each([
  { gateway: 'Fiuu', path: '/sandbox/fiuu/refund-controls', modes: ['pending', 'reject'] },
  { gateway: 'Stripe', path: '/sandbox/stripe/refund-controls', modes: ['pending', 'fail'] },
])('$gateway refund sandbox controls', ({ path, modes }) => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await bearer(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    await createUser(t.app, {
      username: 'ordinary',
      password: 'ordinary-pass',
      email: 'ordinary@example.com',
    });
    user = await bearer(t.app, 'ordinary', 'ordinary-pass');
  });
  afterAll(async () => t.close());

  /** `auth` is a whole Authorization header value, as bearer() gives it. */
  const call = (method: 'GET' | 'PUT' | 'DELETE', auth?: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: path,
      headers: auth ? { authorization: auth } : {},
      ...(payload === undefined ? {} : { payload }),
    });

  it('answers refunds with success until told otherwise', async () => {
    const res = await call('GET', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'succeed', inquiry: 'answer' });
  });

  it('lets a superuser choose how the next refunds end and how inquiries answer, and reset it', async () => {
    for (const mode of modes) {
      const put = await call('PUT', admin, { mode });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ mode, inquiry: 'answer' });
      expect((await call('GET', admin)).json()).toEqual({ mode, inquiry: 'answer' });
    }
    for (const inquiry of ['busy', 'down']) {
      const put = await call('PUT', admin, { mode: 'pending', inquiry });
      expect(put.json()).toEqual({ mode: 'pending', inquiry });
    }
    const reset = await call('DELETE', admin);
    expect(reset.json()).toEqual({ mode: 'succeed', inquiry: 'answer' });
  });

  it('refuses an unknown mode or inquiry', async () => {
    expect((await call('PUT', admin, { mode: 'explode' })).statusCode).toBe(400);
    expect((await call('PUT', admin, { mode: 'pending', inquiry: 'sometimes' })).statusCode).toBe(400);
    expect((await call('GET', admin)).json()).toEqual({ mode: 'succeed', inquiry: 'answer' });
  });

  it('is closed to visitors and ordinary users', async () => {
    expect((await call('GET')).statusCode).toBe(401);
    expect((await call('PUT', user, { mode: modes[0] })).statusCode).toBe(403);
    expect((await call('DELETE', user)).statusCode).toBe(403);
  });
});
