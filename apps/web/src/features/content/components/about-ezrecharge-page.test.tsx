import type { TLiveOffers } from '@ezrecharge/shared/schemas/order-rewards';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { POSTERS } from '../../../assets/posters';
import { i18n, setLanguage } from '../../../lib/i18n';
import { forgetLiveOffers, getLiveOffers } from '../../../lib/live-offers';
import { STORAGE_KEYS } from '../../../lib/storage';
import { ok, stubApi } from '../../../test/stub-api';
import { AboutEzrechargePage } from './about-ezrecharge-page';

const ALL_LIVE: TLiveOffers = {
  bank_transfer: ['MYR', 'SGD'],
  welcome: true,
  promo_codes: true,
  spins: true,
};
const NONE_LIVE: TLiveOffers = { bank_transfer: [], welcome: false, promo_codes: false, spins: false };

/** The page with the offers of `live` running (GET /api/v1/rewards/live); waits until they are shown. */
async function renderPage(live: TLiveOffers = ALL_LIVE) {
  stubApi({ 'GET /api/v1/rewards/live': () => ok(live) });
  const view = render(
    <AppProviders>
      <MemoryRouter>
        <AboutEzrechargePage />
      </MemoryRouter>
    </AppProviders>,
  );
  await act(() => getLiveOffers());
  return view;
}

describe('about EzRecharge page', () => {
  beforeEach(() => {
    forgetLiveOffers();
  });

  it('states every SPEC.md §1 marketing fact while its offers run', async () => {
    await setLanguage('en');
    await renderPage();
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
    const { unmount } = await renderPage();
    expect(screen.getByRole('link', { name: 'Recharge now' })).toHaveAttribute('href', '/recharge');
    unmount();

    window.localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
    await renderPage();
    expect(screen.getByRole('link', { name: 'Recharge now' })).toHaveAttribute('href', '/ezrecharge');
  });

  it('tells the story of the poster shown beside the carousel', async () => {
    await setLanguage('en');
    await renderPage();
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
    await renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('BIGO LIVE 钻石充值');
    const posters = screen.getAllByAltText(/^活动海报/);
    expect(new Set(posters.map((poster) => poster.getAttribute('src')))).toEqual(
      new Set(POSTERS.map((poster) => poster.src.zh)),
    );
  });
});

describe('about EzRecharge page: only live offers are advertised (issue #32)', () => {
  beforeEach(() => {
    forgetLiveOffers();
  });

  it('with every offer paused, shows no poster, reward or example, and says so, in both languages', async () => {
    for (const [language, none] of [
      ['en', /No promotions are running right now/],
      ['zh', /目前没有进行中的优惠活动/],
    ] as const) {
      forgetLiveOffers();
      await setLanguage(language);
      const { unmount } = await renderPage(NONE_LIVE);
      expect(screen.queryAllByAltText(/^(Promotion poster|活动海报)/)).toHaveLength(0);
      expect(screen.queryByRole('region', { name: /Promotion posters|活动海报/ })).toBeNull();
      const text = document.body.textContent ?? '';
      const offers = i18n.getFixedT(language, 'content');
      for (const rule of offers('aboutRecharge.rewards', { returnObjects: true }) as string[])
        expect(text).not.toContain(rule);
      for (const slide of offers('aboutRecharge.slides', { returnObjects: true }) as { title: string }[])
        expect(text).not.toContain(slide.title);
      expect(text).not.toContain(offers('aboutRecharge.exampleBonusValue'));
      expect(screen.getAllByText(none)).toHaveLength(2);
      unmount();
    }
  });

  it('with only the spins on, advertises the spins alone', async () => {
    await setLanguage('en');
    await renderPage({ ...NONE_LIVE, spins: true });
    const posters = screen.getAllByAltText(/^Promotion poster/);
    expect(new Set(posters.map((poster) => poster.getAttribute('src')))).toEqual(
      new Set([POSTERS[1]?.src.en]),
    );
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/one spin for every 600 diamonds recharged/);
    expect(text).not.toMatch(/1 free diamond|50 diamonds|100 bonus diamonds/);
  });
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});
