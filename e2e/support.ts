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
