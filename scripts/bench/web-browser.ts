/**
 * What the buyer's-page benches share (web.ts, web-inp.ts, web-tasks.ts): Debian Chromium and its flags, Lighthouse's
 * phone screen, and their numeric options.
 */

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * As root without the sandbox; quiet on this closed network (no background fetches to refuse). Headless is the
 * launcher's to add: puppeteer's `headless: true` does, chrome-launcher takes `--headless=new` (web.ts).
 */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Lighthouse's mobile screen (moto g power), with touch. */
export const PHONE_VIEWPORT = {
  width: 412,
  height: 823,
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
} as const;

/** A whole number of at least 1 from the environment variable `name`, or `fallback` when it is unset or empty. */
export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, not ${raw}`);
  return value;
}
