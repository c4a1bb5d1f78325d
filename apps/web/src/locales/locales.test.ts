import { ERROR_CODES } from '@ezrecharge/shared/errors';
import { ORDER_NOTES } from '@ezrecharge/shared/order-notes';
import type { ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../lib/i18n';
import { ROUTE_NAMES } from '../lib/routes';
import { buildResources, LOCALE_FILES } from '../test/locale-files';

/**
 * Every text exists in every language (SPEC.md §1: en and zh). Reads the same files the app loads, so a
 * namespace added later (`locales/{en,zh}/<feature>.json`) is checked without touching this test.
 */
const resources = buildResources(LOCALE_FILES);

function flatten(
  value: ResourceKey | unknown,
  prefix = '',
  into = new Map<string, unknown>(),
): Map<string, unknown> {
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string'
    ? [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort()
    : [];
}

const namespaces = [
  ...new Set(LANGUAGES.flatMap((language) => Object.keys(resources[language] ?? {}))),
].sort();

describe('locale files', () => {
  it('exist for both languages', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(Object.keys(resources[language] ?? {}).sort(), `namespaces of ${language}`).toEqual(namespaces);
    }
  });

  it.each(namespaces)('namespace %s has the same keys and placeholders in every language', (namespace) => {
    const reference = flatten(resources[DEFAULT_LANGUAGE]?.[namespace]);
    for (const language of LANGUAGES) {
      const other = flatten(resources[language]?.[namespace]);
      const missing = [...reference.keys()].filter((key) => !other.has(key));
      const extra = [...other.keys()].filter((key) => !reference.has(key));
      expect(missing, `keys of ${DEFAULT_LANGUAGE}/${namespace}.json missing from ${language}`).toEqual([]);
      expect(extra, `keys of ${language}/${namespace}.json missing from ${DEFAULT_LANGUAGE}`).toEqual([]);
      for (const [key, text] of other) {
        expect(
          typeof text === 'string' ? text.trim() : text,
          `${language}/${namespace}:${key} is empty`,
        ).not.toBe('');
        expect(placeholders(text), `placeholders of ${language}/${namespace}:${key}`).toEqual(
          placeholders(reference.get(key)),
        );
      }
    }
  });

  it('name every route and every server error code', () => {
    for (const language of LANGUAGES) {
      const common = flatten(resources[language]?.common);
      for (const name of ROUTE_NAMES)
        expect(common.has(`routes.${name}`), `${language} routes.${name}`).toBe(true);
      for (const code of ERROR_CODES)
        expect(common.has(`errors.${code}`), `${language} errors.${code}`).toBe(true);
    }
  });
});

describe('order notes (issue #32)', () => {
  const catalogue = Object.entries(ORDER_NOTES);
  /** The catalogue's `{name}` placeholders, as the locale files write them (`{{name}}`). */
  const named = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

  it.each(LANGUAGES)('every note the server writes has a text in %s, with the same values', (language) => {
    const notes = flatten(resources[language]?.['order-notes']);
    const missing = catalogue.filter(([key]) => !notes.has(`notes.${key}`)).map(([key]) => key);
    expect(
      missing,
      `notes of packages/shared order-notes.ts missing from ${language}/order-notes.json`,
    ).toEqual([]);
    for (const [key, english] of catalogue) {
      expect(placeholders(notes.get(`notes.${key}`)), `values of ${language} notes.${key}`).toEqual(
        named(english),
      );
    }
    const retired = [...notes.keys()].filter(
      (key) => key.startsWith('notes.') && !(key.slice(6) in ORDER_NOTES),
    );
    expect(retired, `${language}/order-notes.json notes that are not in the catalogue`).toEqual([]);
  });
});

/** Han characters and CJK punctuation: the neighbours that make a half-width mark out of place. */
const CJK = String.raw`[\p{Script=Han}\u3000-\u303f\uff00-\uffef]`;
/** A half-width , : ; ! ? ( ) with a Chinese character or mark right before or after it (spaces aside). */
const HALF_WIDTH_IN_CHINESE = new RegExp(String.raw`${CJK}\s*[,:;!?()]|[,:;!?()]\s*${CJK}`, 'u');

function misspellsBigoId(text: string): boolean {
  const spellings = text.match(/\bbigo\s*id\b/gi) ?? [];
  return /\bgame\s*id\b|游戏\s*ID/i.test(text) || spellings.some((spelling) => spelling !== 'BIGO ID');
}

describe('words (issue #13)', () => {
  const texts = LANGUAGES.flatMap((language) =>
    namespaces.flatMap((namespace) =>
      [...flatten(resources[language]?.[namespace])].map(([key, text]) => ({
        where: `${language}/${namespace}:${key}`,
        language,
        text: typeof text === 'string' ? text : '',
      })),
    ),
  );

  it('spell the BIGO ID "BIGO ID", never "Bigo ID" or "Game ID"', () => {
    const wrong = texts.filter(({ text }) => misspellsBigoId(text));
    expect(wrong.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it('say "verification code" where the API says captcha', () => {
    const wrong = texts.filter(({ text }) => /captcha/i.test(text));
    expect(wrong.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it('use full-width punctuation in Chinese', () => {
    const wrong = texts.filter(({ language, text }) => language === 'zh' && HALF_WIDTH_IN_CHINESE.test(text));
    expect(wrong.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it('catch what they are meant to catch', () => {
    for (const wrong of ['Your Bigo ID', 'bigo id', 'BIGO  id', 'Game ID', '游戏 ID']) {
      expect(misspellsBigoId(wrong), wrong).toBe(true);
    }
    expect(misspellsBigoId('Your BIGO ID, on BIGO LIVE')).toBe(false);
    expect(HALF_WIDTH_IN_CHINESE.test('请输入邮箱,我们会发送验证码')).toBe(true);
    expect(HALF_WIDTH_IN_CHINESE.test('注意: 区分大小写')).toBe(true);
    expect(HALF_WIDTH_IN_CHINESE.test('您确定吗?')).toBe(true);
    expect(HALF_WIDTH_IN_CHINESE.test('（UTC+8）时间(北京)')).toBe(true);
    // Numbers, the "ID:" label quoted from the app, times, placeholders and addresses keep theirs.
    for (const fine of [
      '不超过 100,000 颗钻石',
      '不要包含“ID:”前缀。',
      'YYYY年M月D日 HH:mm',
      '{{label}}：{{count}}',
      '请访问 https://example.com/a?b=1，或发邮件至 a@b.com。',
    ]) {
      expect(HALF_WIDTH_IN_CHINESE.test(fine), fine).toBe(false);
    }
  });
});

describe('a page named in links', () => {
  // Issue #32: the footer's "退换与退款政策" linked to a page titled "退货及退款政策" — one page, two names.
  const PAGES = {
    'privacy-policy': 'privacy',
    'terms-conditions': 'terms',
    'refund-policy': 'refund',
  } as const;
  const sameWords = (text: unknown) => String(text).replace(/\s*&\s*/g, ' and ');

  it.each(LANGUAGES)('is called in %s what its page is titled', (language) => {
    const routes = flatten(resources[language]?.common);
    const content = flatten(resources[language]?.content);
    for (const [route, page] of Object.entries(PAGES)) {
      expect(sameWords(routes.get(`routes.${route}`)), route).toBe(sameWords(content.get(`${page}.title`)));
    }
  });
});
