import { ERROR_CODES } from '@ezrecharge/shared/errors';
import type { ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildResources, DEFAULT_LANGUAGE, LANGUAGES, LOCALE_FILES } from '../lib/i18n';
import { ROUTE_NAMES } from '../lib/routes';

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
