import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  currencyExponent,
  currencyName,
  FIUU_CURRENCIES,
  formatMinor,
  fromStripeAmount,
  isCurrency,
  isIsoCurrency,
  isStripeCurrency,
  parseMajorToMinor,
  priceProblem,
  toStripeAmount,
} from './money';
import { ZCurrency, ZMinorAmount } from './schemas/codes';

describe('currencies', () => {
  it('supports the shop currencies with English and Chinese names', () => {
    expect([...CURRENCY_CODES]).toEqual([
      'SGD',
      'MYR',
      'USD',
      'CNY',
      'HKD',
      'THB',
      'PHP',
      'IDR',
      'JPY',
      'KRW',
      'JOD',
    ]);
    for (const c of CURRENCIES) {
      expect(c.name.en.length).toBeGreaterThan(0);
      expect(c.name.zh.length).toBeGreaterThan(0);
    }
    expect(currencyName('SGD', 'en')).toBe('Singapore Dollar');
    expect(currencyName('SGD', 'zh')).toBe('新加坡元');
    expect(currencyName('JPY', 'en')).toBe('Japanese Yen');
    expect(currencyName('KRW', 'zh')).toBe('韩元');
  });

  it('accepts only known codes, in upper case', () => {
    expect(ZCurrency.parse('MYR')).toBe('MYR');
    for (const bad of ['myr', 'EUR', '', 1]) {
      expect(ZCurrency.safeParse(bad).success).toBe(false);
      expect(isCurrency(bad)).toBe(false);
    }
  });

  it('keeps the web a copy of the currencies Fiuu takes (the server registry decides; its test compares)', () => {
    expect([...FIUU_CURRENCIES]).toEqual(['MYR', 'CNY', 'SGD', 'USD']);
  });
});

describe('currencyExponent', () => {
  it.each([
    ['JPY', 0],
    ['KRW', 0],
    ['VND', 0],
    ['UGX', 0],
    ['ISK', 0],
    ['IDR', 2],
    ['HUF', 2],
    ['TWD', 2],
    ['MGA', 2],
    ['SGD', 2],
    ['MYR', 2],
    ['USD', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['JOD', 3],
    ['CLF', 4],
  ])('%s has %i decimals (ISO 4217)', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
    expect(isIsoCurrency(code)).toBe(true);
  });

  it('knows every shop currency', () => {
    for (const code of CURRENCY_CODES) expect(isIsoCurrency(code)).toBe(true);
  });

  it('refuses codes it does not know, including lower case and metals', () => {
    for (const bad of ['jpy', 'XAU', 'XXX', 'ABC', '']) {
      expect(isIsoCurrency(bad)).toBe(false);
      expect(() => currencyExponent(bad)).toThrow(RangeError);
    }
  });
});

describe('formatMinor', () => {
  it.each([
    [2760, 'SGD', '27.60'],
    [123400, 'MYR', '1234.00'],
    [1, 'USD', '0.01'],
    [10, 'USD', '0.10'],
    [0, 'SGD', '0.00'],
    [-505, 'SGD', '-5.05'],
    [Number.MAX_SAFE_INTEGER, 'USD', '90071992547409.91'],
    [500, 'JPY', '500'],
    [1234567, 'KRW', '1234567'],
    [0, 'JPY', '0'],
    [150000, 'IDR', '1500.00'],
    [5, 'ISK', '5'],
    [1250, 'KWD', '1.250'],
    [5, 'BHD', '0.005'],
    [-1250, 'JOD', '-1.250'],
  ])('%i %s → %s', (minor, currency, text) => {
    expect(formatMinor(minor, currency)).toBe(text);
  });

  it('refuses fractions of a minor unit, unsafe numbers and unknown currencies', () => {
    expect(() => formatMinor(1.5, 'SGD')).toThrow(RangeError);
    expect(() => formatMinor(Number.NaN, 'SGD')).toThrow(RangeError);
    expect(() => formatMinor(2 ** 53, 'JPY')).toThrow(RangeError);
    expect(() => formatMinor(100, 'XXX')).toThrow(RangeError);
  });
});

