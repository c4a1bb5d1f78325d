import { ZProductSelect } from '@ezrecharge/shared/schemas/catalogue';
import { decryptWireJson, WIRE_CONTEXT } from '@ezrecharge/shared/wire-crypto';
import type { Page } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import { asReturningVisitor, expect, signInWithCode, test, text } from './support';

/**
 * The money path in a real browser against the real server and its built-in sandboxes (DESIGN.md §7): a visitor
 * buys on /recharge and pays on the Fiuu sandbox's hosted page, a visitor cancels there, and a signed-in buyer
 * pays a non-card currency through the Stripe sandbox's Checkout page. The recharge form decrypts the catalogue
 * selects in the page; every hand-off is the real form post or redirect.
 */

const r = (key: string) => text('en', 'recharge', key);
const o = (key: string) => text('en', 'orders', key);

/** The product the first start seeds, with SGD/MYR/USD packs. */
const SEEDED_PRODUCT = 'BIGO LIVE Diamonds';

/** Fills the recharge form: currency (if not the preselected one), pack, quantity, BIGO ID and e-mail. */
async function fillRecharge(
  page: Page,
  order: { currencyOption?: RegExp; pack: string; quantity: number; bigoId: string; email?: string },
): Promise<void> {
  await expect(page.getByRole('heading', { name: r('form.title') })).toBeVisible();
  // The form preselects the first released product; the catalogue journey may release another one meanwhile.
  const product = page.getByLabel(r('form.product'), { exact: true });
  if (!(await page.locator('.ant-select', { has: product }).textContent())?.includes(SEEDED_PRODUCT)) {
    await product.click();
    await page.locator('.ant-select-item-option').filter({ hasText: SEEDED_PRODUCT }).click();
  }
  if (order.currencyOption) {
    await page.getByLabel(r('form.currency'), { exact: true }).click();
    // antd renders the visible options as plain items (its role="option" list is for screen readers only).
    await page.locator('.ant-select-item-option').filter({ hasText: order.currencyOption }).click();
  }
  // A tile is a label around a visually hidden radio: the buyer clicks the tile.
  const tile = page.getByRole('radio', { name: order.pack });
  await page.locator('label', { has: tile }).click();
  await expect(tile).toBeChecked();
  await page.getByLabel(r('form.quantity'), { exact: true }).fill(String(order.quantity));
  await page.getByLabel(r('form.gameId'), { exact: true }).fill(order.bigoId);
  if (order.email) await page.getByLabel(r('form.email'), { exact: true }).fill(order.email);
  await page.getByRole('button', { name: r('form.submit') }).click();
}

