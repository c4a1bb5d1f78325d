/**
 * Long texts live in content.json as arrays and objects (read with `returnObjects: true`). i18next types those
 * loosely, so each shape is checked here once; a malformed locale file fails loudly instead of rendering gaps.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

function expect<T>(value: unknown, guard: (v: unknown) => v is T, key: string): T {
  if (!guard(value)) throw new Error(`content.json: "${key}" does not have the expected shape`);
  return value;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isString);
}

export function toStringList(value: unknown, key: string): string[] {
  return expect(value, isStringArray, key);
}

export interface TTitledText {
  title: string;
  body: string;
}

function isTitledText(value: unknown): value is TTitledText {
  return isRecord(value) && isString(value.title) && isString(value.body);
}

export function toTitledTexts(value: unknown, key: string): TTitledText[] {
  return expect(value, (v): v is TTitledText[] => Array.isArray(v) && v.every(isTitledText), key);
}

export interface TSlideText extends TTitledText {
  alt: string;
}

export function toSlideTexts(value: unknown, key: string): TSlideText[] {
  return expect(
    value,
    (v): v is TSlideText[] =>
      Array.isArray(v) && v.every((item) => isTitledText(item) && isRecord(item) && isString(item.alt)),
    key,
  );
}

export interface TLegalSection {
  heading: string;
  /** Paragraphs before the list. */
  paragraphs: string[];
  /** Bullet points; may be empty. */
  items: string[];
  /** Paragraphs after the list; may be empty. */
  closing: string[];
}

export interface TLegalDocument {
  title: string;
  updated: string;
  intro: string[];
  sections: TLegalSection[];
}

function isLegalSection(value: unknown): value is TLegalSection {
  return (
    isRecord(value) &&
    isString(value.heading) &&
    isStringArray(value.paragraphs) &&
    isStringArray(value.items) &&
    isStringArray(value.closing)
  );
}

function isLegalDocument(value: unknown): value is TLegalDocument {
  return (
    isRecord(value) &&
    isString(value.title) &&
    isString(value.updated) &&
    isStringArray(value.intro) &&
    Array.isArray(value.sections) &&
    value.sections.every(isLegalSection)
  );
}

export function toLegalDocument(value: unknown, key: string): TLegalDocument {
  return expect(value, isLegalDocument, key);
}
