import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readRouteTable } from '../apps/web/scripts/route-table.mjs';
import { SEEDED_ADMINS } from './seeded-admins';
import {
  asReturningVisitor,
  chooseSeededProduct,
  expect,
  LANGS,
  signInAsAdmin,
  type TLang,
  test,
  text,
} from './support';

/**
 * axe-core on every screen of the route table (apps/web/src/lib/routes.ts, the pages of apps/web/src/app/route-table.ts), in both languages: the public pages
 * as a visitor (a first visit with the cookie notice too), the order result page of a real paid order and the
 * order lookup, and every console screen as the superuser. A serious or critical violation fails the journey
 * with the rule, the page and the elements it found, so the report says what to fix.
 */

const WEB_ROOT = new URL('../apps/web/', import.meta.url).pathname;
const { routes } = readRouteTable(WEB_ROOT);
const PUBLIC_PATHS = routes.filter((route) => route.layout === 'public').map((route) => route.path);
const ADMIN_PATHS = routes.filter((route) => route.layout === 'admin').map((route) => route.path);

const BLOCKING = new Set(['serious', 'critical']);

interface TFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Waits until the screen shows its heading and has loaded its data (no spinner left, nothing busy on the
 * storefront), and until no control is still fading into its new colours: a button enabled as the data arrived
 * eases from its disabled grey for 150 ms, and axe reading it mid-way would report a contrast it never rests at.
 */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** The serious and critical violations axe finds on the page as it is now. */
async function audit(page: Page, where: string): Promise<TFinding[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: `${violation.help} (${violation.helpUrl})`,
      nodes: violation.nodes.map(
        (node) => `${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ')}`,
      ),
    }));
}

async function visit(page: Page, url: string, lang: TLang, findings: TFinding[]): Promise<void> {
  await page.goto(url);
  await settle(page);
  findings.push(...(await audit(page, `${url} (${lang})`)));
}

function readable(findings: TFinding[]): string {
  return [
    `${findings.length} serious or critical accessibility violation(s):`,
    ...findings.map(
      (f) => `\n${f.where}: ${f.rule} [${f.impact}] ${f.help}\n${f.nodes.map((n) => `  - ${n}`).join('\n')}`,
    ),
  ].join('\n');
}

function expectNone(findings: TFinding[]): void {
  expect(findings.length, readable(findings)).toBe(0);
}

/** axe takes seconds a page: the screens are checked in parts that run side by side. */
function inParts<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}
const PART_SIZE = 6;

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGS) {
  for (const [index, paths] of inParts(PUBLIC_PATHS, PART_SIZE).entries()) {
    test(`public pages in ${lang} (part ${index + 1}) have no serious accessibility violations`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await asReturningVisitor(page, lang);
      const findings: TFinding[] = [];
      // /home-order without an order number is the order lookup; with one, the journey below covers it.
      for (const path of paths) await visit(page, path, lang, findings);
      expectNone(findings);
    });
  }
}

test('a first visit with the cookie notice, and a paid order’s result page, have no serious violations', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const findings: TFinding[] = [];
  await page.goto('/');
  await expect(page.getByRole('region', { name: text('en', 'layout', 'cookie.label') })).toBeVisible();
  await settle(page);
  findings.push(...(await audit(page, '/ (en, cookie notice)')));

  // A real order: bought on /recharge, paid on the Fiuu sandbox, back on its result page.
  await page.goto('/recharge');
  await chooseSeededProduct(page);
  const r = (key: string) => text('en', 'recharge', key);
  const tile = page.getByRole('radio', { name: '100 diamonds for SGD 2.45' });
  await page.locator('label', { has: tile }).click();
  await page.getByLabel(r('form.gameId'), { exact: true }).fill('e2eAxe01');
  await page.getByLabel(r('form.email'), { exact: true }).fill('axe.buyer@example.com');
  await page.getByRole('button', { name: r('form.submit') }).click();
  await expect(page).toHaveURL(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/$/);
  await page.getByRole('button', { name: 'Pay / 支付' }).click();
  await expect(page).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=true$/);
  const result = new URL(page.url());
  const status = page.locator('dt', { hasText: text('en', 'orders', 'fields.status') });
  await expect(status.locator('xpath=following-sibling::dd[1]')).toHaveText(
    text('en', 'orders', 'orderStatus.9'),
    { timeout: 30_000 },
  );
  await settle(page);
  findings.push(...(await audit(page, `${result.pathname}${result.search} (en)`)));

  await page.evaluate(() => window.localStorage.setItem('lang', 'zh'));
  await page.goto('/');
  await expect(page.getByRole('region', { name: text('zh', 'layout', 'cookie.label') })).toBeVisible();
  await settle(page);
  findings.push(...(await audit(page, '/ (zh, cookie notice)')));
  await visit(page, `${result.pathname}${result.search}`, 'zh', findings);
  expectNone(findings);
});

/** The row ids the console's edit screens take from the address (SPEC.md §2). */
async function consoleIds(page: Page) {
  const bearer = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value ?? '';
  const headers = { Authorization: `Bearer ${bearer}` };
  const firstId = async (url: string): Promise<number> => {
    const response = await page.request.get(url, { headers });
    expect(response.status(), url).toBe(200);
    const body = (await response.json()) as { data: { page_data: { id: number }[] } };
    const id = body.data.page_data[0]?.id;
    if (id === undefined) throw new Error(`no row at ${url}`);
    return id;
  };
  const product = await firstId('/api/v1/product/?page=1&page_size=5&name=BIGO%20LIVE%20Diamonds');
  return {
    user: await firstId('/api/v1/user/?page=1&page_size=5&username=admin'),
    product,
    price: await firstId(`/api/v1/price/page?product_id=${product}&page=1&page_size=5`),
    faq: await firstId('/api/v1/faq/?page=1&page_size=5'),
  };
}

for (const lang of LANGS) {
  for (const [index, paths] of inParts(ADMIN_PATHS, PART_SIZE).entries()) {
    test(`console screens in ${lang} (part ${index + 1}) have no serious accessibility violations`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signInAsAdmin(page, SEEDED_ADMINS.accessibility);
      await asReturningVisitor(page, lang);
      const ids = await consoleIds(page);
      const query: Record<string, string> = {
        '/user-edit': `?id=${ids.user}`,
        '/product-edit': `?id=${ids.product}`,
        '/price': `?id=${ids.product}`,
        '/price-add': `?product_id=${ids.product}`,
        '/price-edit': `?product_id=${ids.product}&id=${ids.price}`,
        '/faq-edit': `?id=${ids.faq}`,
      };
      const findings: TFinding[] = [];
      for (const path of paths) await visit(page, `${path}${query[path] ?? ''}`, lang, findings);
      expectNone(findings);
    });
  }
}
