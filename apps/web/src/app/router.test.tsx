import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { ADMIN_LAYOUT, ROUTE_NAMES, ROUTES } from '../lib/routes';
import { SITE } from '../lib/site';
import { getAccessToken, isSignedIn, STORAGE_KEYS, setAccessToken, writeLocal } from '../lib/storage';
import { renderApp, setViewportWide } from '../test/render-app';
import { loadComponent } from './router';

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => setNavigator(null));

function signIn(): void {
  setAccessToken('t');
  writeLocal(STORAGE_KEYS.isLogin, 'true');
}

describe('router', () => {
  it('can load every page and layout the route table names', async () => {
    const refs = [ADMIN_LAYOUT, ...ROUTE_NAMES.flatMap((name) => ROUTES[name].page ?? [])];
    for (const ref of refs) {
      await expect(loadComponent(ref), `${ref.module} ${ref.export}`).resolves.toBeTruthy();
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

  it('shows the not-found page for unknown addresses and for screens not built yet', async () => {
    for (const url of ['/no-such-page', '/signin', '/recharge?x=1']) {
      const { unmount } = renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      unmount();
    }
  });

  it('sends visitors without a session from an admin route to /signin and clears leftovers', async () => {
    setAccessToken('stale');
    writeLocal(STORAGE_KEYS.user, '{"nickname":"x"}');
    const { router } = renderApp('/order');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getAccessToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('opens admin routes inside the admin layout for a signed-in user', async () => {
    signIn();
    const { router } = renderApp('/user-edit?id=4');
    expect(await screen.findByRole('navigation', { name: 'Console navigation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-edit');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
