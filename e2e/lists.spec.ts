import type { Locator, Page, TestInfo } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import { asReturningVisitor, expect, placeVisitorOrder, signInAsAdmin, test, text } from './support';

/**
 * The console's lists on a phone, a tablet and a laptop (issue #13): at 390 and 768 px each order and each message
 * is a card with its status first; at 1366 px the table keeps the status (and a message's text) in view, not
 * off-screen behind sideways scrolling. Each width is photographed (attached to the report, kept under
 * test-results).
 */

const o = (key: string) => text('en', 'orders', key);
const f = (key: string) => text('en', 'feedback-admin', key);

/** A suffix no other run or journey uses (journeys run in parallel against one server). */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
] as const;

/**
 * Whole within the window's width as the list opens: not cut off at either side, nor hidden by sideways scrolling.
 * Only the window is scrolled (up or down) to reach it; nothing scrolls sideways to bring it into view.
 */
async function expectWithinWidth(page: Page, target: Locator): Promise<void> {
  await target.evaluate((node) =>
    window.scrollBy(0, node.getBoundingClientRect().top - window.innerHeight / 2),
  );
  await expect(target).toBeInViewport({ ratio: 1 });
  expect(
    await page.evaluate(() => document.querySelector('.ant-table-content, .ant-table-body')?.scrollLeft ?? 0),
  ).toBe(0);
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'on screen').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** Where the text of `target` ends on the right (a cell's padding may pass under a pinned column; its text not). */
function readEnd(target: Locator): Promise<number> {
  return target.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return range.getBoundingClientRect().right;
  });
}

/** No sideways scrolling of the page itself. */
async function expectNoPageOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function photograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.describe('the console lists on a phone and a laptop', () => {
  // One after the other: both sign the administrator in, and two sign-ins in the same second carry the same
  // encrypted password, which the server refuses as a replay.
  test.describe.configure({ mode: 'default' });

  test.beforeEach(async ({ page }) => {
    await asReturningVisitor(page, 'en');
  });

  test('the order list shows each order’s status, number and money at 390, 768 and 1366 px', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const bigoId = `e2eLists${unique()}`;
    const first = await placeVisitorOrder(page.request, bigoId, 'lists.buyer@example.com');
    const second = await placeVisitorOrder(page.request, bigoId, 'lists.buyer@example.com');
    await signInAsAdmin(page, SEEDED_ADMINS.lists);

    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(`/order?game_id=${bigoId}`);
      await expect(page.getByRole('heading', { level: 1, name: o('list.title') })).toBeVisible();
      const wide = size.width >= 992;
      for (const orderNum of [first, second]) {
        const row = wide
          ? page.locator('tr.ant-table-row', { hasText: orderNum })
          : page.locator('.admin-list__card', { hasText: orderNum });
        await expect(row).toHaveCount(1);
        // What is looked for: the status, the number, the money (the BIGO ID is the filter just typed).
        const status = row.getByText(o('orderStatus.3'), { exact: true });
        const interesting = [status, row.locator('.order-number'), row.getByText(/^SGD \d/)];
        for (const target of interesting) await expectWithinWidth(page, target);
        if (wide) {
          // Not under the Actions column pinned at the right edge.
          const actions = await row.locator('td').last().boundingBox();
          for (const target of interesting)
            expect(await readEnd(target)).toBeLessThanOrEqual(actions?.x ?? 0);
        } else {
          // The status leads the card.
          await expect(row.locator('dt').first()).toHaveText(o('columns.status'));
        }
      }
      if (!wide) await expectNoPageOverflow(page);
      await photograph(page, testInfo, `order-list-${size.width}`);
    }
  });

  test('the feedback list shows each message’s status and text at 390, 768 and 1366 px', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const name = `Lists ${unique()}`;
    const comment = `Please call me about the agency. ${name}`;
    const sent = await page.request.post('/api/v1/feedback/', {
      data: {
        name,
        whatapp_id: '+65 8123 4567',
        email: 'lists.visitor@example.com',
        role: 'streamer',
        comment,
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await signInAsAdmin(page, SEEDED_ADMINS.lists);

    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto('/feedback?status=false');
      await expect(page.getByRole('heading', { level: 1, name: f('list.title') })).toBeVisible();
      const wide = size.width >= 992;
      const row = wide
        ? page.locator('tr.ant-table-row', { hasText: name })
        : page.locator('.admin-list__card', { hasText: name });
      await expect(row).toHaveCount(1);
      const status = row.getByText(f('status.pending'), { exact: true });
      const message = row.getByText(comment);
      await expectWithinWidth(page, status);
      await expectWithinWidth(page, message);
      if (wide) {
        const actions = await row.locator('td').last().boundingBox();
        for (const target of [status, message])
          expect(await readEnd(target)).toBeLessThanOrEqual(actions?.x ?? 0);
      } else {
        await expect(row.locator('dt').first()).toHaveText(f('columns.status'));
        await expectNoPageOverflow(page);
      }
      await photograph(page, testInfo, `feedback-list-${size.width}`);
    }
  });
});
