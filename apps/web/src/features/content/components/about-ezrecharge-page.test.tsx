import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTERS } from '../../../assets/posters';
import { i18n, setLanguage } from '../../../lib/i18n';
import { STORAGE_KEYS } from '../../../lib/storage';
import { AboutEzrechargePage } from './about-ezrecharge-page';

function renderPage() {
  return render(
    <MemoryRouter>
      <AboutEzrechargePage />
    </MemoryRouter>,
  );
}

describe('about EzRecharge page', () => {
  it('states every SPEC.md §1 marketing fact', async () => {
    await setLanguage('en');
    renderPage();
    const text = document.body.textContent ?? '';
    for (const fact of [
      /authorised BIGO LIVE diamond reseller since 2020/,
      /24\/7/,
      /1 free diamond for every 1 SGD you recharge by local bank transfer/,
      /one spin for every 600 diamonds recharged/,
      /up to 1200 diamonds/,
      /50 diamonds/,
      /promo code/,
      /rate 42/i,
      /100 dollars/,
      /4100 diamonds/,
      /100 bonus diamonds/,
      /official channels/,
      /never ask for your BIGO LIVE password/,
      /not refundable once issued/,
      /within two minutes after successful payment/,
      /Monday to Sunday, 10:00 – 01:00 \(next day\)/,
      /Monday to Friday, 08:00 – 22:00/,
    ]) {
      expect(text).toMatch(fact);
    }
  });

  it('sends visitors to the public recharge page and signed-in users to their own', async () => {
    await setLanguage('en');
    const { unmount } = renderPage();
    expect(screen.getByRole('link', { name: 'Recharge now' })).toHaveAttribute('href', '/recharge');
    unmount();

    window.localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
    renderPage();
    expect(screen.getByRole('link', { name: 'Recharge now' })).toHaveAttribute('href', '/ezrecharge');
  });

  it('tells the story of the poster shown beside the carousel', async () => {
    await setLanguage('en');
    renderPage();
    const carousel = screen.getByRole('region', { name: 'Promotion posters' });
    const promotions = carousel.parentElement as HTMLElement;
    expect(within(promotions).getByText('Promotion 1 of 4')).toBeInTheDocument();
    expect(within(promotions).getByRole('heading', { name: '1 free diamond for every 1 SGD' })).toBeVisible();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(within(promotions).getByText('Promotion 2 of 4')).toBeInTheDocument();
    expect(
      within(promotions).getByRole('heading', { name: 'Spin and win up to 1200 diamonds' }),
    ).toBeVisible();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Slide 4 of 4' }));
    expect(within(promotions).getByText('Promotion 4 of 4')).toBeInTheDocument();
    expect(within(promotions).getByRole('heading', { name: 'See what 100 dollars gets you' })).toBeVisible();
  });

  it('shows the Chinese posters and texts in Chinese', async () => {
    await setLanguage('zh');
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('BIGO LIVE 钻石充值');
    const posters = screen.getAllByAltText(/^活动海报/);
    expect(new Set(posters.map((poster) => poster.getAttribute('src')))).toEqual(
      new Set(POSTERS.map((poster) => poster.src.zh)),
    );
  });
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});
