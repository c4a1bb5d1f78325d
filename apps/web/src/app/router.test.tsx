import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { ADMIN_ROUTE_NAMES, PUBLIC_ROUTE_NAMES } from '../lib/routes';
import { SITE } from '../lib/site';
import {
  getAccessToken,
  isSignedIn,
  readLocal,
  STORAGE_KEYS,
  setAccessToken,
  writeLocal,
} from '../lib/storage';
import { renderApp, setViewportWide } from '../test/render-app';
import { ok, reply, stubApi, userRecord } from '../test/stub-api';
import { ADMIN_LAYOUT, ADMIN_PAGE_LOADERS, PUBLIC_PAGE_LOADERS } from './route-table';

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => {
  setNavigator(null);
  vi.unstubAllGlobals();
});

function signIn(): void {
  setAccessToken('t');
  writeLocal(STORAGE_KEYS.isLogin, 'true');
}

describe('router', () => {
  it('can load every page and layout the route table names', async () => {
    const loads = [
      ['admin layout', ADMIN_LAYOUT] as const,
      ...PUBLIC_ROUTE_NAMES.map((name) => [name, PUBLIC_PAGE_LOADERS[name]] as const),
      ...ADMIN_ROUTE_NAMES.map((name) => [name, ADMIN_PAGE_LOADERS[name]] as const),
    ];
    for (const [name, load] of loads) {
      await expect(load(), name).resolves.toBeTruthy();
    }
  });

  it('shows the portal home with a card for the agency and one for the shop', async () => {
    renderApp('/');
    const agency = await screen.findByRole('article', { name: 'EzLivez Agency' });
    const shop = screen.getByRole('article', { name: 'EzRecharge Shop' });
    expect(within(agency).getByRole('link', { name: /Visit EzLivez/ })).toHaveAttribute(
      'href',
      SITE.agencyUrl,
    );
    expect(within(shop).getByRole('link', { name: /Go to the shop/ })).toHaveAttribute(
      'href',
      '/about-ezrecharge',
    );
    await waitFor(() => expect(document.title).toBe('Home | EzRecharge'));
  });

  it('shows the not-found page for unknown addresses', async () => {
    for (const url of ['/no-such-page', '/recharge/extra?x=1']) {
      const { unmount } = renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      unmount();
    }
  });

  it('sends visitors without a session from an admin route to /signin and clears leftovers', async () => {
    writeLocal(STORAGE_KEYS.user, '{"nickname":"x"}');
    writeLocal(STORAGE_KEYS.userName, 'x');
    const api = stubApi({});
    const { router } = renderApp('/order');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(readLocal(STORAGE_KEYS.user)).toBeNull();
    expect(readLocal(STORAGE_KEYS.userName)).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('restores the session from a stored token before opening an admin route', async () => {
    setAccessToken('still-valid');
    const api = stubApi({
      'GET /api/v1/user/readme/': () =>
        ok(userRecord({ is_superuser: true, nickname: 'Boss', two_factor_enabled: true })),
    });

    const { router } = renderApp('/order');

    expect(await screen.findByRole('navigation', { name: 'Console navigation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order');
    expect(api.callsTo('GET /api/v1/user/readme/')).toHaveLength(1);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer still-valid');
    expect(isSignedIn()).toBe(true);
    expect(readLocal(STORAGE_KEYS.isSuperuser)).toBe('true');
    expect(readLocal(STORAGE_KEYS.userId)).toBe('7');
    expect(readLocal(STORAGE_KEYS.userName)).toBe('alice01');
    expect(readLocal(STORAGE_KEYS.userEmail)).toBe('alice@example.com');
    expect(readLocal(STORAGE_KEYS.userType)).toBe('1');
    expect(within(screen.getByRole('banner')).getByText('Boss')).toBeInTheDocument();
  });

  it('clears a dead token and goes to /signin without an error toast', async () => {
    setAccessToken('dead');
    writeLocal(STORAGE_KEYS.user, '{"nickname":"x"}');
    stubApi({
      'GET /api/v1/user/readme/': () =>
        reply(401, { message: 'Unauthorized', detail: 'Session expired', code: 'unauthorized' }),
    });

    const { router } = renderApp('/profile');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getAccessToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
    expect(readLocal(STORAGE_KEYS.user)).toBeNull();
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
  });

  it('also restores the session when a public page is opened first', async () => {
    setAccessToken('still-valid');
    stubApi({ 'GET /api/v1/user/readme/': () => ok(userRecord()) });

    renderApp('/');

    expect(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'Logout' }),
    ).toBeInTheDocument();
    expect(isSignedIn()).toBe(true);
  });

  it('opens admin routes inside the admin layout for a signed-in user', async () => {
    signIn();
    stubApi({
      'GET /api/v1/order/': () => ok({ page_data: [], total: 0, page: 1, page_size: 5 }),
      'GET /api/v1/user/select/': () => ok({}),
    });
    const { router } = renderApp('/order?id=4');
    expect(await screen.findByRole('navigation', { name: 'Console navigation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
  });
});
