import { orderOutcomeText } from '@ezrecharge/shared/order-outcome';
import type { Page } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import {
  addSeededPrice,
  asReturningVisitor,
  expect,
  LANGS,
  SEEDED_PRODUCT,
  signInAsAdmin,
  type TLang,
  test,
  text,
} from './support';

/**
 * Issue #30 in a real browser on a phone-sized screen, in both languages: MYR → FPX → the bank → the Fiuu sandbox
 * opens on that bank → paid → delivered with the FPX bonus; the channel remembered on the next visit. The bonus is
 * a payment-method promotion of this journey's own (FPX banks, MYR, at least MYR 300.00), so no other journey's
 * order earns it. A pack of its own above FPX's most (MYR 30,000.00) shows FPX refused on the page with its limit.
 */

test.use({ viewport: { width: 390, height: 844 } });

const FPX_BANKS = ['FPX_MB2U', 'FPX_CIMBCLICKS', 'FPX_PBB', 'FPX_RHB', 'FPX_HLB'];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bearer = await signInAsAdmin(page, SEEDED_ADMINS.recharge);
  const status = await page.evaluate(
    async ({ token, banks }) => {
      const call = (path: string, body?: unknown) =>
        fetch(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const list = (await (await call('/api/v1/promotions/?page=1&page_size=100')).json()) as {
        data: { page_data: { id: number; name: string; active: boolean }[] };
      };
      let promotion = list.data.page_data.find((p) => p.name === 'E2E FPX bonus');
      if (!promotion) {
        const created = await call('/api/v1/promotions/', {
          kind: 'channel',
          name: 'E2E FPX bonus',
          bonus_type: 'per_unit',
          bonus_value: 1,
          currencies: ['MYR'],
          channels: banks,
          min_spend: { MYR: 30_000 },
        });
        promotion = ((await created.json()) as { data: { id: number; name: string; active: boolean } }).data;
      }
      if (promotion.active) return 200;
      return (await call(`/api/v1/promotions/${promotion.id}/resume`, {})).status;
    },
    { token: bearer, banks: FPX_BANKS },
  );
  expect(status).toBe(200);
  // A pack above FPX's most (MYR 30,000.00): no seeded pack reaches it (an order holds at most 100 000 diamonds).
  await addSeededPrice(page, { game_amount: 88_000, currency: 'MYR', unit_amount: 3_050_000 });
  await context.close();
});

/** The recharge form up to the pay button: MYR, the 5 000-diamond pack (MYR 395.00), BIGO ID, e-mail. */
async function fillMyrOrder(page: Page, lang: TLang, bigoId: string) {
  const r = (key: string) => text(lang, 'recharge', key);
  await page.goto('/recharge');
  await expect(page.getByRole('heading', { name: r('form.title') })).toBeVisible();
  await page.getByLabel(r('form.product'), { exact: true }).selectOption({ label: SEEDED_PRODUCT });
  await page.getByLabel(r('form.currency'), { exact: true }).selectOption('MYR');
  const tile = page.getByRole('radio', { name: /^5,000 (diamonds for |颗钻石，)MYR 395\.00/ });
  await page.locator('label', { has: tile }).click();
  await page.getByLabel(r('form.gameId'), { exact: true }).fill(bigoId);
  await page.getByLabel(r('form.email'), { exact: true }).fill(`${bigoId}@example.com`);
}

for (const lang of LANGS) {
  test(`(${lang}) MYR → FPX → bank → the Fiuu page of that bank → paid → delivered with the FPX bonus`, async ({
    page,
  }) => {
    const r = (key: string) => text(lang, 'recharge', key);
    await asReturningVisitor(page, lang);
    const bigoId = `e2eFpx${lang}${Date.now() % 100_000}`;
    await fillMyrOrder(page, lang, bigoId);

    const how = page.getByRole('group', { name: r('channel.legend') });
    const fpx = page.getByRole('radio', { name: /^FPX/ });
    // The bonus shows on the channel that earns it.
    await expect(how).toBeVisible();
    await expect(page.locator('label', { has: fpx })).toContainText(
      r('channel.bonus').replace('{{diamonds}}', '395'),
    );
    await page.locator('label', { has: fpx }).click();
    await expect(fpx).toBeChecked();
    await page.getByLabel(r('channel.bank'), { exact: true }).selectOption('FPX_MB2U');
    await expect(page.getByLabel(r('form.total'), { exact: true })).toContainText(
      r('channel.totalBonus').replace('{{diamonds}}', '395').replace('{{name}}', 'FPX'),
    );
    await page.getByRole('button', { name: r('form.submit') }).click();

    // The Fiuu sandbox opens on Maybank2u's page and asks for the bank, that one chosen.
    await expect(page).toHaveURL(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/FPX_MB2U\.php$/);
    await expect(page.getByLabel('Bank / 银行')).toHaveValue('FPX_MB2U');
    await page.getByRole('button', { name: 'Sign in to the bank and pay / 登录网银并支付' }).click();

    await expect(page).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=true$/);
    await expect(page.getByRole('heading', { name: orderOutcomeText(9, lang).headline })).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      page
        .getByText(
          text(lang, 'orders', 'bonus.total').replace('{{diamonds}}', '5,000').replace('{{bonus}}', '395'),
        )
        .first(),
    ).toBeVisible();

    // The next visit in this browser starts with FPX and that bank.
    await fillMyrOrder(page, lang, bigoId);
    await expect(
      page.getByRole('group', { name: r('channel.legend') }).getByRole('radio', { name: /^FPX/ }),
    ).toBeChecked();
    await expect(page.getByLabel(r('channel.bank'), { exact: true })).toHaveValue('FPX_MB2U');
  });
}

