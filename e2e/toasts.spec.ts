import type { Locator, Page } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import { asReturningVisitor, expect, signInAsAdmin, test, text } from './support';

/**
 * Issue #32: toasts covered the header's Login and Recharge on the storefront, and Logout and the avatar in the
 * console. At a phone's and a laptop's width, a toast shown on each face lies over none of the header's controls.
 */

function toast(page: Page, message: string): Locator {
  return page.locator('.app-toast').filter({ hasText: message }).last();
}

/** The header's visible controls the toast lies over, by their accessible name or text. */
async function coveredControls(page: Page, shown: Locator): Promise<string[]> {
  const box = await shown.boundingBox();
  if (!box) throw new Error('the toast has no box');
  return page.getByRole('banner').evaluate((banner, t) => {
    const controls = [...banner.querySelectorAll<HTMLElement>('a, button, [role="button"], .ant-avatar')];
    return controls
      .filter((control) => {
        const b = control.getBoundingClientRect();
        if (b.width === 0 || b.height === 0) return false;
        return b.left < t.x + t.width && t.x < b.right && b.top < t.y + t.height && t.y < b.bottom;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent ?? control.className);
  }, box);
}

for (const width of [390, 1366]) {
  test(`a toast covers none of the header's controls at ${width} px, in the console and on the storefront`, async ({
    page,
  }) => {
    await asReturningVisitor(page, 'en');
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page, SEEDED_ADMINS.toasts);

    await page.goto('/profile');
    await page.getByRole('button', { name: text('en', 'profile', 'submit') }).click();
    const saved = toast(page, text('en', 'profile', 'saved'));
    await expect(saved).toBeVisible();
    expect(await coveredControls(page, saved)).toEqual([]);

    await page
      .getByRole('banner')
      .getByRole('button', { name: text('en', 'layout', 'admin.logout') })
      .click();
    const goodbye = toast(page, text('en', 'common', 'toasts.logoutSuccess'));
    await expect(goodbye).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    expect(await coveredControls(page, goodbye)).toEqual([]);
  });
}
