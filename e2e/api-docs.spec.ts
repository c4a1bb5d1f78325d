import { expect, test } from './support';

test('the API documentation renders under the site CSP and lists the health endpoint', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /EzRecharge API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/health', { exact: true })).toBeVisible();
});
