import { readFileSync } from 'node:fs';
import { ZPriceSelect, ZProductSelect } from '@ezrecharge/shared/schemas/catalogue';
import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  WIRE_CONTEXT,
} from '@ezrecharge/shared/wire-crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import type { TSeededAdmin } from './seeded-admins';

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
 * Waits until the app has taken the page over (`<html data-app="live">`, apps/web/src/app/paint-first.ts). A
 * prerendered page is on screen, and its load event over, before its scripts run: until then its buttons and forms
 * are markup. A page that is not the app's (no #root: a sandbox's payment page, the API docs) is ready as it is.
 */
export async function appLive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getElementById('root') === null || document.documentElement.dataset.app === 'live',
  );
}

/**
 * Every journey fails on an uncaught page error or a console error, so a broken script never passes unnoticed, and
 * on any Content-Security-Policy violation: an init script reports each one as a console error, because a violation
 * that a script catches (an `eval` tried and refused) leaves none that Playwright hears.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Every page.goto and page.reload of the journeys returns once the page is live (appLive).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await appLive(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await appLive(page);
      return response;
    };
    await page.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) =>
          console.error(
            `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
          ),
        { capture: true },
      );
    });
    await use(page);
  },
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
 * Signs one of the seeded superusers (e2e/seeded-admins.ts) in with two-factor sign-in, waits for the landing page
 * and returns the session's bearer token.
 *
 * A TOTP code is accepted once: a second sign-in of the same account within the same 30-second step would be
 * refused as a replay. Journeys running in parallel processes that share an account take turns through a lock file
 * beside the server's data, and wait for the next step when the account's code of this one was used already (the
 * test's time limit grows by that wait).
 */
export async function signInAsAdmin(page: Page, who: TSeededAdmin): Promise<string> {
  const { open, readFile, rm, stat, writeFile } = await import('node:fs/promises');
  const lock = `${E2E_DATA_DIR}sign-in-${who.username}.lock`;
  const usedStep = `${E2E_DATA_DIR}sign-in-${who.username}.step`;
  for (;;) {
    try {
      await (await open(lock, 'wx')).close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A holder that died leaves its lock behind: no sign-in takes this long.
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > 90_000) await rm(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    const last = Number((await readFile(usedStep, 'utf8').catch(() => '')) || -1);
    // A fresh step, with a few seconds left in it so the code typed is still this step's when the server reads it.
    let step = Math.floor(Date.now() / TOTP_STEP_MS);
    const late = Date.now() % TOTP_STEP_MS > TOTP_STEP_MS - 5_000;
    if (step <= last || late) {
      const waitUntil = (Math.max(step, last) + 1) * TOTP_STEP_MS + 100;
      test.info().setTimeout(test.info().timeout + (waitUntil - Date.now()));
      await new Promise((resolve) => setTimeout(resolve, waitUntil - Date.now()));
      step = Math.floor(Date.now() / TOTP_STEP_MS);
    }
    await writeFile(usedStep, String(step));
    await signInWithCode(page, who);
  } finally {
    await rm(lock, { force: true });
  }
  const bearer = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value ?? '';
  expect(bearer).not.toBe('');
  return bearer;
}

/** The TOTP time step (RFC 6238's default, which the server uses). */
const TOTP_STEP_MS = 30_000;

/** The product the server seeds on its first start, with SGD/MYR/USD packs. */
export const SEEDED_PRODUCT = 'BIGO LIVE Diamonds';

/** Chooses the seeded product in the recharge form (in English): another journey may release a product before it. */
export async function chooseSeededProduct(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: text('en', 'recharge', 'form.title') })).toBeVisible();
  // A native select: this waits until the products have loaded (the option is there and the select enabled).
  await page.getByLabel(text('en', 'recharge', 'form.product'), { exact: true }).selectOption({
    label: SEEDED_PRODUCT,
  });
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

/**
 * The code an authenticator app shows for a base32 `secret` at `at` (RFC 6238: HMAC-SHA1 over the 30-second step,
 * RFC 4226 dynamic truncation, 6 digits), written here from the RFCs with node:crypto, independent of the server's
 * TOTP library, so a journey checks the server against the standard rather than against itself.
 */
