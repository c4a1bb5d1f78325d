import type { Locator, Page, TestInfo } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import {
  asReturningVisitor,
  expect,
  placeVisitorOrder,
  SEEDED_PRODUCT,
  signInAsAdmin,
  test,
  text,
} from './support';

/**
 * The console's lists on a phone, a tablet and a laptop (issue #13): at 390 and 768 px each order and each message
 * is a card with its status first; at 1366 px the table keeps the status (and a message's text) in view, not
 * off-screen behind sideways scrolling. Each width is photographed (attached to the report, kept under
 * test-results).
 */

const o = (key: string) => text('en', 'orders', key);
const f = (key: string) => text('en', 'feedback-admin', key);
const u = (key: string) => text('en', 'users-admin', key);
const c = (key: string) => text('en', 'catalogue-admin', key);
const q = (key: string) => text('en', 'faq-admin', key);

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

  test('users, products, prices and FAQ are cards on a phone, each with its actions in view (issue #32)', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, SEEDED_ADMINS.lists);
    await page.setViewportSize(WIDTHS[0]);
    await page.goto('/product');
    const product = page.locator('.admin-list__card', { hasText: SEEDED_PRODUCT });
    await expect(product).toHaveCount(1);
    const productId = new URL(
      await product
        .getByRole('link', { name: c('products.actions.prices') })
        .evaluate((a) => (a as HTMLAnchorElement).href),
    ).searchParams.get('id');

    const lists = [
      {
        path: `/user?username=${SEEDED_ADMINS.lists.username}`,
        lead: u('columns.username'),
        actions: [u('actions.edit'), u('actions.delete')],
      },
      {
        path: '/product',
        lead: c('products.columns.name'),
        actions: [c('products.actions.edit'), c('products.actions.delete')],
      },
      {
        path: `/price?id=${productId}`,
        lead: c('prices.columns.product'),
        actions: [c('prices.actions.edit'), c('prices.actions.delete')],
      },
      { path: '/faq-admin', lead: q('columns.question'), actions: [q('actions.edit'), q('actions.delete')] },
    ];
    for (const list of lists) {
      await page.goto(list.path);
      const card = page.locator('.admin-list__card').first();
      await expect(card, list.path).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('table')).toHaveCount(0);
      await expect(card.locator('dt').first()).toHaveText(list.lead);
      for (const action of list.actions)
        await expectWithinWidth(page, card.getByText(action, { exact: true }).first());
      await expectNoPageOverflow(page);
      await photograph(
        page,
        testInfo,
        `list-cards${new URL(list.path, 'http://x').pathname.replace('/', '-')}`,
      );
    }
  });

  test('the dark sidebar runs the whole height of a long page, scrolled to its end (issue #32)', async ({
    page,
  }) => {
    await signInAsAdmin(page, SEEDED_ADMINS.lists);
    // A short window makes the FAQ list several screens long.
    await page.setViewportSize({ width: 1366, height: 400 });
    await page.goto('/faq-admin');
    await expect(page.locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    const sider = page.locator('.admin-layout__sider');
    for (const at of ['top', 'middle', 'end'] as const) {
      await page.evaluate((where) => {
        const end = document.documentElement.scrollHeight - window.innerHeight;
        window.scrollTo(0, where === 'top' ? 0 : where === 'middle' ? end / 2 : end);
      }, at);
      const box = await sider.boundingBox();
      const height = await page.evaluate(() => window.innerHeight);
      expect(box, at).not.toBeNull();
      expect(box?.y ?? 1, at).toBeLessThanOrEqual(0);
      expect((box?.y ?? 0) + (box?.height ?? 0), at).toBeGreaterThanOrEqual(height);
      const dark = await sider.evaluate((node) => getComputedStyle(node).backgroundColor);
      expect(dark).not.toBe('rgba(0, 0, 0, 0)');
    }
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(800);
  });
});
