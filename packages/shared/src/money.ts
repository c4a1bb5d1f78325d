/**
 * Money is an integer count of the currency's ISO 4217 minor unit: cents for SGD (2760 = 27.60), whole yen for JPY
 * (500 = ¥500), fils for JOD (1250 = 1.250). SPEC.md §9's "divide by 100" is this rule for the two-decimal
 * currencies it names. Everything that turns an amount into text, or into a gateway's unit, goes through the one
 * table below, so a currency with another exponent can never be charged 100× or 1/100 of its price. All arithmetic
 * is on strings and BigInt, never floats.
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
  { code: 'JPY', name: { en: 'Japanese Yen', zh: '日元' } },
  { code: 'KRW', name: { en: 'South Korean Won', zh: '韩元' } },
  { code: 'JOD', name: { en: 'Jordanian Dinar', zh: '约旦第纳尔' } },
] as const;

export type TCurrency = (typeof CURRENCIES)[number]['code'];
export type TCurrencyInfo = (typeof CURRENCIES)[number];

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as [TCurrency, ...TCurrency[]];

export const isCurrency = (value: unknown): value is TCurrency =>
  typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);

/** The display name of a currency in the UI language. */
export function currencyName(code: TCurrency, lang: 'en' | 'zh'): string {
  const found = CURRENCIES.find((c) => c.code === code);
  return found ? found.name[lang] : code;
}

/**
 * SPEC.md §7/§9 and DESIGN.md §7: the currencies Fiuu's hosted page takes; every other currency goes through Stripe.
 * Which provider takes a currency is the server's to decide (apps/server/src/gateways/payment-providers.ts, one
 * descriptor per provider); this data-only copy serves `priceProblem` below, which the web's price form runs before
 * it sends a price, and the server's registry test checks that the two agree for every shop currency.
 */
export const FIUU_CURRENCIES = ['MYR', 'CNY', 'SGD', 'USD'] as const satisfies readonly TCurrency[];

// ---- ISO 4217 exponents ---------------------------------------------------------------------------------------

/**
 * ISO 4217 minor-unit exponents, from List One as published by SIX, the ISO 4217 maintenance agency (edition of
 * 2024-06-25, the `CcyMnrUnts` column), for every code with a decimal minor unit; codes without one (gold, SDR,
 * the testing code…) are left out. Two codes outside that edition are added because Stripe takes them: STD (the São Tomé dobra's
 * code before STN, exponent 2 when it was withdrawn) and XCG (the Caribbean guilder added after that edition,
 * exponent 2). This covers every presentment currency of Stripe (https://docs.stripe.com/currencies).
 */
