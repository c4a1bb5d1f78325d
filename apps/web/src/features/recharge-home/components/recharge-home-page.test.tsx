import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { renderApp, setViewportWide } from '../../../test/render-app';
import { signInAs } from '../../../test/session';

beforeAll(() => import('..'), 30_000);

beforeEach(async () => {
  await setLanguage('en');
  setViewportWide(true);
});

afterEach(() => setNavigator(null));

describe('signed-in landing /ezrecharge', () => {
  it('greets the user, says plainly that recharge opens here later, and links to what works now', async () => {
    signInAs({ nickname: 'Alice' });
    renderApp('/ezrecharge');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alice!' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('not open yet');
    const links = within(screen.getByRole('list', { name: 'Where to go next' }));
    expect(links.getByRole('link', { name: /How recharge works/ })).toHaveAttribute(
      'href',
      '/about-ezrecharge',
    );
    expect(links.getByRole('link', { name: /My orders/ })).toHaveAttribute('href', '/order');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('in Chinese', async () => {
    await setLanguage('zh');
    signInAs({ nickname: '小明' });
    renderApp('/ezrecharge');
    expect(await screen.findByRole('heading', { level: 1, name: '您好，小明！' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /我的订单/ })).toHaveAttribute('href', '/order');
  });
});
