import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { setNavigator } from '../../lib/navigation';
import { STORAGE_KEYS, setAccessToken, writeLocal } from '../../lib/storage';
import { renderApp, setViewportWide } from '../../test/render-app';

function signIn({ superuser = false, user = {} as Record<string, string> } = {}): void {
  setAccessToken('token');
  writeLocal(STORAGE_KEYS.isLogin, 'true');
  writeLocal(STORAGE_KEYS.isSuperuser, superuser ? 'true' : 'false');
  writeLocal(STORAGE_KEYS.user, JSON.stringify({ username: 'alice01', nickname: 'Alice', ...user }));
}

async function sideNav() {
  return within(await screen.findByRole('navigation', { name: 'Console navigation' }));
}

function entryNames(nav: ReturnType<typeof within>): string[] {
  return nav
    .getAllByRole('menuitem')
    .map((item: HTMLElement) => item.textContent ?? '')
    .filter(Boolean);
}

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => setNavigator(null));

describe('admin layout', () => {
  it('shows ordinary users EzRecharge, Order, Rewards and User Profile only', async () => {
    signIn();
    renderApp('/order');
    const nav = await sideNav();
    expect(entryNames(nav)).toEqual(['EzRecharge', 'Order', 'Rewards', 'User Profile']);
    expect(nav.getByRole('link', { name: 'EzRecharge home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Order' })).toHaveAttribute('href', '/order');
  });

  it('adds Users, Product, FAQ, Promotions, Spin prizes, Feedback, Sales, Reconciliation, Risk controls and Failed jobs for superusers', async () => {
    signIn({ superuser: true });
    renderApp('/ezrecharge');
    const nav = await sideNav();
    expect(entryNames(nav)).toEqual([
      'EzRecharge',
      'Order',
      'Rewards',
      'User Profile',
      'Users',
      'Product',
      'FAQ',
      'Promotions',
      'Spin prizes',
      'Feedback',
      'Sales',
      'Reconciliation',
      'Risk controls',
      'Failed jobs',
    ]);
  });

  it.each([
    ['/price?id=2', 'Product'],
    ['/user-edit?id=3', 'Users'],
    ['/faq-add', 'FAQ'],
    ['/promotion-edit?id=3', 'Promotions'],
    ['/profile', 'User Profile'],
  ])('highlights the entry of the first path segment on %s', async (url, entry) => {
    signIn({ superuser: true });
    renderApp(url);
    const nav = await sideNav();
    const selected = nav
      .getAllByRole('menuitem')
      .filter((item) => item.className.includes('ant-menu-item-selected'));
    expect(selected.map((item) => item.textContent)).toEqual([entry]);
  });

  it('shows the nickname, the default avatar icon and a logout link in the top bar', async () => {
    signIn();
    renderApp('/order');
    const bar = await screen.findByRole('banner');
    const banner = within(bar);
    expect(banner.getByText('Alice')).toBeInTheDocument();
    // No picture: antd's Avatar shows the default account icon.
    expect(bar.querySelector('.ant-avatar .anticon-user')).not.toBeNull();
    expect(banner.queryByRole('img')).not.toBeInTheDocument();
    expect(banner.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the user's avatar picture when there is one", async () => {
    signIn({ user: { avatar: '/uploads/a.png' } });
    renderApp('/order');
    const banner = within(await screen.findByRole('banner'));
    expect(banner.getByRole('img', { name: 'Avatar of Alice' })).toHaveAttribute('src', '/uploads/a.png');
  });

  it('pins the sidebar on wide screens and the toggle hides and shows it', async () => {
    signIn();
    renderApp('/order');
    await sideNav();
    const toggle = screen.getByRole('button', { name: 'Show or hide the sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Console navigation' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(await sideNav()).toBeTruthy();
  });

  it('below 1200 px opens the sidebar as a drawer that closes when an entry is chosen', async () => {
    setViewportWide(false);
    signIn();
    const { router } = renderApp('/order');
    const toggle = await screen.findByRole('button', { name: 'Show or hide the sidebar' });
    expect(screen.queryByRole('navigation', { name: 'Console navigation' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(await screen.findByRole('dialog', { name: 'Console navigation' })).toBeInTheDocument();
    const nav = await sideNav();
    await userEvent.click(nav.getByRole('link', { name: 'User Profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });
});