/** The value shown beside a label in the result page's order details. */
function detail(page: Page, label: string) {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

test.describe('recharge and payment', () => {
  test.beforeEach(async ({ page }) => {
    await asReturningVisitor(page, 'en');
  });

  test('a visitor buys 2 × 500 diamonds in SGD and pays on the Fiuu page', async ({ page }) => {
    await page.goto('/recharge');
    await expect(page.getByRole('heading', { name: r('public.title') })).toBeVisible();
    await fillRecharge(page, {
      pack: '500 diamonds for SGD 12.20',
      quantity: 2,
      bigoId: 'e2eBuyer01',
      email: 'visitor.buyer@example.com',
    });

    // The hidden form posted the order to the (sandbox) Fiuu hosted page.
    await expect(page).toHaveURL(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/$/);
    await expect(page.getByText('SGD 24.40')).toBeVisible();
    await page.getByRole('button', { name: 'Pay / 支付' }).click();

    // Fiuu returns the buyer through our return URL to the result page.
    await expect(page).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=true$/);
    await expect(page.getByRole('heading', { name: o('result.successTitle') })).toBeVisible();
    const status = detail(page, o('fields.status'));
    await expect(status).toHaveText(
      new RegExp(`${o('orderStatus.7')}|${o('orderStatus.8')}|${o('orderStatus.9')}`),
    );
    await expect(detail(page, o('fields.gameId'))).toHaveText('e2eBuyer01');
    await expect(detail(page, o('fields.diamonds'))).toHaveText(/1,000/);
    await expect(detail(page, o('fields.quantity'))).toHaveText('2');
    await expect(detail(page, o('fields.price'))).toContainText('24.40');
  });

  test('in Chinese the form is labelled in Chinese and stops at the first missing choice with its message', async ({
    page,
  }) => {
    await asReturningVisitor(page, 'zh');
    await page.goto('/recharge');
    const zh = (key: string) => text('zh', 'recharge', key);
    await expect(page.getByRole('heading', { name: zh('form.title') })).toBeVisible();
    await expect(page.getByLabel(zh('form.gameId'), { exact: true })).toBeVisible();
    await expect(page.getByLabel(zh('form.email'), { exact: true })).toBeVisible();
    // Currency is preselected, no package yet: the package check (SPEC.md §5, second) is the one reported.
    await page.getByRole('button', { name: zh('form.submit') }).click();
    await expect(page.getByText(text('zh', 'validation', 'payment_price_id_tips'))).toBeVisible();
    await expect(page).toHaveURL(/\/recharge$/);
  });

  test('a visitor who cancels on the Fiuu page sees the order cancelled', async ({ page }) => {
    await page.goto('/recharge');
    await fillRecharge(page, {
      pack: '100 diamonds for SGD 2.45',
      quantity: 1,
      bigoId: 'e2eBuyer02',
      email: 'visitor.cancel@example.com',
    });
    await expect(page).toHaveURL(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/$/);
    await page.getByRole('button', { name: 'Cancel / 取消' }).click();

    await expect(page).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=false$/);
    await expect(page.getByRole('heading', { name: o('result.cancelTitle') })).toBeVisible();
    await expect(detail(page, o('fields.status'))).toHaveText(o('orderStatus.4'));
  });

  test('a signed-in buyer pays a non-card currency through Stripe Checkout', async ({ page }) => {
    await signInWithCode(page, SEEDED_ADMINS.recharge);

    // The seeded catalogue sells in SGD, MYR and USD (all Fiuu); the shop adds an HKD pack, which goes to Stripe.
    const token = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value ?? '';
    const sealed = await page.evaluate(async () => {
      const response = await fetch('/api/v1/product/select?release=1', {
        headers: { Accept: 'application/json' },
      });
      return ((await response.json()) as { data: { data: string; timestamp: string } }).data;
    });
    const product = ZProductSelect.parse(
      await decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select),
    ).find((p) => p.name === SEEDED_PRODUCT);
    if (!product) throw new Error(`no released product named ${SEEDED_PRODUCT}`);
    const status = await page.evaluate(
      async ({ bearer, productId }) => {
        const response = await fetch('/api/v1/price/create', {
          method: 'POST',
          headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            product_id: productId,
            game_amount: 700,
            currency: 'HKD',
            unit_amount: 13300,
          }),
        });
        return response.status;
      },
      { bearer: token, productId: product.id },
    );
    expect([200, 409]).toContain(status);
    // The form caches the price select for five minutes; start from a fresh one, as after the language toggle.
    await page.evaluate(() => {
      for (const key of Object.keys(window.localStorage))
        if (/price/i.test(key)) window.localStorage.removeItem(key);
    });
    await page.reload();

    await fillRecharge(page, {
      currencyOption: /^HKD/,
      pack: '700 diamonds for HKD 133.00',
      quantity: 1,
      bigoId: 'e2eMember03',
    });
    await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\/cs_/);
    await expect(page.getByRole('heading', { name: 'Stripe Checkout' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay / 支付' }).click();

    await expect(page).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=true$/);
    await expect(page.getByRole('heading', { name: o('result.successTitle') })).toBeVisible();
    await expect(detail(page, o('fields.status'))).toHaveText(
      new RegExp(`${o('orderStatus.7')}|${o('orderStatus.8')}|${o('orderStatus.9')}`),
    );
    await expect(detail(page, o('fields.price'))).toContainText('HKD');

    // The order is in the buyer's order list, paid, with no Pay Now link any more.
    await page.goto('/order');
    await expect(page.getByRole('heading', { name: o('list.title') })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'e2eMember03' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: /pay now/i })).toHaveCount(0);
  });
});
