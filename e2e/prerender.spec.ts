import { orderOutcomeText } from '@ezrecharge/shared/order-outcome';
import type { TOrderStatus } from '@ezrecharge/shared/order-status';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { commitBody } from '../scripts/bench/commit';

/**
 * Issue #14: the storefront pages that need no data arrive as HTML with their text (prerendered at build time in
 * both languages), and the app takes them over (hydration) without redrawing them.
 */
const PAGES = [
  { path: '/about-us', en: 'About us', zh: '关于我们' },
  { path: '/faq', en: 'Frequently asked questions', zh: '常见问题' },
  { path: '/privacy-policy', en: 'Privacy Policy', zh: '隐私政策' },
];

/** An order as the recharge page commits it (awaiting payment): its number is all the result page needs. */
async function committedOrder(request: APIRequestContext, baseURL: string) {
  const committed = await request.post('/api/v1/order/', {
    headers: { 'content-type': 'application/json' },
    data: await commitBody(baseURL),
  });
  expect(committed.status()).toBe(200);
  const orderNum = ((await committed.json()) as { data: { order_num: string } }).data.order_num;
  const read = await request.get(`/api/v1/order/stripe?order_num=${orderNum}`);
  const order = ((await read.json()) as { data: { order_status: TOrderStatus; pay_payment_num: string } })
    .data;
  return { orderNum, order };
}