describe('parseMajorToMinor', () => {
  it.each([
    ['27.6', 'SGD', 2760],
    ['27.60', 'SGD', 2760],
    ['0.1', 'USD', 10],
    ['0.29', 'USD', 29],
    ['1.15', 'MYR', 115],
    ['1234', 'SGD', 123400],
    ['007.5', 'SGD', 750],
    ['1.500', 'SGD', 150],
    ['0', 'SGD', 0],
    [' 9.99 ', 'SGD', 999],
    ['90071992547409.91', 'USD', Number.MAX_SAFE_INTEGER],
    ['500', 'JPY', 500],
    ['500.00', 'JPY', 500],
    ['1000000', 'KRW', 1000000],
    ['15000', 'IDR', 1500000],
    ['1.25', 'KWD', 1250],
    ['1.255', 'KWD', 1255],
    ['0.005', 'BHD', 5],
    ['5', 'ISK', 5],
  ])('%j %s → %i', (text, currency, minor) => {
    expect(parseMajorToMinor(text, currency)).toBe(minor);
  });

  it.each([
    ['1.005', 'SGD'],
    ['0.001', 'USD'],
    ['5.5', 'JPY'],
    ['0.1', 'KRW'],
    ['5.01', 'ISK'],
    ['1.2555', 'KWD'],
    ['', 'SGD'],
    [' ', 'SGD'],
    ['.5', 'SGD'],
    ['5.', 'SGD'],
    ['-1', 'SGD'],
    ['+1', 'SGD'],
    ['1,000', 'SGD'],
    ['1e3', 'JPY'],
    ['abc', 'SGD'],
    ['1.2.3', 'SGD'],
    ['90071992547409.92', 'USD'],
    ['9007199254740992', 'JPY'],
    ['1', 'XXX'],
    ['1', 'sgd'],
  ])('%j %s → null', (text, currency) => {
    expect(parseMajorToMinor(text, currency)).toBeNull();
  });

  it('round-trips with formatMinor in every exponent', () => {
    for (const currency of ['SGD', 'JPY', 'KWD', 'IDR', 'ISK']) {
      for (const minor of [0, 1, 99, 100, 2760, 199999, 123456789, Number.MAX_SAFE_INTEGER]) {
        expect(parseMajorToMinor(formatMinor(minor, currency), currency)).toBe(minor);
      }
    }
  });
});

describe('Stripe amounts', () => {
  it.each([
    ['JPY', 500, 500],
    ['jpy', 500, 500],
    ['KRW', 10000, 10000],
    ['VND', 25000, 25000],
    ['UGX', 3700, 3700],
    ['IDR', 1500000, 1500000],
    ['HUF', 120050, 120050],
    ['TWD', 9900, 9900],
    ['SGD', 2760, 2760],
    ['MYR', 115, 115],
    ['USD', 1, 1],
    ['ISK', 5, 500],
    ['MGA', 500000, 5000],
    ['KWD', 1250, 1250],
    ['BHD', 10, 10],
  ])('%s: %i minor units are %i for Stripe, and back', (currency, minor, stripe) => {
    expect(toStripeAmount(minor, currency)).toBe(stripe);
    expect(fromStripeAmount(stripe, currency)).toBe(minor);
    expect(isStripeCurrency(currency)).toBe(true);
  });

  it.each([
    ['KWD', 1255],
    ['BHD', 5],
    ['MGA', 550],
    ['IQD', 1000],
    ['CLF', 10000],
    ['UYI', 100],
    ['XXX', 100],
    ['SGD', -1],
    ['SGD', 1.5],
    ['ISK', Number.MAX_SAFE_INTEGER],
  ])('refuses to send %s %s to Stripe', (currency, minor) => {
    expect(() => toStripeAmount(minor, currency)).toThrow(RangeError);
  });

  it.each([
    ['ISK', 550],
    ['KWD', 1255],
    ['JPY', 2.5],
    ['SGD', -100],
    ['IQD', 1000],
    ['usd', Number.NaN],
  ])('reads no order amount from Stripe %s %s', (currency, stripe) => {
    expect(fromStripeAmount(stripe, currency)).toBeNull();
  });

  it('takes no currency Stripe does not present', () => {
    for (const code of ['IQD', 'LYD', 'CLF', 'UYI', 'UYW', 'XAU']) expect(isStripeCurrency(code)).toBe(false);
  });
});

describe('priceProblem', () => {
  it.each([
    [2760, 'SGD'],
    [500, 'JPY'],
    [10000, 'KRW'],
    [1500000, 'IDR'],
    [1250, 'KWD'],
    [1250, 'JOD'],
    [5, 'ISK'],
    [500000, 'MGA'],
  ])('accepts %i %s', (minor, currency) => {
    expect(priceProblem(minor, currency)).toBeNull();
  });

  it('names the rule a price breaks', () => {
    expect(priceProblem(1255, 'KWD')).toBe('stripe_three_decimal_tens');
    expect(priceProblem(1251, 'JOD')).toBe('stripe_three_decimal_tens');
    expect(priceProblem(550, 'MGA')).toBe('stripe_whole_units');
    expect(priceProblem(1000, 'IQD')).toBe('not_chargeable');
    expect(priceProblem(1000, 'XXX')).toBe('not_chargeable');
    expect(priceProblem(-1, 'SGD')).toBe('not_chargeable');
  });

  it('accepts every whole price in the shop’s zero- and two-decimal currencies', () => {
    for (const code of CURRENCY_CODES) {
      if (currencyExponent(code) > 2) continue;
      for (const minor of [1, 7, 99, 101, 123456789]) expect(priceProblem(minor, code)).toBeNull();
    }
  });
});

describe('ZMinorAmount', () => {
  it('accepts positive whole minor units', () => {
    expect(ZMinorAmount.parse(1)).toBe(1);
    expect(ZMinorAmount.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([0, -1, 27.6, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, '2760'])('refuses %j', (value) => {
    expect(ZMinorAmount.safeParse(value).success).toBe(false);
  });
});
