import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { renderApp } from '../test/render-app';
import { documentHead } from './document-head';
import { i18n, LANGUAGES, setLanguage } from './i18n';
import { PUBLIC_ROUTE_NAMES, ROUTE_NAMES, ROUTES } from './routes';

const ADMIN_ROUTE_NAMES = ROUTE_NAMES.filter((name) => ROUTES[name].layout === 'admin');

function tIn(language: string) {
  return i18n.getFixedT(language, 'common');
}

function metaDescription(): string | null | undefined {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content');
}

beforeEach(async () => {
  await setLanguage('en');
});

describe('document head', () => {
  it.each(LANGUAGES)('describes every public page in its own words, in %s', (language) => {
    const t = tIn(language);
    const fallback = t('meta.default');
    const descriptions = PUBLIC_ROUTE_NAMES.map((name) => {
      const { description } = documentHead(name, t);
      // A sentence of the page's own language, not a key, nor the English text through the fallback.
      expect(i18n.exists(`common:meta.${name}`, { lng: language, fallbackLng: false }), name).toBe(true);
      expect(description, name).not.toMatch(/^meta\./);
      expect(description.length, name).toBeGreaterThanOrEqual(40);
      expect(description.length, name).toBeLessThanOrEqual(155);
      expect(description, name).not.toBe(fallback);
      if (language === 'zh') expect(description, name).toMatch(/[\u4e00-\u9fff]/);
      return description;
    });
    expect(new Set(descriptions).size).toBe(PUBLIC_ROUTE_NAMES.length);
  });

  it.each(LANGUAGES)(
    'gives the console and the not-found page the default description, in %s',
    (language) => {
      const t = tIn(language);
      expect(t('meta.default').length).toBeLessThanOrEqual(155);
      for (const name of [...ADMIN_ROUTE_NAMES, null]) {
        expect(documentHead(name, t).description, String(name)).toBe(t('meta.default'));
      }
    },
  );

  it('titles pages as before: the route, then the site', () => {
    expect(documentHead('faq', tIn('en')).title).toBe('FAQ | EzRecharge');
    expect(documentHead('recharge', tIn('zh')).title).toBe('充值 | EzRecharge');
    expect(documentHead(null, tIn('en')).title).toBe('Page not found | EzRecharge');
  });

  it('index.html starts with the default English description', () => {
    const match = /<meta\s+name="description"\s+content="([^"]*)"/.exec(indexHtml);
    expect(match?.[1]).toBe(tIn('en')('meta.default'));
  });

  it('sets the meta description on navigation and on a change of language', async () => {
    const { router, unmount } = renderApp('/about-us');
    await waitFor(() => expect(metaDescription()).toBe(tIn('en')('meta.about-us')));
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);

    await router.navigate('/privacy-policy');
    await waitFor(() => expect(metaDescription()).toBe(tIn('en')('meta.privacy-policy')));
    await waitFor(() => expect(document.title).toBe('Privacy Policy | EzRecharge'));

    await setLanguage('zh');
    await waitFor(() => expect(metaDescription()).toBe(tIn('zh')('meta.privacy-policy')));

    await router.navigate('/no-such-page');
    await waitFor(() => expect(metaDescription()).toBe(tIn('zh')('meta.default')));
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    unmount();
  });
});
