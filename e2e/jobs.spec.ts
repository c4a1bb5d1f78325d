import { MESSAGES } from '@ezrecharge/shared/message-texts';
import type { Page } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import { SEEDED_JOBS } from './seeded-jobs';
import { asReturningVisitor, expect, signInAsAdmin, test, text } from './support';

/**
 * The operator's view of background jobs that ran out of attempts (issue #12), against the real server: a
 * superuser opens Failed jobs from the side navigation, reads why each job failed, narrows the list to one kind
 * (kept in the address across a reload) and retries the receipt whose mail server was down; it leaves the list.
 *
 * The jobs come from scripts/e2e-seed.ts (e2e/seeded-jobs.ts): a receipt left dead by 20 failed attempts, and a
 * delivery whose payload does not fit its kind, which the server's own queue marks dead on its first claim.
 */

const j = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (result, [name, value]) => result.replace(`{{${name}}}`, value),
    text('en', 'jobs-admin', key),
  );

const { deadReceipt, unfitDelivery } = SEEDED_JOBS;

/** The table row that mentions `textInRow`. */
const rowOf = (page: Page, textInRow: string) => page.getByRole('row').filter({ hasText: textInRow });

test('a superuser reads why jobs failed, filters them by kind and retries one', async ({ page }) => {
  test.setTimeout(60_000);
  await asReturningVisitor(page, 'en');
  await signInAsAdmin(page, SEEDED_ADMINS.jobs);

  await page
    .getByRole('navigation', { name: text('en', 'layout', 'admin.sideNav') })
    .getByRole('link', { name: text('en', 'common', 'routes.jobs') })
    .click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: j('list.title') })).toBeVisible();

  // The receipt: what it was about, all its attempts used, and the error of the last one.
  const receipt = rowOf(page, deadReceipt.orderNum);
  await expect(receipt).toContainText(j(`kinds.${deadReceipt.kind}`));
  await expect(receipt).toContainText('order_num');
  await expect(receipt).toContainText(
    j('attempts', { attempts: String(deadReceipt.attempts), max: String(deadReceipt.attempts) }),
  );
  await expect(receipt.getByText(deadReceipt.lastError)).toBeVisible();

  // The delivery the server's queue refused to run: one attempt, and the reason in full.
  const unfit = rowOf(page, unfitDelivery.orderNum);
  await expect(unfit).toContainText(j(`kinds.${unfitDelivery.kind}`));
  await expect(unfit).toContainText(j('attempts', { attempts: '1', max: String(unfitDelivery.maxAttempts) }));
  await expect(
    unfit.getByText(`payload does not fit job kind ${unfitDelivery.kind}`, { exact: false }),
  ).toBeVisible();

  // One kind only; the filter is in the address, so a reload keeps it.
  const filters = page.getByRole('search', { name: j('list.filters') });
  await filters.getByLabel(j('columns.kind'), { exact: true }).fill(deadReceipt.kind);
  await filters.getByRole('button', { name: text('en', 'common', 'filters.search') }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs\\?kind=${deadReceipt.kind}$`));
  await expect(unfit).toHaveCount(0);
  await page.reload();
  await expect(filters.getByLabel(j('columns.kind'), { exact: true })).toHaveValue(deadReceipt.kind);
  await expect(receipt).toBeVisible();
  await expect(unfit).toHaveCount(0);

  // Retry after confirming: the server queues it again, says so, and it leaves the list of failed jobs.
  await receipt
    .getByRole('button', { name: new RegExp(`^Retry job \\d+ \\(${j(`kinds.${deadReceipt.kind}`)}\\)$`) })
    .click();
  const dialog = page.getByRole('dialog', { name: j('confirm.title') });
  await expect(dialog).toContainText(j(`kinds.${deadReceipt.kind}`));
  // The toast lives 2 s: wait for the server's answer first, so a slow machine cannot let it come and go unseen.
  const retried = page.waitForResponse(
    (response) =>
      /\/api\/v1\/jobs\/\d+\/retry$/.test(response.url()) && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: j('confirm.ok') }).click();
  expect((await retried).status()).toBe(200);
  await expect(page.locator('.app-toast').filter({ hasText: MESSAGES.job_retried })).toBeVisible();
  await expect(receipt).toHaveCount(0);
  await expect(page.getByText(j('list.empty'))).toBeVisible();
});
