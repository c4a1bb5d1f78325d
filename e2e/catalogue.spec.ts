import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZEncryptedSelect, ZPriceSelect, ZProductSelect } from '@ezrecharge/shared/schemas/catalogue';
import { decryptWireJson, WIRE_CONTEXT } from '@ezrecharge/shared/wire-crypto';
import type { Page } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import { asReturningVisitor, expect, signInAsAdmin, type TLang, test, text } from './support';

/**
 * The catalogue journey against the real server: an administrator adds a product with an uploaded image, gives it
 * three prices in two currencies, releases it, and the public selects (fetched by the page, opened with the shared
 * wire format) then list it; the price list is also read in Chinese.
 */

/** A 1×1 PNG: the server checks uploads by content, so it must be a real image. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function pngFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ezrecharge-e2e-'));
  const file = path.join(dir, 'product.png');
  writeFileSync(file, PNG_1X1);
  return file;
}

const c = (lang: TLang, key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (result, [name, value]) => result.replace(`{{${name}}}`, value),
    text(lang, 'catalogue-admin', key),
  );

/** A toast (components/ui/toaster.tsx) with this text. */
function toast(page: Page, message: string) {
  return page.locator('.app-toast').filter({ hasText: message }).last();
}

/** What the page gets from a public select, opened as the recharge form opens it (DESIGN.md §5). */
async function openSelect<T>(page: Page, url: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const body = await page.evaluate(async (address) => {
    const response = await fetch(address, { headers: { Accept: 'application/json' } });
    return { status: response.status, json: (await response.json()) as unknown };
  }, url);
  expect(body.status, url).toBe(200);
  const sealed = ZEncryptedSelect.parse((body.json as { data: unknown }).data);
  return schema.parse(await decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select));
}

interface TPack {
  currency: string;
  currencyLabel: string;
  diamonds: string;
  price: string;
}

const PACKS: TPack[] = [
  { currency: 'SGD', currencyLabel: 'SGD · Singapore Dollar', diamonds: '100', price: '2.50' },
  { currency: 'SGD', currencyLabel: 'SGD · Singapore Dollar', diamonds: '42000', price: '888' },
  { currency: 'MYR', currencyLabel: 'MYR · Malaysian Ringgit', diamonds: '100', price: '7.9' },
];

