import { MESSAGES } from '@ezrecharge/shared/message-texts';
import type { Page } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import {
  asReturningVisitor,
  chooseSeededProduct,
  expect,
  fillText as fill,
  setBigoRejected as setRejected,
  signInAsAdmin,
  test,
  text,
} from './support';

/**
 * The operator's side of fulfilment in a real browser against the real server and its sandboxes (DESIGN.md §6,
 * §8): the admin pays an order whose BIGO delivery is then refused (the BIGO simulator is told to reject its ID
 * after the precheck passed), sees it counted on the landing overview, opens its history in /order, and retries
 * the charge once the cause is gone; the order ends "Charged successfully".
 */

const o = (key: string) => text('en', 'orders', key);
const r = (key: string) => text('en', 'recharge', key);

const BIGO_ID = 'e2eOperator01';

/** The order list's row of one order. */
const rowOf = (page: Page, orderNum: string) => page.getByRole('row').filter({ hasText: orderNum }).first();

test('an operator sees a failed delivery, reads its history and retries the charge', async ({ page }) => {
  test.setTimeout(90_000);
  await asReturningVisitor(page, 'en');
  const bearer = await signInAsAdmin(page, SEEDED_ADMINS.operator);
  await expect(page.getByRole('region', { name: r('overview.title') })).toBeVisible();

  // The order: its precheck passes at commit, then BIGO is told the ID does not exist before the buyer pays.
  await chooseSeededProduct(page);
  const tile = page.getByRole('radio', { name: '100 diamonds for SGD 2.45' });
  await page.locator('label', { has: tile }).click();
  await page.getByLabel(r('form.quantity'), { exact: true }).fill('1');
  await page.getByLabel(r('form.gameId'), { exact: true }).fill(BIGO_ID);
  await page.getByRole('button', { name: r('form.submit') }).click();
  await expect(page).toHaveURL(/\/sandbox\/fiuu\/RMS\/pay\/[^/]+\/$/);
  await setRejected(page.request, bearer, BIGO_ID, true);
  try {
    await page.getByRole('button', { name: 'Pay / 支付' }).click();
    await expect(page).toHaveURL(/\/home-order\?order_num=[0-9A-Za-z]+&success=true$/);
    const orderNum = new URL(page.url()).searchParams.get('order_num') ?? '';
    // The result page follows the order through 7 and 8 until the delivery ends.
    await expect(
      page.locator('dt', { hasText: o('fields.status') }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(o('orderStatus.10'), { timeout: 30_000 });

    // The landing overview counts it and links to the charge-failed orders.
    await page.goto('/ezrecharge');
    const overview = page.getByRole('region', { name: r('overview.title') });
    const failedLink = overview.getByRole('link', {
      // Named by what it shows: the label, the count, the hint.
      name: new RegExp(`^${r('overview.chargeFailed')}\\s*[1-9]`),
    });
    await expect(failedLink).toBeVisible();
    await failedLink.click();
    await expect(page).toHaveURL(/\/order\?order_status=10$/);
    const row = rowOf(page, orderNum);
    await expect(row).toBeVisible();
    await expect(row).toContainText(o('orderStatus.10'));

    // Its history says why the delivery failed.
    await row.getByRole('button', { name: fill(o('history.showFor'), { orderNum }) }).click();
    const history = page.getByRole('region', { name: fill(o('history.title'), { orderNum }) });
    await expect(history.getByText('BIGO refused the delivery', { exact: false })).toBeVisible();
    await expect(history.getByText(o('history.failureReason'))).toBeVisible();

    // The cause is gone: the operator retries the charge with a reason.
    await setRejected(page.request, bearer, BIGO_ID, false);
    await row.getByRole('button', { name: fill(o('actions.retryCharge.buttonFor'), { orderNum }) }).click();
    const dialog = page.getByRole('dialog', { name: fill(o('actions.retryCharge.title'), { orderNum }) });
    await dialog.getByLabel(o('actions.reason')).fill('BIGO ID confirmed with the buyer');
    await dialog.getByRole('button', { name: o('actions.retryCharge.ok'), exact: true }).click();
    await expect(page.locator('.app-toast').filter({ hasText: MESSAGES.order_retry_started })).toBeVisible();

    // The delivery runs again (the order left the charge-failed list); the list shows it charged once it is.
    await page.goto('/order');
    const filters = page.getByRole('search', { name: o('list.filters') });
    await filters.getByLabel(o('columns.orderNum'), { exact: true }).fill(orderNum);
    await expect(async () => {
      await filters.getByRole('button', { name: text('en', 'common', 'filters.search') }).click();
      await expect(rowOf(page, orderNum)).toContainText(o('orderStatus.9'), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const charged = rowOf(page, orderNum);
    await charged.getByRole('button', { name: fill(o('history.showFor'), { orderNum }) }).click();
    const moves = page.getByRole('list', { name: fill(o('history.label'), { orderNum }) });
    await expect(moves.getByText('admin retry: BIGO ID confirmed with the buyer')).toBeVisible();
    await expect(moves.getByText('BIGO delivered')).toBeVisible();
  } finally {
    await setRejected(page.request, bearer, BIGO_ID, false);
  }
});
