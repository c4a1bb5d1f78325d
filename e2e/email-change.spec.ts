import type { APIRequestContext, Page } from '@playwright/test';
import { asReturningVisitor, emailsTo, expect, latestEmailCode, type TLang, test, text } from './support';

/**
 * Issue #33: a signed-in user moves the account to a new e-mail address with the current password and a code sent
 * to the new address, in the profile, in English and in Chinese. The old address is told; an address that already
 * has an account gets an e-mail saying so instead of a code, and the screen answers as for any other address.
 */

/** An account no other journey uses (journeys run in parallel against one server), registered through the API. */
async function registeredAccount(request: APIRequestContext, prefix: string, lang: TLang) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = {
    username: `${prefix}${id}`,
    email: `${prefix}${id}@example.com`,
    password: `${prefix}-pass-1`,
  };
  const headers = { 'Accept-Language': lang };
  const asked = await request.post('/api/v1/captcha/', {
    headers,
    data: { captcha_api: 'register', captcha_type: 'email', captcha_value: account.email },
  });
  expect(asked.status()).toBe(200);
  let code = '';
  await expect
    .poll(async () => {
      code = await latestEmailCode(account.email).catch(() => '');
      return code;
    })
    .toMatch(/^\d{6}$/);
  const registered = await request.post('/api/v1/register', {
    headers,
    data: {
      username: account.username,
      email: account.email,
      password: account.password,
      user_type: 1,
      checkbox_terms: true,
      captcha_info: {
        captcha_api: 'register',
        captcha_type: 'email',
        captcha_value: account.email,
        captcha_code: code,
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  return account;
}

const p = (lang: TLang, key: string) => text(lang, 'profile', key);

/**
 * Chromium logs every refused request as a console error, and the journeys fail on console errors: a journey that
 * provokes refusals on purpose accounts for exactly those.
 */
function expectRefusals(consoleErrors: string[], status: number, count: number): void {
  const refused = consoleErrors.filter((line) =>
    line.includes(`the server responded with a status of ${status}`),
  );
  expect(refused, `console errors of ${status} responses`).toHaveLength(count);
  for (const line of refused) consoleErrors.splice(consoleErrors.indexOf(line), 1);
}

function toast(page: Page, message: string) {
  return page.locator('.app-toast').filter({ hasText: message }).last();
}

async function signIn(page: Page, lang: TLang, username: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel(text(lang, 'auth', 'fields.username'), { exact: true }).fill(username);
  await page.getByLabel(text(lang, 'auth', 'fields.password'), { exact: true }).fill(password);
  await page
    .getByRole('button', {
      name: new RegExp(`^${text(lang, 'auth', 'signin.submit').split('').join('\\s?')}$`),
    })
    .click();
  await expect(page).toHaveURL(/\/ezrecharge$/);
}

/** Fills the change-e-mail part and asks for a code; returns the part. */
async function askForCode(page: Page, lang: TLang, newEmail: string, password: string) {
  const part = page.getByRole('region', { name: p(lang, 'email.title') });
  await part.getByLabel(p(lang, 'email.newEmail')).fill(newEmail);
  await part.getByLabel(p(lang, 'email.password')).fill(password);
  await part.getByRole('button', { name: p(lang, 'email.sendCode') }).click();
  await expect(toast(page, text(lang, 'validation', 'email_change_code_sent'))).toBeVisible();
  // A minute before another code can be asked for.
  await expect(part.locator('.profile-email__send')).toBeDisabled();
  return part;
}

async function codeMailedTo(email: string): Promise<{ subject: string; text: string; code: string }> {
  let found: { subject: string; text: string; code: string } | undefined;
  await expect
    .poll(async () => {
      const mails = await emailsTo(email);
      const mail = mails.find((m) => /^\d{6}$/m.test(m.text));
      found = mail ? { ...mail, code: /^(\d{6})$/m.exec(mail.text)?.[1] ?? '' } : undefined;
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

test('a signed-in user changes the e-mail address with the password and a code to the new address', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await asReturningVisitor(page, 'en');
  const account = await registeredAccount(request, 'mv', 'en');
  const other = await registeredAccount(request, 'tk', 'en');
  const newEmail = `new-${account.username}@example.org`;

  await signIn(page, 'en', account.username, account.password);
  await page.goto('/profile');
  const current = page.getByLabel(p('en', 'fields.email'), { exact: true });
  await expect(current).toHaveValue(account.email);
  await expect(current).toHaveAttribute('readonly');

  // An address that already has an account: the same answer on screen; its mailbox is told, and gets no code.
  await askForCode(page, 'en', other.email, account.password);
  await expect
    .poll(async () => (await emailsTo(other.email)).map((m) => m.subject))
    .toContain('This e-mail address already has an EzRecharge account');
  const takenMails = await emailsTo(other.email);
  expect(takenMails.filter((m) => /^\d{6}$/m.test(m.text))).toHaveLength(1); // its own sign-up code only

  // The new address: a code arrives there, naming the account; with the password it moves the account.
  await page.reload();
  const part = await askForCode(page, 'en', newEmail, account.password);
  const mail = await codeMailedTo(newEmail);
  expect(mail.subject).toBe('Your EzRecharge verification code');
  expect(mail.text).toContain(`your EzRecharge account ${account.username}`);
  await part.getByLabel(p('en', 'email.code')).fill(mail.code);
  await part.getByRole('button', { name: p('en', 'email.submit') }).click();
  await expect(toast(page, p('en', 'email.changed'))).toBeVisible();
  await expect(current).toHaveValue(newEmail);
  expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBe(newEmail);

  // The old address is told, with the new one masked.
  await expect
    .poll(async () => (await emailsTo(account.email)).map((m) => m.subject))
    .toContain('Your EzRecharge e-mail address was changed');
  const notice = (await emailsTo(account.email)).find(
    (m) => m.subject === 'Your EzRecharge e-mail address was changed',
  );
  expect(notice?.text).toContain('ne***@example.org');
  expect(notice?.text).not.toContain(newEmail);

  // After a reload the profile shows the new address.
  await page.reload();
  await expect(page.getByLabel(p('en', 'fields.email'), { exact: true })).toHaveValue(newEmail);
});

test('用户用中文更改邮箱 (a user changes the e-mail address in Chinese)', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await asReturningVisitor(page, 'zh');
  const account = await registeredAccount(request, 'zm', 'zh');
  const newEmail = `new-${account.username}@example.org`;

  await signIn(page, 'zh', account.username, account.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: p('zh', 'email.title') })).toBeVisible();

  // A wrong password is refused under its field, in Chinese, and no code goes out.
  const part = page.getByRole('region', { name: p('zh', 'email.title') });
  await part.getByLabel(p('zh', 'email.newEmail')).fill(newEmail);
  await part.getByLabel(p('zh', 'email.password')).fill('not-the-password');
  await part.getByRole('button', { name: p('zh', 'email.sendCode') }).click();
  await expect(part.getByText(text('zh', 'validation', 'password_wrong'))).toBeVisible();
  expect(await emailsTo(newEmail)).toHaveLength(0);

  await askForCode(page, 'zh', newEmail, account.password);
  const mail = await codeMailedTo(newEmail);
  expect(mail.subject).toBe('EzRecharge 验证码');
  expect(mail.text).toContain(`EzRecharge 账户 ${account.username}`);
  await part.getByLabel(p('zh', 'email.code')).fill(mail.code);
  await part
    .getByRole('button', { name: new RegExp(`^${p('zh', 'email.submit').split('').join('\\s?')}$`) })
    .click();
  await expect(toast(page, p('zh', 'email.changed'))).toBeVisible();
  await expect(page.getByLabel(p('zh', 'fields.email'), { exact: true })).toHaveValue(newEmail);

  await expect
    .poll(async () => (await emailsTo(account.email)).map((m) => m.subject))
    .toContain('您的 EzRecharge 邮箱已更改');
  expectRefusals(consoleErrors, 400, 1);
});