const ISO_EXPONENT_GROUPS: ReadonlyArray<readonly [exponent: number, codes: string]> = [
  [0, 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'],
  [
    2,
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD ' +
      'BTN BWP BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD ' +
      'EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR ' +
      'IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP ' +
      'MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN ' +
      'QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB ' +
      'TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD YER ZAR ZMW ZWG ' +
      'STD XCG',
  ],
  [3, 'BHD IQD JOD KWD LYD OMR TND'],
  [4, 'CLF UYW'],
];

const ISO_EXPONENTS: ReadonlyMap<string, number> = new Map(
  ISO_EXPONENT_GROUPS.flatMap(([exponent, codes]) =>
    codes.split(' ').map((code) => [code, exponent] as const),
  ),
);

/** Whether `code` is an ISO 4217 currency with a decimal minor unit (upper case, as ISO writes it). */
export const isIsoCurrency = (code: string): boolean => ISO_EXPONENTS.has(code);

/** The ISO 4217 exponent of a currency: JPY 0, SGD 2, KWD 3. Throws for a code the table does not know. */
export function currencyExponent(code: string): number {
  const exponent = ISO_EXPONENTS.get(code);
  if (exponent === undefined)
    throw new RangeError(`currencyExponent: unknown currency ${JSON.stringify(code)}`);
  return exponent;
}

const pow10 = (n: number): bigint => BigInt(`1${'0'.repeat(n)}`);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

// ---- Text -------------------------------------------------------------------------------------------------------

/**
 * Minor units as a plain decimal with the currency's exponent ('27.60' for SGD 2760, '500' for JPY 500, '1.250' for
 * KWD 1250): no grouping, '.' as separator — the form Fiuu's `amount` and vcode need. Display formatting with
 * grouping belongs to the UI.
 */
export function formatMinor(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError('formatMinor: amount must be a safe integer');
  const exponent = currencyExponent(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount));
  if (exponent === 0) return `${sign}${digits}`;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

const MAJOR_RE = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a non-negative decimal in the currency's major unit into minor units with string arithmetic: SGD '27.6' →
 * 2760, JPY '500' → 500, KWD '1.25' → 1250; '0.1' is 10 and never 10.000000000000002. Returns null for anything that
 * is not an exact number of minor units (SGD '1.005', JPY '5.5'), is not a plain decimal ('', '.5', '1,000', '-1',
 * '1e3'), exceeds the safe integer range, or is in a currency the table does not know. Surrounding white space is
 * ignored; trailing zeros beyond the exponent are accepted (SGD '1.500' → 150, JPY '500.0' → 500).
 */
export function parseMajorToMinor(text: string, currency: string): number | null {
  const exponent = ISO_EXPONENTS.get(currency);
  if (exponent === undefined) return null;
  const m = MAJOR_RE.exec(text.trim());
  if (!m) return null;
  const whole = m[1] ?? '';
  const fraction = m[2] ?? '';
  if (/[^0]/.test(fraction.slice(exponent))) return null;
  const minorDigits = fraction.slice(0, exponent).padEnd(exponent, '0');
  const minor = BigInt(whole) * pow10(exponent) + BigInt(minorDigits || '0');
  if (minor > MAX_SAFE) return null;
  return Number(minor);
}

// ---- Stripe -----------------------------------------------------------------------------------------------------

/**
 * How Stripe's API counts a currency, from https://docs.stripe.com/currencies ("Minor units in API amounts",
 * "Zero-decimal currencies", "Three-decimal currencies", "Special cases"):
 * - amounts are integers in the currency's smallest unit, two decimals unless listed below;
 * - zero-decimal: the list below. MGA is two-decimal in ISO but zero-decimal in Stripe; UGX is zero in both;
 * - three-decimal (BHD JOD KWD OMR TND): the last digit must be 0 ("round amounts to the nearest ten") — we refuse
 *   such a price instead of rounding a buyer's price;
 * - ISK is zero-decimal in ISO, but Stripe keeps it two-decimal for backwards compatibility and wants a multiple
 *   of 100 (whole krónur);
 * - HUF and TWD are two-decimal for charges (zero-decimal only for payouts, which this shop does not make).
 * Any other code whose ISO exponent is not 2 (IQD, LYD, CLF, UYI, UYW) is not a Stripe presentment currency.
 */
const STRIPE_ZERO_DECIMAL = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '),
);
const STRIPE_THREE_DECIMAL = new Set('BHD JOD KWD OMR TND'.split(' '));
const STRIPE_WHOLE_IN_TWO_DECIMALS = new Set(['ISK']);

interface StripeUnit {
  /** Decimals of Stripe's integer amount. */
  exponent: number;
  /** Stripe's amount must be a multiple of this. */
  step: bigint;
}

function stripeUnit(currency: string): StripeUnit | null {
  const code = currency.toUpperCase();
  const iso = ISO_EXPONENTS.get(code);
  if (iso === undefined) return null;
  if (STRIPE_ZERO_DECIMAL.has(code)) return { exponent: 0, step: 1n };
  if (STRIPE_THREE_DECIMAL.has(code)) return { exponent: 3, step: 10n };
  if (STRIPE_WHOLE_IN_TWO_DECIMALS.has(code)) return { exponent: 2, step: 100n };
  return iso === 2 ? { exponent: 2, step: 1n } : null;
}

/** Whether Stripe charges in this currency (any case: Stripe writes codes in lower case). */
export const isStripeCurrency = (currency: string): boolean => stripeUnit(currency) !== null;

/** ISO minor units (a non-negative safe integer) → Stripe's amount, or null when Stripe cannot take it exactly. */
function stripeAmountOf(minor: number, currency: string): number | null {
  const unit = stripeUnit(currency);
  if (!unit || !Number.isSafeInteger(minor) || minor < 0) return null;
  const iso = currencyExponent(currency.toUpperCase());
  let amount = BigInt(minor);
  if (unit.exponent >= iso) {
    amount *= pow10(unit.exponent - iso);
  } else {
    const divisor = pow10(iso - unit.exponent);
    if (amount % divisor !== 0n) return null;
    amount /= divisor;
  }
  if (amount % unit.step !== 0n || amount > MAX_SAFE) return null;
  return Number(amount);
}

