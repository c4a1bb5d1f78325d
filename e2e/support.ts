import { readFileSync } from 'node:fs';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

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

/**
 * Signs the e2e server's administrator in (English form labels), waits for the landing page and returns the
 * session's bearer token.
 *
 * The server takes one sign-in per account per second (the login's nonce is the account and its event time, to the
 * second), so two journeys signing the administrator in at the same moment would see one of them refused as a
 * replay. Journeys run in parallel processes: a lock file next to the server's data makes them take turns, each
 * holding it until its second has passed.
 */
export async function signInAsAdmin(page: Page): Promise<string> {
  const { open, rm, stat } = await import('node:fs/promises');
  const lock = `${E2E_DATA_DIR}admin-sign-in.lock`;
  for (;;) {
    try {
      await (await open(lock, 'wx')).close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A holder that died leaves its lock behind: no sign-in takes this long.
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > 30_000) await rm(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await page.goto('/signin');
    await page.getByLabel(text('en', 'auth', 'fields.username'), { exact: true }).fill('admin');
    await page.getByLabel(text('en', 'auth', 'fields.password'), { exact: true }).fill('e2e-admin-pass');
    await page.getByRole('button', { name: text('en', 'auth', 'signin.submit'), exact: true }).click();
    const sent = Date.now();
    await expect(page).toHaveURL(/\/ezrecharge$/);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, sent + 1_100 - Date.now())));
  } finally {
    await rm(lock, { force: true });
  }
  const bearer = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value ?? '';
  expect(bearer).not.toBe('');
  return bearer;
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

/** Every e-mail the server sent to `email` so far, oldest first, parsed as a mail client would. */
export async function emailsTo(email: string): Promise<{ subject: string; text: string; html: string }[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const { simpleParser } = await import('mailparser');
  const dir = `${E2E_DATA_DIR}outbox`;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  const mails = [];
  for (const file of files) {
    const mail = await simpleParser(await readFile(`${dir}/${file}`));
    const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
    if (!to.toLowerCase().includes(email.toLowerCase())) continue;
    mails.push({
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
    });
  }
  return mails;
}

/** `{{name}}` placeholders of a locale text filled in, as i18next does. */
export const fillText = (template: string, values: Record<string, string>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? '');

/**
 * Makes the BIGO simulator refuse (or accept again) one BIGO ID at delivery, as a superuser, keeping every other
 * control (and any ID another journey added) as it is. Told after the order's precheck passed, it makes a paid
 * order's delivery fail for good.
 */
export async function setBigoRejected(
  request: APIRequestContext,
  bearer: string,
  bigoId: string,
  reject: boolean,
): Promise<void> {
  const headers = { Authorization: `Bearer ${bearer}` };
  const current = await request.get('/sandbox/bigo/controls', { headers });
  expect(current.status()).toBe(200);
  const controls = (await current.json()) as { reject_ids: string[] };
  const others = controls.reject_ids.filter((id) => id !== bigoId);
  const put = await request.put('/sandbox/bigo/controls', {
    headers,
    data: { ...controls, reject_ids: reject ? [...others, bigoId] : others },
  });
  expect(put.status()).toBe(200);
}
