import { COOKIE_ACCEPTED_VALUE } from '@ezrecharge/shared/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { setNavigator } from '../../lib/navigation';
import { SITE } from '../../lib/site';
import { isSignedIn, readLocal, STORAGE_KEYS, setAccessToken, writeLocal } from '../../lib/storage';
import { renderApp, setViewportWide } from '../../test/render-app';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('../../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/navigation')>()),
  reloadPage,
}));

function signIn(): void {
  setAccessToken('token');
  writeLocal(STORAGE_KEYS.isLogin, 'true');
}

function header() {
  return within(screen.getByRole('banner'));
}

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => {
  setNavigator(null);
  reloadPage.mockReset();
  vi.unstubAllGlobals();
});

describe('public layout: top navigation', () => {
  it('offers login to visitors and opens the public recharge page in a new tab', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(header().getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/signin');
    expect(header().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    const recharge = header().getByRole('link', { name: 'Recharge (opens in a new tab)' });
    expect(recharge).toHaveAttribute('href', '/recharge');
    expect(recharge).toHaveAttribute('target', '_blank');
    expect(header().getByRole('link', { name: /EzLivez Agency/ })).toHaveAttribute('href', SITE.agencyUrl);
  });

  it('sends signed-in users to their own recharge page', async () => {
    signIn();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(header().getByRole('link', { name: 'Recharge (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/ezrecharge',
    );
    expect(header().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('marks the link of the current page as active', async () => {
    renderApp('/not-here');
    await screen.findByRole('heading', { level: 1 });
    const shop = header().getByRole('link', { name: 'EzRecharge Shop' });
    expect(shop).not.toHaveAttribute('aria-current');

    await userEvent.click(shop);

    await waitFor(() => expect(shop).toHaveAttribute('aria-current', 'page'));
    expect(shop).toHaveClass('is-active');
  });

  it('logs out: calls the API, clears the session, says so and goes to /signin', async () => {
    signIn();
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ message: 'ok', data: null }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(header().getByRole('button', { name: 'Logout' }));

    // The toast first: it lasts 2000 ms, and the sign-in page's chunk may take longer than that to load in jsdom.
    expect(await screen.findByText('Logout successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/logout', expect.objectContaining({ method: 'GET' }));
    expect(isSignedIn()).toBe(false);
  });

  it('keeps the session and shows the server message when logout fails', async () => {
    signIn();
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ message: 'Logout refused', detail: 'x', code: 'bad_request' }), {
          status: 400,
        }),
      ),
    );
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(header().getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout refused')).toBeInTheDocument();
    expect(isSignedIn()).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('switches to Chinese, stores the choice and reloads only the pages that need it', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(header().getByRole('button', { name: 'Switch language to 中文' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'BIGO LIVE 所需的一切，尽在此处' }),
    ).toBeInTheDocument();
    expect(readLocal(STORAGE_KEYS.lang)).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(header().getByRole('link', { name: '登录' })).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('on the public recharge page reloads and drops the cached price list', async () => {
    writeLocal(STORAGE_KEYS.priceCache, '{"cached":true}');
    renderApp('/recharge');
    await screen.findByRole('heading', { level: 1 });

    await userEvent.click(header().getByRole('button', { name: 'Switch language to 中文' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(readLocal(STORAGE_KEYS.priceCache)).toBeNull();
  });
});

describe('public layout: cookie notice and footer', () => {
  it('shows the cookie notice until the visitor confirms it', async () => {
    renderApp('/');
    const notice = await screen.findByRole('region', { name: 'Cookie notice' });
    const policy = within(notice).getByRole('link', { name: /Privacy Policy/ });
    expect(policy).toHaveAttribute('href', '/privacy-policy');
    expect(policy).toHaveAttribute('target', '_blank');

    await userEvent.click(within(notice).getByRole('button', { name: 'Got it' }));

    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(readLocal(STORAGE_KEYS.cookieAccepted)).toBe(COOKIE_ACCEPTED_VALUE);
    // Mirrored as a cookie: the server then sends prerendered pages without the notice (issue #14).
    expect(document.cookie.split('; ')).toContain(`cookieAccepted=${COOKIE_ACCEPTED_VALUE}`);
  });

  it('stays hidden once accepted', async () => {
    writeLocal(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE);
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
  });

  it('lists the social links, the Company, Legal and Help & Support groups and this year', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const footer = within(screen.getByRole('contentinfo'));

    expect(footer.getByRole('link', { name: 'EzRecharge on Facebook' })).toHaveAttribute(
      'href',
      SITE.social.facebook,
    );
    expect(footer.getByRole('link', { name: 'EzRecharge on Instagram' })).toHaveAttribute(
      'href',
      SITE.social.instagram,
    );
    expect(footer.getByRole('link', { name: 'EzRecharge on TikTok' })).toHaveAttribute(
      'href',
      SITE.social.tiktok,
    );
    // A list of list items, each holding one link (axe: list markup).
    const socials = footer.getByRole('list', { name: 'Follow us' });
    expect([...socials.children].map((child) => child.tagName)).toEqual(['LI', 'LI', 'LI']);
    const groups = Object.fromEntries(
      ['Company', 'Legal', 'Help & Support'].map((name) => [
        name,
        within(footer.getByRole('navigation', { name }))
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ]),
    );
    expect(groups).toEqual({
      Company: ['/about-ezrecharge', '/about-ezshop', '/about-ezlivez', '/about-us'],
      Legal: ['/privacy-policy', '/terms-conditions', '/refund-policy'],
      'Help & Support': ['/faq', '/contact-ezrecharge', '/contact-ezlivez'],
    });
    expect(
      footer.getByText(`© ${new Date().getFullYear()} EzRecharge. All rights reserved.`),
    ).toBeInTheDocument();
  });
});
