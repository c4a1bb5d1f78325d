import { MSG } from '@ezrecharge/shared/messages';
import { decryptWire } from '@ezrecharge/shared/wire-crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { getAccessToken, isSignedIn, readLocal, STORAGE_KEYS } from '../../../lib/storage';
import { fill } from '../../../test/fill';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { fail, ok, reply, stubApi, type TRecordedCall, userRecord } from '../../../test/stub-api';
import { createRememberMe, type TKeyStore } from '../utils/remember-me';

// jsdom has no IndexedDB: the page gets a remember-me whose key lives in memory (WebCrypto is Node's).
const memory = vi.hoisted(() => ({ key: undefined as CryptoKey | undefined }));
vi.mock('../utils/remember-me', async (importOriginal) => {
  const original = await importOriginal<typeof import('../utils/remember-me')>();
  const keyStore: TKeyStore = {
    get: async () => memory.key,
    put: async (key) => {
      memory.key = key;
    },
    delete: async () => {
      memory.key = undefined;
    },
  };
  const instance = original.createRememberMe({ keyStore });
  return { ...original, rememberMe: () => instance };
});

// The first render would otherwise wait for the feature's chunk longer than findBy* waits.
beforeAll(() => import('..'), 30_000);

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => {
  setNavigator(null);
  vi.unstubAllGlobals();
  memory.key = undefined;
});

function loginApi(user = userRecord()) {
  return stubApi({
    'POST /api/v1/login/access-token': () => reply(200, { access_token: 'tok-1', token_type: 'bearer' }),
    'GET /api/v1/user/readme/': () => ok(user),
  });
}