test('an administrator adds a product with an image and three prices, releases it, and the public select lists it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asReturningVisitor(page, 'en');
  const name = `E2E Diamonds ${Date.now().toString(36)}`;
  await signInAsAdmin(page, SEEDED_ADMINS.catalogue);

  await page
    .getByRole('navigation', { name: text('en', 'layout', 'admin.sideNav') })
    .getByRole('link', { name: text('en', 'common', 'routes.product') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: c('en', 'products.title') })).toBeVisible();

  // Add the product with an image
  await page.getByRole('link', { name: c('en', 'products.add') }).click();
  await expect(page).toHaveURL(/\/product-add$/);
  // The add screen loads on demand; until it shows, the list's own "Name" filter is still on the page.
  await expect(page.getByRole('heading', { level: 1, name: c('en', 'productAdd.title') })).toBeVisible();
  await page.getByLabel(c('en', 'productForm.name'), { exact: true }).fill(name);
  await page.getByLabel(c('en', 'image.choose')).setInputFiles(pngFile());
  const preview = page.getByRole('img', { name: c('en', 'image.alt', { name }) });
  await expect(preview).toHaveAttribute('src', /^\/api\/v1\/attachment\/download\?file_path=product\//);
  await page.getByLabel(c('en', 'productForm.code'), { exact: true }).fill('e2e-diamonds');
  await page.getByLabel(c('en', 'productForm.description'), { exact: true }).fill('Diamonds for the journey');
  await page.getByLabel(c('en', 'productForm.payNote'), { exact: true }).fill('Arrives within two minutes');
  await page.getByRole('button', { name: c('en', 'productAdd.submit') }).click();
  await expect(toast(page, 'Product saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/product$/);

  const filters = page.getByRole('search', { name: c('en', 'products.filters') });
  await filters.getByLabel(c('en', 'products.columns.name')).fill(name);
  await filters.getByRole('button', { name: text('en', 'common', 'filters.search') }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(c('en', 'products.status.unreleased'));
  await expect(row).toContainText(c('en', 'products.noPacks'));
  // The thumbnail really loads (served by the attachment API, allowed by the CSP).
  const thumbnail = row.getByRole('img', { name: c('en', 'image.alt', { name }) });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // Three prices in two currencies
  await row.getByRole('link', { name: c('en', 'products.actions.pricesOf', { name }) }).click();
  await expect(page).toHaveURL(/\/price\?id=\d+$/);
  const productId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(
    page.getByRole('heading', { level: 1, name: c('en', 'prices.title', { name }) }),
  ).toBeVisible();
  for (const pack of PACKS) {
    await page.getByRole('link', { name: c('en', 'prices.add') }).click();
    await expect(page).toHaveURL(new RegExp(`/price-add\\?product_id=${productId}$`));
    await expect(page.getByLabel(c('en', 'priceForm.product'))).toHaveValue(name);
    const currency = page.getByLabel(c('en', 'priceForm.currency'), { exact: true });
    await currency.click();
    await currency.fill(pack.currency);
    await page.locator('.ant-select-dropdown').getByTitle(pack.currencyLabel).click();
    await page.getByLabel(c('en', 'priceForm.diamonds'), { exact: true }).fill(pack.diamonds);
    await page.getByLabel(c('en', 'priceForm.price'), { exact: true }).fill(pack.price);
    await page.getByRole('button', { name: c('en', 'priceAdd.submit') }).click();
    await expect(toast(page, 'Price saved successfully').first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/price\\?id=${productId}$`));
  }
  await expect(page.getByText('3 items', { exact: true })).toBeVisible();
  const bigPack = page.getByRole('row').filter({ hasText: '42,000' });
  await expect(bigPack).toContainText('SGD · Singapore Dollar');
  await expect(bigPack).toContainText('888.00');
  await expect(bigPack.getByRole('img', { name: c('en', 'prices.bigPack') })).toBeVisible();
  const myr = page.getByRole('row').filter({ hasText: 'MYR · Malaysian Ringgit' });
  await expect(myr).toContainText('7.90');
  await expect(myr.getByRole('img', { name: c('en', 'prices.bigPack') })).toHaveCount(0);

  // Chinese: the same list with the currencies named in Chinese
  await page
    .getByRole('button', { name: text('en', 'common', 'language.switchTo').replace('{{language}}', '中文') })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: c('zh', 'prices.title', { name }) }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '42,000' })).toContainText('SGD · 新加坡元');
  await expect(page.getByRole('row').filter({ hasText: 'MYR · 马来西亚林吉特' })).toContainText('7.90');
  await expect(page.getByText('共 3 条', { exact: true })).toBeVisible();
  await page
    .getByRole('button', {
      name: text('zh', 'common', 'language.switchTo').replace('{{language}}', 'English'),
    })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: c('en', 'prices.title', { name }) }),
  ).toBeVisible();

  // Not listed yet: the public select leaves it out
  const before = await openSelect(page, '/api/v1/product/select?release=1', ZProductSelect);
  expect(before.map((product) => product.id)).not.toContain(productId);

  // Release it
  await page.getByRole('link', { name: c('en', 'products.back') }).click();
  await filters.getByLabel(c('en', 'products.columns.name')).fill(name);
  await filters.getByRole('button', { name: text('en', 'common', 'filters.search') }).click();
  await expect(row).toContainText('100 | 42,000');
  await row.getByRole('button', { name: c('en', 'products.actions.releaseOf', { name }) }).click();
  await expect(toast(page, 'Release product successfully')).toBeVisible();
  await expect(row).toContainText(c('en', 'products.status.released'));
  const unrelease = row.getByRole('button', { name: c('en', 'products.actions.unreleaseOf', { name }) });
  await expect(unrelease).toHaveClass(/ant-btn-dangerous/);

  // Sync without Stripe keys: the built-in Stripe sandbox takes the catalogue, and the console says so
  await page.getByRole('button', { name: c('en', 'products.sync') }).click();
  await expect(toast(page, 'Products and prices synced with Stripe')).toBeVisible();

  // The public selects, as a visitor's browser receives them, now list the product and its prices
  const products = await openSelect(page, '/api/v1/product/select?release=1', ZProductSelect);
  const listed = products.find((product) => product.id === productId);
  expect(listed).toMatchObject({
    name,
    code: 'e2e-diamonds',
    description: 'Diamonds for the journey',
    pay_note: 'Arrives within two minutes',
  });
  expect(listed?.image).toMatch(/^\/api\/v1\/attachment\/download\?file_path=product\//);

  const packs = await openSelect(page, `/api/v1/price/select/${productId}?localLang=en`, ZPriceSelect);
  expect(packs.currencies).toEqual([
    { code: 'SGD', name: 'Singapore Dollar' },
    { code: 'MYR', name: 'Malaysian Ringgit' },
  ]);
  const shape = (currency: string) =>
    (packs.prices[currency] ?? []).map((p) => ({ game_amount: p.game_amount, unit_amount: p.unit_amount }));
  expect(shape('SGD')).toEqual([
    { game_amount: 100, unit_amount: 250 },
    { game_amount: 42000, unit_amount: 88800 },
  ]);
  expect(shape('MYR')).toEqual([{ game_amount: 100, unit_amount: 790 }]);

  const zh = await openSelect(page, `/api/v1/price/select/${productId}?localLang=zh`, ZPriceSelect);
  expect(zh.currencies.map((currency) => currency.name)).toEqual(['新加坡元', '马来西亚林吉特']);
});