/**
 * The `amount` / `unit_amount` Stripe's API wants for `minor` ISO minor units: JPY 500 → 500, SGD 2760 → 2760,
 * ISK 5 → 500, KWD 1250 → 1250. Throws a RangeError when Stripe cannot charge that amount exactly (KWD 1255, a
 * currency Stripe does not take): a price must never be rounded on its way to the buyer.
 */
export function toStripeAmount(minor: number, currency: string): number {
  const amount = stripeAmountOf(minor, currency);
  if (amount === null) {
    throw new RangeError(`toStripeAmount: Stripe cannot charge ${minor} minor units of ${currency} exactly`);
  }
  return amount;
}

/**
 * ISO minor units for an amount Stripe reports (`amount_total`, a refund's `amount`) in `currency` (Stripe's lower
 * case is fine): ISK 500 → 5. Null when the amount is not one Stripe could have charged in that currency or is not
 * a whole number of ISO minor units — such an amount never matches an order.
 */
export function fromStripeAmount(stripeAmount: number, currency: string): number | null {
  const unit = stripeUnit(currency);
  if (!unit || !Number.isSafeInteger(stripeAmount) || stripeAmount < 0) return null;
  let amount = BigInt(stripeAmount);
  if (amount % unit.step !== 0n) return null;
  const iso = currencyExponent(currency.toUpperCase());
  if (unit.exponent >= iso) {
    const divisor = pow10(unit.exponent - iso);
    if (amount % divisor !== 0n) return null;
    amount /= divisor;
  } else {
    amount *= pow10(iso - unit.exponent);
  }
  return amount > MAX_SAFE ? null : Number(amount);
}

// ---- Prices -----------------------------------------------------------------------------------------------------

/**
 * Why a price cannot be charged exactly (null: it can):
 * - `fiuu_two_decimals`: a Fiuu currency, and Fiuu's `amount` takes at most two decimals;
 * - `stripe_three_decimal_tens`: a Stripe three-decimal currency whose last digit is not 0;
 * - `stripe_whole_units`: Stripe takes only whole major units of this currency (ISK; MGA, zero-decimal in Stripe);
 * - `not_chargeable`: no gateway of the shop takes this currency.
 */
export type TPriceProblem =
  | 'fiuu_two_decimals'
  | 'stripe_three_decimal_tens'
  | 'stripe_whole_units'
  | 'not_chargeable';

/**
 * Fiuu's amount rule: its `amount` field takes at most two decimals, so an amount of a currency with more (none of
 * Fiuu's today) must be a whole number of hundredths. `minor` is in ISO minor units.
 */
export function fiuuAmountProblem(minor: number, currency: string): TPriceProblem | null {
  const iso = ISO_EXPONENTS.get(currency);
  if (iso === undefined || !Number.isSafeInteger(minor) || minor < 0) return 'not_chargeable';
  return iso > 2 && BigInt(minor) % pow10(iso - 2) !== 0n ? 'fiuu_two_decimals' : null;
}

/** Stripe's amount rules (see `stripeUnit`): whether Stripe can charge `minor` ISO minor units of `currency` exactly. */
export function stripeAmountProblem(minor: number, currency: string): TPriceProblem | null {
  const iso = ISO_EXPONENTS.get(currency);
  if (iso === undefined || !Number.isSafeInteger(minor) || minor < 0) return 'not_chargeable';
  const unit = stripeUnit(currency);
  if (!unit) return 'not_chargeable';
  if (stripeAmountOf(minor, currency) !== null) return null;
  return unit.exponent === 3 ? 'stripe_three_decimal_tens' : 'stripe_whole_units';
}

/**
 * The check a price passes before it is stored: every price is charged by its gateway (Fiuu for FIUU_CURRENCIES,
 * Stripe otherwise) and mirrored in Stripe's catalogue, so it must be exact for Stripe and, for a Fiuu currency,
 * for Fiuu's two-decimal `amount` too. `minor` is in ISO minor units. The server asks its provider registry
 * (`priceProblem` there), which composes the same rules from the descriptors; a test keeps the two equal.
 */
export function priceProblem(minor: number, currency: string): TPriceProblem | null {
  const fiuu = (FIUU_CURRENCIES as readonly string[]).includes(currency)
    ? fiuuAmountProblem(minor, currency)
    : null;
  return fiuu ?? stripeAmountProblem(minor, currency);
}
