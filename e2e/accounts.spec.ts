import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SEEDED_ADMINS } from './seeded-admins';
import {
  asReturningVisitor,
  expect,
  latestCodeEmail,
  signInAsAdmin,
  type TLang,
  test,
  text,
} from './support';

/**
 * Browser journeys of the accounts issue against the real server (e-mail codes from its outbox): sign-up, sign-in
 * with remember-me, profile with an avatar upload, password change, sign-out; the users admin; and Chinese.
 */

/** A 1×1 PNG: the server checks uploads by content, so it must be a real image. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function pngFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ezrecharge-e2e-'));
  const file = path.join(dir, 'avatar.png');
  writeFileSync(file, PNG_1X1);
  return file;
}

/** A username and e-mail no other journey uses (journeys run in parallel against one server). */
function newAccount(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: `${prefix}${id}`, email: `${prefix}${id}@example.com` };
}

const t = (lang: TLang, key: string) => text(lang, 'auth', key);

/**
 * The newest toast (components/ui/toaster.tsx) with this text. Toasts stack and pause while hovered, so the one of
 * an earlier save with the same text may still be on screen when the next one shows.
 */
function toast(page: Page, message: string) {
  return page.locator('.app-toast').filter({ hasText: message }).last();
}

/**
 * Chromium logs every refused request as a console error, and the journeys fail on console errors. A journey that
 * provokes refusals on purpose accounts for exactly those, so an unexpected one still fails it.
 */
function expectRefusals(consoleErrors: string[], status: number, count: number): void {
  const refused = consoleErrors.filter((line) =>
    line.includes(`the server responded with a status of ${status}`),
  );
  expect(refused, `console errors of ${status} responses`).toHaveLength(count);
  for (const line of refused) consoleErrors.splice(consoleErrors.indexOf(line), 1);
}

async function codeFor(email: string): Promise<{ subject: string; code: string }> {
  let found: { subject: string; code: string } | null = null;
  await expect
    .poll(async () => {
      found = await latestCodeEmail(email).catch(() => null);
      return found !== null;
    })
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

async function signUp(
  page: Page,
  lang: TLang,
  account: { username: string; email: string },
  password: string,
) {
  await page.goto('/signup');
  await page.getByLabel(t(lang, 'fields.username')).fill(account.username);
  await page.getByLabel(t(lang, 'fields.email')).fill(account.email);
  await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'signup.sendCaptcha') }).click();
  await expect(toast(page, t(lang, 'signup.codeOrAccountSent'))).toBeVisible();
  // The button counts down a minute before another code can be asked for.
  await expect(page.locator('.captcha-button')).toBeDisabled();
  await expect(page.locator('.captcha-button')).toContainText(/\d+/);
  const mail = await codeFor(account.email);
  await page.getByLabel(t(lang, 'fields.captcha')).fill(mail.code);
  await page.getByRole('switch').click();
  await page
    .getByRole('button', { name: new RegExp(`^${t(lang, 'signup.submit').split('').join('\\s?')}$`) })
    .click();
  await expect(toast(page, t(lang, 'signup.success'))).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  return mail;
}

async function signIn(page: Page, lang: TLang, username: string, password: string, remember = false) {
  // Right after a navigation the previous screen (e.g. sign-up, with its own Username field) may still be up.
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'signin.title') })).toBeVisible();
  await page.getByLabel(t(lang, 'fields.username'), { exact: true }).fill(username);
  await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(password);
  const rememberSwitch = page.getByRole('switch', { name: t(lang, 'signin.remember') });
  if ((await rememberSwitch.getAttribute('aria-checked')) !== String(remember)) await rememberSwitch.click();
  // (antd spaced two-character Chinese button labels, "登 录"; the pattern still allows it.)
  await page
    .getByRole('button', { name: new RegExp(`^${t(lang, 'signin.submit').split('').join('\\s?')}$`) })
    .click();
}