export async function totpCode(secret: string, at: number = Date.now()): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * Signs a superuser with two-factor sign-in on in through the sign-in page: the password, then the code step with
 * the code of the current 30 seconds (each seeded superuser belongs to one journey, e2e/seeded-admins.ts, so no
 * other journey uses that code), in the page's language. Ends on the console's landing page.
 */
export async function signInWithCode(
  page: Page,
  who: { username: string; password: string; secret: string },
): Promise<void> {
  await page.goto('/signin');
  // Also for a page of a context of its own, whose goto is not the fixture's (the operator of order-outcomes).
  await appLive(page);
  // In the language the page opened in (asReturningVisitor's), which the app writes on <html lang>.
  const lang: TLang = (await page.evaluate(() => document.documentElement.lang)).startsWith('zh')
    ? 'zh'
    : 'en';
  await page.getByLabel(text(lang, 'auth', 'fields.username'), { exact: true }).fill(who.username);
  await page.getByLabel(text(lang, 'auth', 'fields.password'), { exact: true }).fill(who.password);
  await page.getByRole('button', { name: text(lang, 'auth', 'signin.submit'), exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: text(lang, 'auth', 'twoFactorStep.title') }),
  ).toBeVisible();
  await page
    .getByLabel(text(lang, 'auth', 'twoFactorStep.code'), { exact: true })
    .fill(await totpCode(who.secret));
  await page.getByRole('button', { name: text(lang, 'auth', 'twoFactorStep.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/ezrecharge$/);
}

/**
 * Adds a pack to the seeded product through the price API, as the signed-in superuser of `page` (its session
 * cookie): for journeys that need a pack the seed has not. A pack another run added already (409) is fine.
 */
export async function addSeededPrice(
  page: Page,
  pack: { game_amount: number; currency: string; unit_amount: number },
): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value ?? '';
  const sealed = await page.evaluate(async () => {
    const response = await fetch('/api/v1/product/select?release=1', {
      headers: { Accept: 'application/json' },
    });
    return ((await response.json()) as { data: { data: string; timestamp: string } }).data;
  });
  const product = ZProductSelect.parse(
    await decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select),
  ).find((p) => p.name === SEEDED_PRODUCT);
  if (!product) throw new Error(`no released product named ${SEEDED_PRODUCT}`);
  const status = await page.evaluate(
    async ({ bearer, body }) => {
      const response = await fetch('/api/v1/price/create', {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { bearer: token, body: { product_id: product.id, ...pack } },
  );
  expect([200, 409]).toContain(status);
}

/** A select answer opened as the recharge page opens it (DESIGN.md §5). */
async function unseal(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(response.status()).toBe(200);
  const sealed = ((await response.json()) as { data: { data: string; timestamp: string } }).data;
  return decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select);
}

/** An order's status as a superuser's order list answers it (for a journey that waits for a delivery). */
export async function orderStatusOf(
  request: APIRequestContext,
  bearer: string,
  orderNum: string,
): Promise<number | undefined> {
  const res = await request.get(`/api/v1/order/?page=1&page_size=5&order_num=${orderNum}`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  const body = (await res.json()) as { data?: { page_data?: { order_status?: number }[] } };
  return body.data?.page_data?.[0]?.order_status;
}

/** A visitor's order (status 3) of the seeded product's first SGD pack, placed as the recharge form places it. */
export async function placeVisitorOrder(
  request: APIRequestContext,
  bigoId: string,
  email: string,
): Promise<string> {
  const product = ZProductSelect.parse(
    await unseal(await request.get('/api/v1/product/select?release=1')),
  ).find((p) => p.name === SEEDED_PRODUCT);
  if (!product) throw new Error(`no released product named ${SEEDED_PRODUCT}`);
  const select = ZPriceSelect.parse(
    await unseal(await request.get(`/api/v1/price/select/${product.id}?localLang=en`)),
  );
  const pack = select.prices.SGD?.[0];
  if (!pack) throw new Error('no SGD pack');
  const eventtime = formatEventTime();
  const payload = {
    game_type: 1,
    game_id: bigoId,
    price_id: pack.id,
    quantity: 1,
    amount: pack.unit_amount,
    amount_game: pack.game_amount,
    pay_currency: 'SGD',
    token: '',
    page_info: 'recharge',
  };
  const res = await request.post('/api/v1/order/', {
    data: {
      data: await encryptWireJson(payload, eventtime, WIRE_CONTEXT.order),
      eventtime,
      email,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { order_num: string } }).data.order_num;
}
