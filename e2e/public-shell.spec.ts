import { appLive, asReturningVisitor, expect, LANGS, test, text, value } from './support';

test('a first-time visitor sees the portal, accepts the cookie notice, and it stays accepted', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: text('en', 'portal', 'hero.title') }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: text('en', 'portal', 'agency.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: text('en', 'portal', 'shop.title') })).toBeVisible();

  const notice = page.getByRole('region', { name: text('en', 'layout', 'cookie.label') });
  await expect(notice).toBeVisible();
  const policyLink = notice.getByRole('link', { name: new RegExp(text('en', 'layout', 'cookie.policy')) });
  await expect(policyLink).toHaveAttribute('href', '/privacy-policy');
  await expect(policyLink).toHaveAttribute('target', '_blank');
  await notice.getByRole('button', { name: text('en', 'layout', 'cookie.accept') }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('cookieAccepted'))).toBe('30');

  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: text('en', 'portal', 'hero.title') }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: text('en', 'layout', 'cookie.label') })).toHaveCount(0);
});

test('the language toggle switches to Chinese and back, and the choice survives a reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: text('en', 'portal', 'hero.title') }),
  ).toBeVisible();

  await page
    .getByRole('button', { name: text('en', 'common', 'language.switchTo').replace('{{language}}', '中文') })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('zh', 'portal', 'hero.title') }),
  ).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(text('zh', 'layout', 'footer.legal'));
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('zh');

  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: text('zh', 'portal', 'hero.title') }),
  ).toBeVisible();

  await page
    .getByRole('button', {
      name: text('zh', 'common', 'language.switchTo').replace('{{language}}', 'English'),
    })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: text('en', 'portal', 'hero.title') }),
  ).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');
});

/** Static pages of the public shell, each with the locale key of its main heading. */
const STATIC_PAGES = [
  { path: '/about-ezrecharge', title: 'aboutRecharge.title' },
  { path: '/about-ezshop', title: 'underDevelopment.ezshopTitle' },
  { path: '/about-ezlivez', title: 'underDevelopment.ezlivezTitle' },
  { path: '/about-us', title: 'aboutUs.title' },
  { path: '/contact-ezrecharge', title: 'contact.title' },
  { path: '/privacy-policy', title: 'privacy.title' },
  { path: '/terms-conditions', title: 'terms.title' },
  { path: '/refund-policy', title: 'refund.title' },
] as const;

const LEGAL_DOCS = {
  '/privacy-policy': 'privacy',
  '/terms-conditions': 'terms',
  '/refund-policy': 'refund',
} as const;

/** The SPEC.md §9 policy figures as a visitor reads them, per page and language. */
const POLICY_FIGURES = {
  en: {
    '/privacy-policy': ['children under 13', 'within one month'],
    '/terms-conditions': ['aged 18 or over', 'take effect 30 days after publication'],
    '/refund-policy': [
      'within 3 days of payment',
      '3 to 7 business days',
      'up to 1 business day',
      'non-refundable',
    ],
  },
  zh: {
    '/privacy-policy': ['13 岁以下儿童', '一个月内回复'],
    '/terms-conditions': ['年满 18 周岁', '30 天后生效'],
    '/refund-policy': ['付款后 3 天内', '3 至 7 个工作日', '1 个工作日', '不可退款'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

for (const lang of LANGS) {
  for (const { path, title } of STATIC_PAGES) {
    test(`${path} reads in ${lang}`, async ({ page }) => {
      await asReturningVisitor(page, lang);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'content', title) })).toBeVisible();
      await expect(page).toHaveTitle(/EzRecharge/);
      const main = page.getByRole('main');
      const figures = (POLICY_FIGURES[lang] as Record<string, readonly string[]>)[path] ?? [];
      for (const figure of figures) await expect(main).toContainText(figure);
      const doc = LEGAL_DOCS[path as keyof typeof LEGAL_DOCS];
      const sections = doc ? value(lang, 'content', `${doc}.sections`) : undefined;
      if (Array.isArray(sections)) {
        // Every numbered section heading of the policy is on the page.
        for (const [index, section] of (sections as { heading: string }[]).entries()) {
          await expect(
            main.getByRole('heading', { name: `${index + 1}. ${section.heading}`, exact: true }),
          ).toBeVisible();
        }
      }
    });
  }
}

test('the contact page gives the phone, chat link and hours', async ({ page }) => {
  await asReturningVisitor(page, 'en');
  await page.goto('/contact-ezrecharge');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /Call \+65/ })).toHaveAttribute('href', /^tel:\+65/);
  await expect(
    main.getByRole('link', { name: new RegExp(text('en', 'content', 'contact.chatLink')) }),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  await expect(main).toContainText('10:00');
});

test('an unknown address shows the not-found page in the public layout', async ({ page }) => {
  await asReturningVisitor(page, 'zh');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: text('zh', 'common', 'notFound.title') })).toBeVisible();
  await page.getByRole('link', { name: text('zh', 'common', 'notFound.home') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: text('zh', 'portal', 'hero.title') }),
  ).toBeVisible();
});

test('the footer carries the brand, three social links, the three groups and the current year', async ({
  page,
}) => {
  await asReturningVisitor(page, 'en');
  await page.goto('/about-us');
  const footer = page.getByRole('contentinfo');
  for (const group of ['footer.company', 'footer.legal', 'footer.help']) {
    await expect(footer).toContainText(text('en', 'layout', group));
  }
  for (const network of ['facebook', 'instagram', 'tiktok']) {
    await expect(
      footer.getByRole('link', {
        name: text('en', 'layout', `footer.${network}`).replace('{{brand}}', 'EzRecharge'),
      }),
    ).toBeVisible();
  }
  await expect(footer).toContainText(String(new Date().getFullYear()));
});

for (const width of [390, 1366]) {
  test(`the posters' previous and next buttons lie over no part of a poster at ${width} px`, async ({
    page,
  }) => {
    // Issue #32: over the picture they covered the first letters of the poster's headline.
    // The posters show live offers only, and a fresh install runs none: this layout check puts every offer on
    // (the answer of GET /api/v1/rewards/live; e2e/rewards.spec.ts sees a poster appear for a code really put on).
    await page.route('**/api/v1/rewards/live', (route) =>
      route.fulfill({
        json: {
          message: 'OK',
          data: { bank_transfer: ['MYR', 'SGD'], welcome: true, promo_codes: true, spins: true },
        },
      }),
    );
    await asReturningVisitor(page, 'en');
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/recharge');
    await appLive(page);
    const posters = page.getByRole('region', { name: text('en', 'recharge', 'posters.label') });
    for (const name of [text('en', 'common', 'carousel.previous'), text('en', 'common', 'carousel.next')]) {
      await expect(posters.getByRole('button', { name })).toBeVisible();
    }
    // Measured in one go in the page (the carousel is drawn anew when the currency is chosen).
    const overlaps = await page.evaluate(() => {
      const picture = document
        .querySelector('.recharge-posters .app-carousel__viewport')
        ?.getBoundingClientRect();
      const arrows = [...document.querySelectorAll('.recharge-posters .app-carousel__arrow')];
      if (!picture || arrows.length !== 2) return 'not drawn';
      return arrows
        .map((arrow) => arrow.getBoundingClientRect())
        .filter(
          (b) =>
            b.left < picture.right &&
            picture.left < b.right &&
            b.top < picture.bottom &&
            picture.top < b.bottom,
        ).length;
    });
    expect(overlaps).toBe(0);
  });
}
