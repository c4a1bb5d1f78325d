import { LANGUAGES, type TLanguage } from '@ezrecharge/shared/support-contact';
import i18next, { type BackendModule, type ResourceKey, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocal, STORAGE_KEYS, writeLanguageCookie, writeLocal } from './storage';

export { LANGUAGES, type TLanguage };
export const DEFAULT_LANGUAGE: TLanguage = 'en';
export const DEFAULT_NAMESPACE = 'common';
/** Texts every page uses (the layouts, API errors, form messages): loaded before the first render. */
export const CORE_NAMESPACES = ['common', 'layout', 'validation'] as const;

const HTML_LANG: Record<TLanguage, string> = { en: 'en', zh: 'zh-CN' };

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * One chunk per language and namespace (`locales/{en,zh}/<feature>.json`): a page downloads only its own texts in
 * the active language (issue #14), the console its namespaces when it opens (lib/routes.ts says which).
 */
const LOCALE_LOADERS = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

/** Every namespace there is (file names under locales/en). */
export const ALL_NAMESPACES: readonly string[] = Object.keys(LOCALE_LOADERS)
  .map((file) => /\/locales\/en\/([^/]+)\.json$/.exec(file)?.[1])
  .filter((name): name is string => name !== undefined);

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const load = LOCALE_LOADERS[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function storedLanguage(): TLanguage {
  const stored = readLocal(STORAGE_KEYS.lang);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

export function htmlLang(language: TLanguage): string {
  return HTML_LANG[language];
}

function applyLanguageSideEffects(language: TLanguage): void {
  // Absent when the prerender (app/prerender.tsx) runs this module in Node.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[language];
  // The server picks the prerendered page's language by this cookie; written on every start, so it follows `lang`.
  writeLanguageCookie(language);
}

/** Markers of a text i18next must work on: values to put in (`{{count}}`) or another text nested (`$t(key)`). */
const NEEDS_I18NEXT = /\{\{|\$t\(/;

/**
 * A plain text asked for by its key alone is read straight from the loaded texts (issue #14). i18next works every
 * call out in full (options merged twice, key parsed, languages resolved, the text scanned for values and nesting):
 * about a tenth of a millisecond a text on a phone, and a page asks for a few hundred texts as it renders. The `t` of
 * useTranslation (i18n.getFixedT) answers a call with one key, in one namespace and language and without values,
 * from the store when the text there is a plain string; anything else (values, a count, a context, another
 * namespace named in the key, a text with markers, a missing text) goes to i18next as before. With no fallback
 * language and no post-processing (init below) both ways give the same string.
 */
const workOutFixedT = i18n.getFixedT.bind(i18n);
i18n.getFixedT = ((...scope: Parameters<typeof i18n.getFixedT>) => {
  const fixed = workOutFixedT(...scope);
  const translate = fixed as unknown as (...call: unknown[]) => unknown;
  const [lng, ns, keyPrefix] = scope;
  const plain = (...call: unknown[]): unknown => {
    const [key] = call;
    if (
      call.length === 1 &&
      typeof key === 'string' &&
      !key.includes(':') &&
      typeof ns === 'string' &&
      (lng === null || lng === undefined || typeof lng === 'string') &&
      (keyPrefix === undefined || typeof keyPrefix === 'string')
    ) {
      const text: unknown = i18n.getResource(
        lng ?? i18n.language,
        ns,
        keyPrefix ? `${keyPrefix}.${key}` : key,
      );
      if (typeof text === 'string' && !NEEDS_I18NEXT.test(text)) return text;
    }
    return translate(...call);
  };
  // The fixed function's own fields (lng, lngs, ns, keyPrefix), which react-i18next reads.
  return Object.assign(plain, fixed) as unknown as TFunction;
}) as typeof i18n.getFixedT;

const initialLanguage = storedLanguage();
/**
 * Resolves when the core texts of the stored language are in. No fallback language: the locale test keeps both
 * languages complete, and a fallback would download the English texts beside the Chinese ones.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: [...CORE_NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
  });
applyLanguageSideEffects(initialLanguage);

/** Loads the texts of these namespaces in the active language (resolves at once when they are in). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Stores the choice under `lang` and switches texts (loading the new language's namespaces) and dates (lib/dayjs). */
export async function setLanguage(language: TLanguage): Promise<void> {
  writeLocal(STORAGE_KEYS.lang, language);
  applyLanguageSideEffects(language);
  await i18n.changeLanguage(language);
}