for (const lang of LANGS) {
  test(`(${lang}) a channel whose limit the total exceeds is refused on the page with its limit`, async ({
    page,
  }) => {
    const r = (key: string) => text(lang, 'recharge', key);
    await asReturningVisitor(page, lang);
    await page.goto('/recharge');
    await expect(page.getByRole('heading', { name: r('form.title') })).toBeVisible();
    await page.getByLabel(r('form.product'), { exact: true }).selectOption({ label: SEEDED_PRODUCT });
    await page.getByLabel(r('form.currency'), { exact: true }).selectOption('MYR');
    const tile = page.getByRole('radio', { name: /^88,000 (diamonds for |颗钻石，)MYR 30,500\.00/ });
    await page.locator('label', { has: tile }).click();
    const bigoId = `e2eLimit${lang}${Date.now() % 100_000}`;
    await page.getByLabel(r('form.gameId'), { exact: true }).fill(bigoId);
    await page.getByLabel(r('form.email'), { exact: true }).fill(`${bigoId}@example.com`);
    const how = page.getByRole('group', { name: r('channel.legend') });
    await how.locator('label', { has: page.getByRole('radio', { name: /^FPX/ }) }).click();
    await page.getByLabel(r('channel.bank'), { exact: true }).selectOption('FPX_CIMBCLICKS');
    const refusal = r('channel.limitRange')
      .replace('{{name}}', 'FPX')
      .replace('{{min}}', 'MYR 1.01')
      .replace('{{max}}', 'MYR 30,000.00');
    await expect(how.getByText(refusal)).toBeVisible();
    // Paying is refused on the page: no order, the buyer stays here.
    const commits: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/order/')
        commits.push(request.url());
    });
    await page.getByRole('button', { name: r('form.submit') }).click();
    await expect(how.getByText(refusal)).toBeVisible();
    await expect(page).toHaveURL(/\/recharge$/);
    expect(commits).toHaveLength(0);
    // Another way to pay takes it.
    await how.locator('label', { has: page.getByRole('radio', { name: /^Visa/ }) }).click();
    await expect(how.getByText(refusal)).toHaveCount(0);
  });
}

for (const lang of LANGS) {
  test(`(${lang}) SGD → PayNow → the Fiuu PayNow page's QR → paid in the app`, async ({ page }) => {
    const r = (key: string) => text(lang, 'recharge', key);
    await asReturningVisitor(page, lang);
    await page.goto('/recharge');
    await expect(page.getByRole('heading', { name: r('form.title') })).toBeVisible();
    await page.getByLabel(r('form.product'), { exact: true }).selectOption({ label: SEEDED_PRODUCT });
    await page.getByLabel(r('form.currency'), { exact: true }).selectOption('SGD');
    const tile = page.getByRole('radio', { name: /^500 (diamonds for |颗钻石，)SGD 12\.20/ });
    await page.locator('label', { has: tile }).click();
    const payNow = page.getByRole('radio', { name: /^PayNow/ });
    await expect(page.locator('label', { has: payNow })).toContainText(r('channel.kind.qr'));
    await page.locator('label', { has: payNow }).click();
    await expect(payNow).toBeChecked();
    const bigoId = `e2ePayNow${lang}${Date.now() % 100_000}`;
    await page.getByLabel(r('form.gameId'), { exact: true }).fill(bigoId);
    await page.getByLabel(r('form.email'), { exact: true }).fill(`${bigoId}@example.com`);
    await page.getByRole('button', { name: r('form.submit') }).click();

    await expect(page).toHaveURL(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/PayNow\.php$/);
    await expect(
      page.getByRole('img', { name: 'QR code (sandbox placeholder) / 二维码（沙盒占位）' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Paid in app / 已在应用内支付' }).click();
    await expect(page).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=true$/);
    await expect(
      page.getByRole('heading', {
        name: new RegExp(`^(${orderOutcomeText(7, lang).headline}|${orderOutcomeText(9, lang).headline})$`),
      }),
    ).toBeVisible();
  });
}
