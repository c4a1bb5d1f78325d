import { SEEDED_ADMINS } from './seeded-admins';
import { asReturningVisitor, expect, signInAsAdmin, test, text } from './support';

/**
 * The operator's sales view (issue #28), against the real server: a superuser opens Sales from the side navigation
 * (the last 30 days of the shop's calendar), enters another range, which the address keeps across a reload, and
 * takes a quick range; the figures, the funnel and the day-by-day table answer for each range.
 */

const s = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (result, [name, value]) => result.replace(`{{${name}}}`, value),
    text('en', 'sales-admin', key),
  );

test('a superuser opens Sales and changes the range', async ({ page }) => {
  test.setTimeout(60_000);
  await asReturningVisitor(page, 'en');
  await signInAsAdmin(page, SEEDED_ADMINS.sales);

  await page
    .getByRole('navigation', { name: text('en', 'layout', 'admin.sideNav') })
    .getByRole('link', { name: text('en', 'common', 'routes.sales') })
    .click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByRole('heading', { level: 1, name: s('title') })).toBeVisible();

  // The server's default: 30 days ending today in the shop's zone, shown in the two labelled fields.
  const from = page.getByLabel(s('range.from'), { exact: true });
  const to = page.getByLabel(s('range.to'), { exact: true });
  await expect(from).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  const today = await to.inputValue();
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  await expect(from).toHaveValue(first);
  await expect(page.getByRole('region', { name: s('money.heading') })).toBeVisible();
  await expect(page.getByRole('region', { name: s('funnel.heading') })).toBeVisible();
  await expect(page.getByText(s('funnel.committed'), { exact: true })).toBeVisible();

  // Another range: asked of the server, kept in the address, still there after a reload.
  await from.fill('2026-01-01');
  await to.fill('2026-01-31');
  await page.getByRole('button', { name: s('range.show'), exact: true }).click();
  await expect(page).toHaveURL(/\/sales\?from=2026-01-01&to=2026-01-31$/);
  const showing = s('range.showing', { from: '1 Jan 2026', to: '31 Jan 2026' });
  await expect(page.getByText(showing)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(s('range.from'), { exact: true })).toHaveValue('2026-01-01');
  await expect(page.getByText(showing)).toBeVisible();

  // A reversed range is refused before asking.
  await page.getByLabel(s('range.from'), { exact: true }).fill('2026-02-01');
  await page.getByRole('button', { name: s('range.show'), exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: s('range.reversed') })).toBeVisible();
  await expect(page).toHaveURL(/\/sales\?from=2026-01-01&to=2026-01-31$/);

  // A quick range: the last 7 days up to today.
  await page.getByRole('button', { name: s('range.last', { days: '7' }) }).click();
  const week = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  await expect(page).toHaveURL(new RegExp(`/sales\\?from=${week}&to=${today}$`));
  await expect(page.getByLabel(s('range.from'), { exact: true })).toHaveValue(week);
  await expect(page.getByRole('region', { name: s('daily.heading') })).toBeVisible();
});
