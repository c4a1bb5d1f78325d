import { afterEach, describe, expect, it } from 'vitest';
import dayjs from './dayjs';
import { i18n, setLanguage, storedLanguage } from './i18n';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';

afterEach(() => setLanguage('en'));

describe('language choice', () => {
  it('defaults to English and ignores an unknown stored value', () => {
    expect(storedLanguage()).toBe('en');
    writeLocal(STORAGE_KEYS.lang, 'fr');
    expect(storedLanguage()).toBe('en');
    writeLocal(STORAGE_KEYS.lang, 'zh');
    expect(storedLanguage()).toBe('zh');
  });

  it('switching stores the choice under lang and changes texts, dates and the page language', async () => {
    await setLanguage('zh');

    expect(readLocal(STORAGE_KEYS.lang)).toBe('zh');
    expect(i18n.t('common:notFound.title')).toBe('页面不存在');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2025-03-01').format('MMMM')).toBe('三月');
    expect(document.documentElement.lang).toBe('zh-CN');

    await setLanguage('en');
    expect(i18n.t('common:notFound.title')).toBe('Page not found');
    expect(dayjs.locale()).toBe('en');
  });

  it('loads no English texts beside the Chinese ones (no fallback language; the locale test keeps both complete)', () => {
    expect(i18n.options.fallbackLng).toBe(false);
  });
});
