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
    const api = loginApi(userRecord({ id: 12, is_superuser: true, email: 'boss@example.com' }));
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

    const dialog = await screen.findByRole('dialog', { name: 'Incorrect username or password' });
    expect(dialog).toHaveStyle({ width: '500px' });
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
});
