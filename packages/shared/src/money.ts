import { z } from 'zod';
import { MINOR_UNITS_PER_MAJOR } from './limits';

/**
 * Money is an integer count of minor units (SPEC.md §9: divide by 100). Every currency here has two decimals
 * in both gateways' APIs (Fiuu's `amount` is `27.60`; Stripe's `unit_amount` is in cents for all of them),
 * so one rule serves all. Adding a zero-decimal currency (JPY, KRW, VND…) would need a per-currency exponent.
 */

export const CURRENCIES = [
  { code: 'SGD', name: { en: 'Singapore Dollar', zh: '新加坡元' } },
  { code: 'MYR', name: { en: 'Malaysian Ringgit', zh: '马来西亚林吉特' } },
  { code: 'USD', name: { en: 'US Dollar', zh: '美元' } },
  { code: 'CNY', name: { en: 'Chinese Yuan', zh: '人民币' } },
  { code: 'HKD', name: { en: 'Hong Kong Dollar', zh: '港元' } },
  { code: 'THB', name: { en: 'Thai Baht', zh: '泰铢' } },
  { code: 'PHP', name: { en: 'Philippine Peso', zh: '菲律宾比索' } },
  { code: 'IDR', name: { en: 'Indonesian Rupiah', zh: '印尼盾' } },
] as const;

export type TCurrency = (typeof CURRENCIES)[number]['code'];
export type TCurrencyInfo = (typeof CURRENCIES)[number];

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [TCurrency, ...TCurrency[]];

export const ZCurrency = z.enum(CURRENCY_CODES);

export const isCurrency = (value: unknown): value is TCurrency =>
  typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);

/** The display name of a currency in the UI language. */
export function currencyName(code: TCurrency, lang: 'en' | 'zh'): string {
  const found = CURRENCIES.find((c) => c.code === code);
  return found ? found.name[lang] : code;
}

/** SPEC.md §7/§9 and DESIGN.md §7: these go through Fiuu's hosted page; every other currency through Stripe. */
export const FIUU_CURRENCIES = ['MYR', 'CNY', 'SGD', 'USD'] as const satisfies readonly TCurrency[];

export type TPaymentGateway = 'fiuu' | 'stripe';

export function paymentGatewayFor(currency: TCurrency): TPaymentGateway {
  return (FIUU_CURRENCIES as readonly string[]).includes(currency) ? 'fiuu' : 'stripe';
}

/** A price or order amount: a positive whole number of minor units, small enough to stay exact in JSON. */
export const ZMinorAmount = z.int().positive();
export type TMinorAmount = z.infer<typeof ZMinorAmount>;

/**
 * Minor units as a plain decimal with two places ('27.60', '1234.00'): no grouping, '.' as separator — the
 * form Fiuu's `amount` and vcode need. Display formatting with grouping belongs to the UI (Intl).
 */
export function formatMinor(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError('formatMinor: amount must be a safe integer');
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const cents = abs % MINOR_UNITS_PER_MAJOR;
  // (abs - cents) is an exact multiple of 100, so the division is exact in floating point.
  const major = (abs - cents) / MINOR_UNITS_PER_MAJOR;
  return `${sign}${major}.${String(cents).padStart(2, '0')}`;
}

const MAJOR_RE = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a non-negative decimal like '27.6' into minor units (2760) with string arithmetic, so '0.1' is 10
 * and never 10.000000000000002. Returns null for anything that is not an exact number of minor units
 * ('1.005'), is not a plain decimal ('', '.5', '1,000', '-1', '1e3'), or exceeds the safe integer range.
 * Surrounding white space is ignored; trailing zeros beyond two places are accepted ('1.500' → 150).
 */
export function parseMajorToMinor(text: string): number | null {
  const m = MAJOR_RE.exec(text.trim());
  if (!m) return null;
  const whole = m[1] ?? '';
  const fraction = m[2] ?? '';
  if (/[^0]/.test(fraction.slice(2))) return null;
  const cents = fraction.slice(0, 2).padEnd(2, '0');
  const minor = BigInt(whole) * BigInt(MINOR_UNITS_PER_MAJOR) + BigInt(cents);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(minor);
}
