import { SEEDED_ADMINS } from './seeded-admins';
import { asReturningVisitor, expect, LANGS, signInAsAdmin, test, text } from './support';

/**
 * The operator's sales view (issue #28), against the real server: a superuser opens Sales from the side navigation
 * (the last 30 days of the shop's calendar), enters another range, which the address keeps across a reload, and
 * takes a quick range; the figures, the funnel and the day-by-day table answer for each range. In English and in
 * Chinese (the console's dates in each language's format), each with its own superuser.
 */

const SIGN_IN = { en: SEEDED_ADMINS.sales, zh: SEEDED_ADMINS.salesZh } as const;
/** 1 and 31 January 2026 as the page writes them (the namespace's `dateFormat`). */
const JANUARY = {
  en: { from: '1 Jan 2026', to: '31 Jan 2026' },
  zh: { from: '2026年1月1日', to: '2026年1月31日' },
} as const;

for (const lang of LANGS)
  test(`a superuser opens Sales and changes the range (${lang})`, async ({ page }) => {
    const s = (key: string, values: Record<string, string> = {}) =>
      Object.entries(values).reduce(
        (result, [name, value]) => result.replace(`{{${name}}}`, value),
        text(lang, 'sales-admin', key),
      );
    test.setTimeout(60_000);
    await asReturningVisitor(page, lang);
    await signInAsAdmin(page, SIGN_IN[lang]);

    await page
      .getByRole('navigation', { name: text(lang, 'layout', 'admin.sideNav') })
      .getByRole('link', { name: text(lang, 'common', 'routes.sales') })
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
    const showing = s('range.showing', JANUARY[lang]);
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
