import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';

/** Locale resources, so journeys assert the text a visitor reads without copying it into the tests. */
type TJson = { [key: string]: unknown };
const load = (lang: string, ns: string): TJson =>
  JSON.parse(
    readFileSync(new URL(`../apps/web/src/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'),
  ) as TJson;

export type TLang = 'en' | 'zh';
export const LANGS: readonly TLang[] = ['en', 'zh'];

/** `text('en', 'content', 'privacy.title')` → the string at that key. */
export function text(lang: TLang, ns: string, key: string): string {
  let node: unknown = load(lang, ns);
  for (const part of key.split('.')) node = (node as TJson | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no string at ${lang}/${ns}:${key}`);
  return node;
}

export function value(lang: TLang, ns: string, key: string): unknown {
  let node: unknown = load(lang, ns);
  for (const part of key.split('.')) node = (node as TJson | undefined)?.[part];
  return node;
}

/**
 * Every journey fails on an uncaught page error or a console error (a CSP violation shows up as one), so a
 * broken script never passes unnoticed.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      await use(errors);
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Opens the site in a language with the cookie notice already accepted (as a returning visitor). */
export async function asReturningVisitor(page: Page, lang: TLang): Promise<void> {
  await page.addInitScript(
    ([l]) => {
      window.localStorage.setItem('lang', l ?? 'en');
      window.localStorage.setItem('cookieAccepted', '30');
    },
    [lang],
  );
}

/** Signs in as the superuser the journeys' server was started with (scripts/e2e-server.mjs); lands on /ezrecharge. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel(text('en', 'auth', 'fields.username'), { exact: true }).fill('admin');
  await page.getByLabel(text('en', 'auth', 'fields.password'), { exact: true }).fill('e2e-admin-pass');
  await page.getByRole('button', { name: text('en', 'auth', 'signin.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/ezrecharge$/);
}

/** The product the server seeds on its first start, with SGD/MYR/USD packs. */
export const SEEDED_PRODUCT = 'BIGO LIVE Diamonds';

/** Chooses the seeded product in the recharge form (in English): another journey may release a product before it. */
export async function chooseSeededProduct(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: text('en', 'recharge', 'form.title') })).toBeVisible();
  const product = page.getByLabel(text('en', 'recharge', 'form.product'), { exact: true });
  if (!(await page.locator('.ant-select', { has: product }).textContent())?.includes(SEEDED_PRODUCT)) {
    await product.click();
    await page.locator('.ant-select-item-option').filter({ hasText: SEEDED_PRODUCT }).click();
  }
}

/** DATA_DIR of the server the journeys talk to (scripts/e2e-server.mjs). */
export const E2E_DATA_DIR = new URL('../.e2e-data/', import.meta.url).pathname;

/** The newest 6-digit code the server e-mailed to `email` (read from its outbox, parsed as a mail client would). */
export async function latestEmailCode(email: string): Promise<string> {
  const { readdir, readFile } = await import('node:fs/promises');
  const { simpleParser } = await import('mailparser');
  const dir = `${E2E_DATA_DIR}outbox`;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const mail = await simpleParser(await readFile(`${dir}/${file}`));
    const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
    if (to.toLowerCase().includes(email.toLowerCase()) && code) return code;
  }
  throw new Error(`no code e-mailed to ${email}`);
}

/** The newest e-mail the server sent to `email` that carries a 6-digit code: subject, text and the code. */
export async function latestCodeEmail(
  email: string,
): Promise<{ subject: string; text: string; code: string }> {
  const { readdir, readFile } = await import('node:fs/promises');
  const { simpleParser } = await import('mailparser');
  const dir = `${E2E_DATA_DIR}outbox`;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const mail = await simpleParser(await readFile(`${dir}/${file}`));
    const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
    const text = mail.text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (to.toLowerCase().includes(email.toLowerCase()) && code)
      return { subject: mail.subject ?? '', text, code };
  }
  throw new Error(`no code e-mailed to ${email}`);
}