test.describe('prerendered pages', () => {
  for (const language of ['en', 'zh'] as const) {
    test(`show their text without JavaScript (${language})`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      if (language === 'zh') {
        await context.addCookies([{ name: 'lang', value: 'zh', url: baseURL ?? '' }]);
      }
      const page = await context.newPage();
      for (const { path, ...headings } of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[language]);
        await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length ?? 0).toBeGreaterThan(20);
      }
      await context.close();
    });
  }

  test('are taken over by the app without a hydration error, and the language toggle switches them', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    // The text is there before the scripts (they load after the first paint): a link clicked earlier is an ordinary link.
    // Once they have run, the app has taken the page over.
    await page.waitForLoadState('networkidle');
    // Hydrated: client-side navigation works (a link click does not load a new document).
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

    await page.getByRole('button', { name: /Switch language to/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
    // The server now sends the Chinese page on a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
    expect(errors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
  });

  test('hold the cookie notice of a first visit in their HTML, and leave it out once confirmed: nothing shifts', async ({
    page,
  }) => {
    /** The page's cumulative layout shift so far (what Lighthouse's CLS adds up), after the app took over. */
    const layoutShift = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as {
                value: number;
                hadRecentInput: boolean;
              }[]) {
                if (!entry.hadRecentInput) total += entry.value;
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 500);
          }),
      );
    const notice = page.getByRole('region', { name: 'Cookie notice' });

    await page.goto('/about-us');
    await expect(notice).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift()).toBeLessThan(0.01);
    const firstVisit = await (await page.request.get('/about-us')).text();
    expect(firstVisit).toContain('class="cookie-notice"');

    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect(notice).toHaveCount(0);
    // The acceptance is now also a cookie: the server leaves the notice out of the HTML.
    const confirmed = await (await page.request.get('/about-us')).text();
    expect(confirmed).not.toContain('class="cookie-notice"');
    expect(confirmed).toContain('data-cookie-notice="accepted"');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    await page.waitForLoadState('networkidle');
    await expect(notice).toHaveCount(0);
    expect(await layoutShift()).toBeLessThan(0.01);
  });

  test('the recharge form and the order result are drawn loading, hydrate, and put a kept draft back', async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const recharge = await (await request.get('/recharge', { headers: { cookie: 'lang=zh' } })).text();
    expect(recharge).toContain('<html lang="zh-CN"');
    expect(recharge).toContain('充值 BIGO LIVE 钻石');
    const order = await (await request.get('/home-order?order_num=EZ0123456789ABCDEFGHJKMN')).text();
    expect(order).toContain('Loading your order');
    expect(order).not.toContain('EZ0000000000000000000000');
    const lookup = await (await request.get('/home-order')).text();
    expect(lookup).toContain('Find your order');

    await page.goto('/recharge');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('BIGO ID', { exact: true }).fill('kept_over_reload');
    await page.getByRole('button', { name: /Switch language to/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('充值 BIGO LIVE 钻石');
    await expect(page.getByLabel('BIGO ID', { exact: true })).toHaveValue('kept_over_reload');
    expect(errors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
  });

  test('a page whose form is a lazy chunk arrives as a shell that preloads its scripts and texts', async ({
    request,
  }) => {
    const html = await (await request.get('/contact-ezrecharge', { headers: { cookie: 'lang=zh' } })).text();
    expect(html).toContain('<html lang="zh-CN"');
    // Drawn by the app (no markup to hydrate), but its chunks load beside the entry, not after it.
    expect(html).toContain('<div id="root" data-language="zh" data-cookie-notice="shown"></div>');
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/common-[^"]+\.js">/);
  });

  test('a drawn page names one small script, which loads the app after the first paint', async ({
    request,
  }) => {
    for (const path of ['/', '/recharge', '/home-order?order_num=EZ0123456789ABCDEFGHJKMN']) {
      const html = await (await request.get(path)).text();
      // Nothing for the browser to fetch and run before the page is painted: no entry, no preloads.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts, path).toEqual([
        expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/paint-first-[^"]+\.js">$/),
      ]);
      expect(html, path).not.toContain('rel="modulepreload"');
      // What it loads once the page is painted: the entry first, then the page's chunks and its texts.
      const meta = html.match(/<meta name="ez-modules" content="([^"]+)" data-entry-imports="(\d+)">/);
      const modules = meta?.[1]?.split(' ') ?? [];
      // The entry's own imports follow it (paint-first.ts evaluates them first, one per task).
      expect(Number(meta?.[2]), path).toBeGreaterThan(0);
      expect(modules[0], path).toMatch(/^\/assets\/index-[^/]+\.js$/);
      expect(
        modules.some((file) => /^\/assets\/common-[^/]+\.js$/.test(file)),
        path,
      ).toBe(true);
      for (const file of modules) expect((await request.get(file)).status(), file).toBe(200);
    }
  });

  test("an order's result page arrives drawn with the order, and the app takes it over", async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    const { orderNum, order } = await committedOrder(request, baseURL ?? '');
    const path = `/home-order?order_num=${orderNum}`;

    // The HTML holds the order's outcome and the data it was drawn with, in the visitor's language.
    for (const language of ['en', 'zh'] as const) {
      const answer = await request.get(path, { headers: { cookie: `lang=${language}` } });
      expect(answer.headers()['cache-control']).toBe('no-store');
      const html = await answer.text();
      expect(html).toContain(orderOutcomeText(order.order_status, language).headline);
      expect(html).toContain(orderNum);
      expect(html).toContain('<script type="application/json" id="ez-seed">');
      expect(html).not.toContain('Loading your order');
    }
    // An unknown number still gets the page of the card loading (the app then says it is not found).
    const unknown = await (await request.get('/home-order?order_num=EZ0123456789ABCDEFGHJKMN')).text();
    expect(unknown).toContain('Loading your order');
    expect(unknown).not.toContain('ez-seed');

    // On screen before any script runs.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const still = await noScript.newPage();
    await still.goto(path);
    await expect(still.getByRole('heading', { level: 1 })).toHaveText(
      orderOutcomeText(order.order_status, 'en').headline,
    );
    await expect(still.getByText(order.pay_payment_num)).toBeVisible();
    await noScript.close();

    // Hydrated without a mismatch; the seed's element is gone and the page asks for the order itself again.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const asked = page.waitForResponse((response) => response.url().includes('/api/v1/order/stripe?'));
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    expect((await asked).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      orderOutcomeText(order.order_status, 'en').headline,
    );
    await expect(page.locator('#ez-seed')).toHaveCount(0);
    await page.getByRole('link', { name: 'Find another order' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your order');
    expect(errors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
  });

  test('a tap on a drawn button before the app is live is given to the button once it is', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { orderNum } = await committedOrder(request, baseURL ?? '');
    // The app's entry held back: the page is drawn (the server drew the order) but not live.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/home-order?order_num=${orderNum}`);
    const copy = page.getByRole('button', { name: `Copy order number ${orderNum}` });
    await copy.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-app', 'live');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    await expect(page.locator('.app-toast', { hasText: `Order number ${orderNum} copied.` })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNum);
  });
});
