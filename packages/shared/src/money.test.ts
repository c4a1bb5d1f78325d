import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  currencyName,
  FIUU_CURRENCIES,
  formatMinor,
  isCurrency,
  parseMajorToMinor,
  paymentGatewayFor,
  ZCurrency,
  ZMinorAmount,
} from './money';

describe('currencies', () => {
  it('supports the shop currencies with English and Chinese names', () => {
    expect([...CURRENCY_CODES]).toEqual(['SGD', 'MYR', 'USD', 'CNY', 'HKD', 'THB', 'PHP', 'IDR']);
    for (const c of CURRENCIES) {
      expect(c.name.en.length).toBeGreaterThan(0);
      expect(c.name.zh.length).toBeGreaterThan(0);
    }
    expect(currencyName('SGD', 'en')).toBe('Singapore Dollar');
    expect(currencyName('SGD', 'zh')).toBe('新加坡元');
  });

  it('accepts only known codes, in upper case', () => {
    expect(ZCurrency.parse('MYR')).toBe('MYR');
    for (const bad of ['myr', 'EUR', '', 1]) {
      expect(ZCurrency.safeParse(bad).success).toBe(false);
      expect(isCurrency(bad)).toBe(false);
    }
  });

  it('routes MYR, CNY, SGD and USD to Fiuu and the rest to Stripe', () => {
    expect([...FIUU_CURRENCIES]).toEqual(['MYR', 'CNY', 'SGD', 'USD']);
    const routes = Object.fromEntries(CURRENCY_CODES.map((c) => [c, paymentGatewayFor(c)]));
    expect(routes).toEqual({
      SGD: 'fiuu',
      MYR: 'fiuu',
      USD: 'fiuu',
      CNY: 'fiuu',
      HKD: 'stripe',
      THB: 'stripe',
      PHP: 'stripe',
      IDR: 'stripe',
    });
  });
});

describe('formatMinor', () => {
  it.each([
    [2760, '27.60'],
    [123400, '1234.00'],
    [1, '0.01'],
    [10, '0.10'],
    [0, '0.00'],
    [-505, '-5.05'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%i → %s', (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
  });

  it('refuses fractions of a minor unit and unsafe numbers', () => {
    expect(() => formatMinor(1.5)).toThrow(RangeError);
    expect(() => formatMinor(Number.NaN)).toThrow(RangeError);
    expect(() => formatMinor(2 ** 53)).toThrow(RangeError);
  });
});

describe('parseMajorToMinor', () => {
  it.each([
    ['27.6', 2760],
    ['27.60', 2760],
    ['0.1', 10],
    ['0.29', 29],
    ['1.15', 115],
    ['1234', 123400],
    ['007.5', 750],
    ['1.500', 150],
    ['0', 0],
    [' 9.99 ', 999],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('%j → %i', (text, minor) => {
    expect(parseMajorToMinor(text)).toBe(minor);
  });

  it.each([
    '1.005',
    '0.001',
    '',
    ' ',
    '.5',
    '5.',
    '-1',
    '+1',
    '1,000',
    '1e3',
    'abc',
    '1.2.3',
    '90071992547409.92',
  ])('%j → null', (text) => {
    expect(parseMajorToMinor(text)).toBeNull();
  });

  it('round-trips with formatMinor', () => {
    for (const minor of [1, 99, 100, 2760, 199999, 123456789]) {
      expect(parseMajorToMinor(formatMinor(minor))).toBe(minor);
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
