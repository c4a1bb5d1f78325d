import { readFile } from 'node:fs/promises';
import { SEEDED_ADMINS } from './seeded-admins';
import { asReturningVisitor, expect, LANGS, placeVisitorOrder, signInAsAdmin, test, text } from './support';

/**
 * Issue #28: an operator filters the order list and downloads what it shows as CSV — the file the browser saves
 * holds the filtered orders (every one, not only the page on screen), starts with the byte order mark Excel needs
 * for Chinese text, and names its columns and the orders' statuses in the console's language (English, Chinese).
 */

const SIGN_IN = { en: SEEDED_ADMINS.exports, zh: SEEDED_ADMINS.exportsZh } as const;
/** The file's first bytes: the byte order mark and the first two column names. */
const CSV_START = { en: '\uFEFFOrder number,Created (', zh: '\uFEFF订单号,创建时间（' } as const;

for (const lang of LANGS)
  test(`an operator filters the orders and downloads them as CSV (${lang})`, async ({ page }) => {
    const o = (key: string) => text(lang, 'orders', key);
    test.setTimeout(90_000);
    await asReturningVisitor(page, lang);
    const bigoId = `e2eExport${lang}${Date.now().toString(36)}`;
    const placed = [
      await placeVisitorOrder(page.request, bigoId, 'export.buyer@example.com'),
      await placeVisitorOrder(page.request, bigoId, 'export.buyer@example.com'),
    ];
    await signInAsAdmin(page, SIGN_IN[lang]);

    await page.goto('/order');
    const filters = page.getByRole('search', { name: o('list.filters') });
    await filters.getByLabel(o('columns.gameId'), { exact: true }).fill(bigoId);
    await filters.getByRole('button', { name: text(lang, 'common', 'filters.search') }).click();
    await expect(page).toHaveURL(new RegExp(`/order\\?game_id=${bigoId}`));
    for (const orderNum of placed)
      await expect(page.getByRole('row').filter({ hasText: orderNum })).toHaveCount(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: o('list.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{8}-\d{4}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith(CSV_START[lang])).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    // The header and exactly the filtered orders, newest first.
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([...placed].reverse());
    for (const line of lines.slice(1)) {
      expect(line).toContain(`,3,${o('orderStatus.3')},${bigoId},export.buyer@example.com,`);
    }
  });