async function fillAndSubmit(username: string, password: string, { remember = false } = {}) {
  await fill(await screen.findByLabelText('Username'), username);
  await fill(screen.getByLabelText('Password'), password);
  if (remember) await userEvent.click(screen.getByRole('switch', { name: 'Remember me' }));
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

/** The code field's description (its hint, then its empty error region). */
const waitText = (when: string) =>
  new RegExp(`^\\s*No code yet\\? You can ask for a new one ${when}\\. A code works for 10 minutes\\.\\s*$`);

function formOf(call: TRecordedCall | undefined): URLSearchParams {
  if (!(call?.body instanceof URLSearchParams)) throw new Error('expected a form-encoded body');
  return call.body;
}

describe('sign-in', () => {
  it('offers the remember-me switch and links to sign-up and password reset', async () => {
    renderApp('/signin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Remember me' })).not.toBeChecked();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
  });

  it("asks for both fields with SPEC.md's messages and sends nothing", async () => {
    const api = loginApi();
    renderApp('/signin');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is a required input')).toBeInTheDocument();
    expect(await screen.findByText('Password is a required input')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('sends the wire-encrypted password, stores the session keys and opens /ezrecharge', async () => {
    const api = loginApi(
      userRecord({ id: 12, is_superuser: true, email: 'boss@example.com', two_factor_enabled: true }),
    );
    const { router } = renderApp('/signin');

    await fillAndSubmit('alice01', 'pass word 1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/ezrecharge'));
    const [login, readme] = api.calls;
    const form = formOf(login);
    expect(form.get('username')).toBe('alice01');
    expect(form.get('client_secret')).toMatch(/^\d{14}$/);
    expect(form.get('password')).not.toBe('pass word 1');
    expect(await decryptWire(form.get('password') ?? '', form.get('client_secret') ?? '', 'alice01')).toBe(
      'pass word 1',
    );
    expect(login?.headers.has('Authorization')).toBe(false);
    expect(readme?.path).toBe('/api/v1/user/readme/');
    expect(readme?.headers.get('Authorization')).toBe('Bearer tok-1');

    expect(getAccessToken()).toBe('tok-1');
    expect(readLocal(STORAGE_KEYS.isLogin)).toBe('true');
    expect(readLocal(STORAGE_KEYS.isSuperuser)).toBe('true');
    expect(readLocal(STORAGE_KEYS.userEmail)).toBe('boss@example.com');
    expect(readLocal(STORAGE_KEYS.userId)).toBe('12');
    expect(readLocal(STORAGE_KEYS.userName)).toBe('alice01');
    expect(readLocal(STORAGE_KEYS.userType)).toBe('1');
    expect(JSON.parse(readLocal(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ id: 12, nickname: 'Alice' });
    // Remember-me was off: nothing kept.
    expect(readLocal(STORAGE_KEYS.rememberUsername)).toBeNull();
    expect(readLocal(STORAGE_KEYS.rememberPassword)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alice!' })).toBeInTheDocument();
  });

  it("shows the server's message in a popup on a refused sign-in and stays signed out", async () => {
    stubApi({
      'POST /api/v1/login/access-token': () => fail(400, MSG.bad_credentials),
    });
    const { router } = renderApp('/signin');

    await fillAndSubmit('alice01', 'wrong-pass');

    // (Its 500 px width is CSS min() that jsdom does not read: e2e/accounts.spec.ts checks it in the browser.)
    expect(await screen.findByRole('dialog', { name: 'Incorrect username or password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(isSignedIn()).toBe(false);
    expect(getAccessToken()).toBeNull();
  });

  it('drops the token again when the profile cannot be loaded', async () => {
    stubApi({
      'POST /api/v1/login/access-token': () => reply(200, { access_token: 'tok-1', token_type: 'bearer' }),
      'GET /api/v1/user/readme/': () => fail(500, 'Database unavailable'),
    });
    const { router } = renderApp('/signin');

    await fillAndSubmit('alice01', 'pass-123');

    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
    expect(router.state.location.pathname).toBe('/signin');
  });

  it('with remember-me on, the next visit finds the form filled in; off forgets it again', async () => {
    loginApi();
    const first = renderApp('/signin');
    await fillAndSubmit('alice01', 'pass word 1', { remember: true });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/ezrecharge'));
    expect(readLocal(STORAGE_KEYS.rememberCheckbox)).toBe('true');
    expect(readLocal(STORAGE_KEYS.rememberUsername)).toBe('alice01');
    expect(readLocal(STORAGE_KEYS.loginTimestamp)).toMatch(/^\d+$/);
    expect(readLocal(STORAGE_KEYS.rememberPassword)).not.toContain('pass word');
    first.unmount();

    const second = renderApp('/signin');
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('alice01'));
    expect(screen.getByLabelText('Password')).toHaveValue('pass word 1');
    expect(screen.getByRole('switch', { name: 'Remember me' })).toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/ezrecharge'));
    expect(readLocal(STORAGE_KEYS.rememberCheckbox)).toBeNull();
    expect(readLocal(STORAGE_KEYS.rememberUsername)).toBeNull();
    expect(readLocal(STORAGE_KEYS.rememberPassword)).toBeNull();
    expect(readLocal(STORAGE_KEYS.loginTimestamp)).toBeNull();
    expect(memory.key).toBeUndefined();
  });

  it('prefills the username but not a password it cannot decrypt', async () => {
    await createRememberMe({
      keyStore: {
        get: async () => undefined,
        put: async () => {},
        delete: async () => {},
      },
    }).save('alice01', 'secret-1');
    renderApp('/signin');
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('alice01'));
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Remember me' })).toBeChecked();
  });

  it('speaks Chinese: field messages and the refused sign-in', async () => {
    await setLanguage('zh');
    stubApi({ 'POST /api/v1/login/access-token': () => fail(400, MSG.bad_credentials) });
    renderApp('/signin');
    await userEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();

    await fill(screen.getByLabelText('用户名'), 'alice01');
    await fill(screen.getByLabelText('密码'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    // The server's refusal is a shared message, so it reads in Chinese too.
    expect(await screen.findByRole('dialog', { name: '用户名或密码错误' })).toBeInTheDocument();
  });

  it('asks for the e-mailed sign-in code when the account is protected, and sends it with the password', async () => {
    let attempt = 0;
    const api = stubApi({
      'POST /api/v1/login/access-token': () =>
        ++attempt === 1
          ? {
              ...fail(429, MSG.sign_in_code_required, { code: 'rate_limited' }),
              headers: { 'Retry-After': '3000' },
            }
          : reply(200, { access_token: 'tok-2', token_type: 'bearer' }),
      'GET /api/v1/user/readme/': () => ok(userRecord()),
    });
    const { router } = renderApp('/signin');
    await fillAndSubmit('alice01', 'pass-123');

    // Why, in a toast, and the field for the code under a notice.
    expect(
      await screen.findAllByText(
        'Too many failed sign-ins to this account. If your password is right, we have e-mailed you a sign-in code: enter it with your password.',
      ),
    ).not.toHaveLength(0);
    await fill(await screen.findByLabelText('Sign-in code'), '482913');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/ezrecharge'));
    const [first, second] = api.callsTo('POST /api/v1/login/access-token');
    expect(formOf(first).has('sign_in_code')).toBe(false);
    expect(formOf(second).get('sign_in_code')).toBe('482913');
  });

  it('says when a new sign-in code can be asked for, and asks for one with the password only (issue #33)', async () => {
    const required = () => ({
      ...fail(429, MSG.sign_in_code_required, { code: 'rate_limited' }),
      headers: { 'Retry-After': '60' },
    });
    const api = stubApi({ 'POST /api/v1/login/access-token': required });
    renderApp('/signin');
    await fillAndSubmit('alice01', 'pass-123');

    const code = await screen.findByLabelText('Sign-in code');
    expect(code).toHaveAccessibleDescription(waitText('in 60 s'));
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    expect(resend).toBeDisabled();
    // An owner who cannot read the account's mailbox has a way to a person.
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/contact-ezrecharge',
    );

    // A minute later (the page's clock; its countdown ticks every second) the button is there to use.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      await waitFor(() => expect(resend).toBeEnabled(), { timeout: 3_000 });
      expect(code).toHaveAccessibleDescription(waitText('now'));
      await fill(code, '111111');
      await userEvent.click(resend);
      await waitFor(() => expect(api.callsTo('POST /api/v1/login/access-token')).toHaveLength(2));
      // The new request carries the username and password, not the code typed; the countdown starts again.
      const second = formOf(api.callsTo('POST /api/v1/login/access-token')[1]);
      expect(second.get('username')).toBe('alice01');
      expect(second.has('sign_in_code')).toBe(false);
      await waitFor(() => expect(resend).toBeDisabled());
      expect(code).toHaveValue('');
      expect(code).toHaveAccessibleDescription(waitText('in 60 s'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('在中文界面说明何时可以重新获取登录验证码 (the code part in Chinese)', async () => {
    await setLanguage('zh');
    stubApi({
      'POST /api/v1/login/access-token': () => ({
        ...fail(429, MSG.sign_in_code_required, { code: 'rate_limited' }),
        headers: { 'Retry-After': '60' },
      }),
    });
    renderApp('/signin');
    await fill(await screen.findByLabelText('用户名'), 'alice01');
    await fill(screen.getByLabelText('密码'), 'pass-123');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('button', { name: '重新发送验证码' })).toBeDisabled();
    expect(
      screen.getByText('还没收到验证码？60 秒后可以重新获取。验证码 10 分钟内有效。'),
    ).toBeInTheDocument();
  });

  it('signs in in two steps with two-factor sign-in on: the password, then a code', async () => {
    const api = stubApi({
      'POST /api/v1/login/access-token': () =>
        reply(200, { two_factor_required: true, two_factor_token: 'step-token-0123456789', expires_in: 300 }),
      'POST /api/v1/login/two-factor': () => reply(200, { access_token: 'tok-3', token_type: 'bearer' }),
      'GET /api/v1/user/readme/': () => ok(userRecord({ two_factor_enabled: true })),
    });
    const { router } = renderApp('/signin');
    await fillAndSubmit('alice01', 'pass-123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeInTheDocument();
    // No session yet: the token of the first step is not one.
    expect(getAccessToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
    await fill(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/ezrecharge'));
    const [step] = api.callsTo('POST /api/v1/login/two-factor');
    expect(step?.body).toEqual({ two_factor_token: 'step-token-0123456789', code: '123456' });
    expect(step?.headers.has('Authorization')).toBe(false);
    expect(getAccessToken()).toBe('tok-3');
  });

  it('keeps the code step on a wrong code, with the reason under the field', async () => {
    stubApi({
      'POST /api/v1/login/access-token': () =>
        reply(200, { two_factor_required: true, two_factor_token: 'step-token-0123456789', expires_in: 300 }),
      'POST /api/v1/login/two-factor': () =>
        fail(400, MSG.two_factor_code_wrong, { errors: { code: MSG.two_factor_code_wrong } }),
    });
    renderApp('/signin');
    await fillAndSubmit('alice01', 'pass-123');
    await fill(await screen.findByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong, has expired or was already used')).toBeInTheDocument();
    expect(isSignedIn()).toBe(false);
    // Back to the password step.
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a superuser without two-factor sign-in to its set-up before the console', async () => {
    stubApi({
      'POST /api/v1/login/access-token': () => reply(200, { access_token: 'tok-1', token_type: 'bearer' }),
      'GET /api/v1/user/readme/': () => ok(userRecord({ is_superuser: true, two_factor_enabled: false })),
      'GET /api/v1/user/two-factor': () => ok({ enabled: false, required: true, recovery_codes_left: 0 }),
    });
    const { router } = renderApp('/signin');
    await fillAndSubmit('alice01', 'pass-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/two-factor'));
  });
});
