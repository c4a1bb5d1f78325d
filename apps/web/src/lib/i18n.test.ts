import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('texts asked for by key alone', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('are read from the loaded texts when plain, without working them out in i18next', () => {
    const worked = vi.spyOn(i18n, 't');

    expect(i18n.getFixedT('en', 'common')('notFound.title')).toBe('Page not found');
    expect(i18n.getFixedT('en', 'common', 'notFound')('title')).toBe('Page not found');
    expect(i18n.getFixedT(null, 'common')('notFound.title')).toBe('Page not found');
    expect(worked).not.toHaveBeenCalled();
  });

  it('go to i18next when they take values, name their namespace, or are missing', () => {
    const t = i18n.getFixedT('en', 'common');
    const worked = vi.spyOn(i18n, 't');

    expect(t('carousel.slideLabel', { current: 2, total: 3 })).toBe('2 of 3');
    expect(t('layout:footer.copyright', { year: 2026, brand: 'EzRecharge' })).toBe(
      '© 2026 EzRecharge. All rights reserved.',
    );
    expect(t('no.such.text')).toBe('no.such.text');
    expect(worked).toHaveBeenCalled();
  });

  it('with markers are worked out by i18next even when asked for by key alone', () => {
    i18n.addResourceBundle('en', 'probe', {
      plain: 'Plain',
      values: 'Hello {{name}}',
      nested: 'See $t(plain)',
    });
    const t = i18n.getFixedT('en', 'probe');
    const worked = vi.spyOn(i18n, 't');

    expect(t('nested')).toBe('See Plain');
    t('values');
    expect(worked.mock.calls.map(([key]) => key)).toEqual(expect.arrayContaining(['nested', 'values']));
    expect(t('plain')).toBe('Plain');
  });

  it('follow texts that arrive and the language chosen', async () => {
    const t = i18n.getFixedT(null, 'arrival');
    // Asked for before its namespace came: the bare key, as i18next answers.
    expect(t('title')).toBe('title');

    i18n.addResourceBundle('en', 'arrival', { title: 'Arrived' });
    i18n.addResourceBundle('zh', 'arrival', { title: '已到' });
    expect(t('title')).toBe('Arrived');

    await setLanguage('zh');
    expect(t('title')).toBe('已到');
    expect(i18n.getFixedT('zh', 'common')('notFound.title')).toBe('页面不存在');
  });
});