test('a visitor signs up with the e-mailed code, signs in remembered, edits the profile, changes the password and signs out', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await asReturningVisitor(page, 'en');
  const account = newAccount('jr');
  const password = 'first-pass-1';

  const mail = await signUp(page, 'en', account, password);
  expect(mail.subject).toBe('Your EzRecharge verification code');

  // Sign in with remember-me on: the session keys are stored and the landing greets the user.
  await signIn(page, 'en', account.username, password, true);
  await expect(page).toHaveURL(/\/ezrecharge$/);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${account.username}!` })).toBeVisible();
  const stored = await page.evaluate(() => ({
    isLogin: localStorage.getItem('isLogin'),
    type: localStorage.getItem('ezrechargeType'),
    email: localStorage.getItem('userEmail'),
    remembered: localStorage.getItem('ezrecharge_password'),
    cookie: document.cookie,
  }));
  expect(stored).toMatchObject({ isLogin: 'true', type: 'false', email: account.email });
  expect(stored.cookie).toContain('access_token=');
  expect(stored.remembered).toBeTruthy();
  expect(stored.remembered).not.toContain(password);

  // The sign-in form comes back filled in, the password decrypted with the browser's own key.
  await page.goto('/signin');
  await expect(page.getByLabel(t('en', 'fields.username'))).toHaveValue(account.username);
  await expect(page.getByLabel(t('en', 'fields.password'), { exact: true })).toHaveValue(password);
  await expect(page.getByRole('switch', { name: t('en', 'signin.remember') })).toBeChecked();

  // Profile: upload an avatar, change the nickname; the top bar follows.
  await page.goto('/profile');
  const nickname = page.getByLabel(text('en', 'profile', 'fields.nickname'));
  await expect(nickname).toHaveValue(/.*/);
  await page.getByLabel(text('en', 'profile', 'fields.avatar')).setInputFiles(pngFile());
  const preview = page.getByRole('tabpanel').getByRole('img', { name: /^Avatar of/ });
  await expect(preview).toHaveAttribute('src', /^\/api\/v1\/attachment\/download\?file_path=/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await nickname.fill('Journey Runner');
  await page.getByRole('button', { name: text('en', 'profile', 'submit') }).click();
  await expect(toast(page, text('en', 'profile', 'saved'))).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Journey Runner')).toBeVisible();
  await expect(banner.getByRole('img', { name: 'Avatar of Journey Runner' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(text('en', 'profile', 'fields.nickname'))).toHaveValue('Journey Runner');

  // Change password: the server ends every session, the app signs out and asks for the new password.
  await page.getByRole('tab', { name: text('en', 'profile', 'tabs.password') }).click();
  await page.getByLabel(text('en', 'profile', 'fields.oldPassword')).fill(password);
  await page.getByLabel(text('en', 'profile', 'fields.newPassword')).fill('second-pass-2');
  await page.getByLabel(text('en', 'profile', 'fields.confirmPassword')).fill('second-pass-2');
  await page.getByRole('button', { name: text('en', 'profile', 'password.submit') }).click();
  await expect(toast(page, text('en', 'profile', 'password.changed'))).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  // The remembered password was the old one: only the username stays.
  await expect(page.getByLabel(t('en', 'fields.username'))).toHaveValue(account.username);
  await expect(page.getByLabel(t('en', 'fields.password'), { exact: true })).toHaveValue('');

  await signIn(page, 'en', account.username, password);
  const refused = page.getByRole('dialog', { name: 'Incorrect username or password' });
  await expect(refused).toBeVisible();
  // SPEC.md §9: error popups are 500 px wide.
  await expect(refused).toHaveCSS('width', '500px');
  await refused.getByRole('button').click();
  await signIn(page, 'en', account.username, 'second-pass-2');
  await expect(page).toHaveURL(/\/ezrecharge$/);

  // Sign out from the top bar: back to /signin, and the console is closed again.
  await page
    .getByRole('banner')
    .getByRole('button', { name: text('en', 'layout', 'admin.logout') })
    .click();
  await expect(toast(page, text('en', 'common', 'toasts.logoutSuccess'))).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('isLogin'), document.cookie.includes('access_token=')]),
  ).toEqual([null, false]);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
  expectRefusals(consoleErrors, 400, 1);
});

test('an administrator adds a user, edits it and deletes it', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  await asReturningVisitor(page, 'en');
  const account = newAccount('adm');
  const u = (key: string) => text('en', 'users-admin', key);

  const admin = SEEDED_ADMINS.accounts;
  await signInAsAdmin(page, admin);

  await page
    .getByRole('navigation', { name: text('en', 'layout', 'admin.sideNav') })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: u('list.title') })).toBeVisible();
  await expect(page.getByText(/^\d+ items?$/)).toBeVisible();

  // Add
  await page.getByRole('link', { name: u('list.add') }).click();
  await expect(page).toHaveURL(/\/user-add$/);
  // The add screen loads on demand; until it shows, the list's own "Username" filter is still on the page.
  await expect(page.getByRole('heading', { level: 1, name: u('add.title') })).toBeVisible();
  await page.getByLabel(u('fields.username')).fill(account.username);
  await page.getByLabel(u('fields.password')).fill('member-pass-1');
  await page.getByLabel(u('fields.nickname')).fill('Member One');
  await page.getByLabel(u('fields.email')).fill(account.email);
  await page.getByRole('radio', { name: u('fields.no') }).check();
  await page.getByRole('button', { name: u('add.submit') }).click();
  await expect(toast(page, u('saved'))).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);

  // Find it with the filter
  const filters = page.getByRole('search', { name: u('list.filters') });
  await filters.getByLabel(u('columns.username')).fill(account.username);
  await filters.getByRole('button', { name: text('en', 'common', 'filters.search') }).click();
  const row = page.getByRole('row').filter({ hasText: account.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Member One');
  await expect(row).toContainText(u('roles.ordinary'));
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();

  // Edit
  await row.getByRole('link', { name: `Edit ${account.username}` }).click();
  await expect(page).toHaveURL(/\/user-edit\?id=\d+$/);
  await expect(page.getByLabel(u('fields.username'))).toHaveValue(account.username);
  await page.getByLabel(u('fields.nickname')).fill('Member Renamed');
  await page.getByRole('radio', { name: u('fields.yes') }).check();
  await page.getByRole('button', { name: u('edit.submit') }).click();
  await expect(toast(page, u('saved'))).toBeVisible();
  // Back at the list as it was left: still filtered to the account (issue #32).
  await expect(page).toHaveURL(new RegExp(`/user\\?username=${account.username}$`));
  await expect(filters.getByLabel(u('columns.username'))).toHaveValue(account.username);
  await expect(row).toContainText('Member Renamed');
  await expect(row).toContainText(u('roles.superuser'));

  // Delete, confirming the SPEC.md dialog
  await row.getByRole('button', { name: `Delete ${account.username}` }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: text('en', 'common', 'confirmDelete.title') });
  await expect(dialog).toContainText(text('en', 'common', 'confirmDelete.text'));
  await expect(
    dialog.getByRole('button', { name: text('en', 'common', 'confirmDelete.cancel') }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: text('en', 'common', 'confirmDelete.ok') }).click();
  await expect(toast(page, u('deleted'))).toBeVisible();
  await expect(row).toHaveCount(0);

  // The administrator cannot delete their own account: the server says why and the list stays.
  await filters.getByLabel(u('columns.username')).fill(admin.username);
  await filters.getByRole('button', { name: text('en', 'common', 'filters.search') }).click();
  const own = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: admin.username, exact: true }) });
  await own.getByRole('button', { name: `Delete ${admin.username}` }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: text('en', 'common', 'confirmDelete.title') })
    .getByRole('button', { name: text('en', 'common', 'confirmDelete.ok') })
    .click();
  await expect(page.locator('.app-dialog--error')).toBeVisible();
  await expect(own).toHaveCount(1);
  expectRefusals(consoleErrors, 400, 1);
});

test('一位访客用中文注册并登录 (a visitor signs up and signs in in Chinese)', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await asReturningVisitor(page, 'zh');
  const account = newAccount('zh');
  const v = (key: string) => text('zh', 'validation', key);

  // The SPEC.md messages, in Chinese
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: t('zh', 'signup.title') })).toBeVisible();
  await page.getByRole('button', { name: t('zh', 'signup.sendCaptcha') }).click();
  await expect(page.getByText(v('captcha_needs_email'))).toBeVisible();
  await page.getByLabel(t('zh', 'fields.email')).fill('not-an-email');
  await page.getByLabel(t('zh', 'fields.email')).blur();
  await expect(page.getByText(v('email_invalid'))).toBeVisible();
  await page.getByRole('button', { name: /^注\s?册$/ }).click();
  await expect(page.getByText(v('captcha_missing'))).toBeVisible();
  await expect(page.getByText(v('terms_required'))).toBeVisible();

  // Sign up: the code arrives in a Chinese e-mail (the app sends Accept-Language: zh)
  const mail = await signUp(page, 'zh', account, 'zh-pass-123');
  expect(mail.subject).toBe('EzRecharge 验证码');

  // A wrong password is refused in Chinese; the right one opens the Chinese landing
  await signIn(page, 'zh', account.username, 'wrong-pass-1');
  const refused = page.getByRole('dialog', { name: v('bad_credentials') });
  await expect(refused).toBeVisible();
  await refused.getByRole('button').click();
  await signIn(page, 'zh', account.username, 'zh-pass-123');
  await expect(page).toHaveURL(/\/ezrecharge$/);
  await expect(page.getByRole('heading', { level: 1, name: `您好，${account.username}！` })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: text('zh', 'recharge', 'form.title') }),
  ).toBeVisible();
  expectRefusals(consoleErrors, 400, 1);
});
