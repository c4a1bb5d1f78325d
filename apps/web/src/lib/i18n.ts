import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { LANGUAGES, type TLanguage } from '@ezrecharge/shared/support-contact';
import i18next, { type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

export { LANGUAGES, type TLanguage };
export const DEFAULT_LANGUAGE: TLanguage = 'en';
export const DEFAULT_NAMESPACE = 'common';

const DAYJS_LOCALES: Record<TLanguage, string> = { en: 'en', zh: 'zh-cn' };
const HTML_LANG: Record<TLanguage, string> = { en: 'en', zh: 'zh-CN' };

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Turns `{ '../locales/en/common.json': {...} }` into i18next resources, one namespace per file, so a feature
 * adds its strings by dropping `locales/{en,zh}/<feature>.json` beside the others.
 */
export function buildResources(files: Record<string, ResourceKey>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    const bundle = resources[language] ?? {};
    bundle[namespace] = content;
    resources[language] = bundle;
  }
  return resources;
}

export const LOCALE_FILES = import.meta.glob<ResourceKey>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

const resources = buildResources(LOCALE_FILES);

export function storedLanguage(): TLanguage {
  const stored = readLocal(STORAGE_KEYS.lang);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

function applyLanguageSideEffects(language: TLanguage): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  document.documentElement.lang = HTML_LANG[language];
}

const initialLanguage = storedLanguage();
// Resources are bundled, so init completes synchronously (initAsync: false); the promise carries nothing.
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguageSideEffects(initialLanguage);

export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Stores the choice under `lang` and switches texts, dayjs and (through the providers) antd. */
export async function setLanguage(language: TLanguage): Promise<void> {
  writeLocal(STORAGE_KEYS.lang, language);
  applyLanguageSideEffects(language);
  await i18n.changeLanguage(language);
}
