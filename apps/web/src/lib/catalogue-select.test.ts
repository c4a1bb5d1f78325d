import { SELECT_CACHE_MS } from '@ezrecharge/shared/limits';
import type { TPriceSelect, TProductSelectItem } from '@ezrecharge/shared/schemas/catalogue';
import { encryptWireJson, formatEventTime, WIRE_CONTEXT } from '@ezrecharge/shared/wire-crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, reply, stubApi, type TRecordedCall } from '../test/stub-api';
import { ApiError } from './api-client';
import { clearSelectCaches, loadPriceSelect, loadProductSelect, priceCacheKey } from './catalogue-select';
import { setLanguage } from './i18n';
import { readLocal, STORAGE_KEYS, writeLocal } from './storage';
import { clearToasts, currentToasts, subscribeToasts } from './toast';

const PRODUCTS: TProductSelectItem[] = [
  {
    id: 4,
    name: 'BIGO Diamonds',
    code: 'bigo',
    image: '/api/v1/attachment/download?file_path=product/a.png',
    comment: '',
    description: 'Diamonds for BIGO LIVE',
    pay_note: 'Delivered in two minutes',
  },
];

const pricesIn = (lang: 'en' | 'zh'): TPriceSelect => ({
  currencies: [
    { code: 'SGD', name: lang === 'zh' ? '新加坡元' : 'Singapore Dollar' },
    { code: 'MYR', name: lang === 'zh' ? '马来西亚林吉特' : 'Malaysian Ringgit' },
  ],
  prices: {
    SGD: [
      { id: 1, currency: 'SGD', game_amount: 100, unit_amount: 250 },
      { id: 2, currency: 'SGD', game_amount: 42_000, unit_amount: 99_900 },
    ],
    MYR: [{ id: 3, currency: 'MYR', game_amount: 100, unit_amount: 790 }],
  },
});

/** The server's answer: `value` wire-encrypted with the event time of this moment, as DESIGN.md §5 says. */
async function sealed(value: unknown) {
  const timestamp = formatEventTime(new Date());
  return ok({ data: await encryptWireJson(value, timestamp, WIRE_CONTEXT.select), timestamp });
}

const START = new Date('2025-06-01T04:00:00.000Z');
const toasts: string[] = [];
let unsubscribe = () => {};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  await setLanguage('en');
  unsubscribe = subscribeToasts(() => {
    toasts.length = 0;
    toasts.push(
      ...currentToasts()
        .filter((item) => item.kind === 'error')
        .map((item) => item.text),
    );
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  unsubscribe();
  clearToasts();
  toasts.length = 0;
});

describe('product select', () => {
  it('decrypts and validates the released products, and asks the server once within 5 minutes', async () => {
    const api = stubApi({ 'GET /api/v1/product/select': () => sealed(PRODUCTS) });

    expect(await loadProductSelect()).toEqual(PRODUCTS);
    expect(api.calls[0]?.url.search).toBe('?release=1');
    vi.setSystemTime(START.getTime() + SELECT_CACHE_MS - 1);
    expect(await loadProductSelect()).toEqual(PRODUCTS);

    expect(api.callsTo('GET /api/v1/product/select')).toHaveLength(1);
    // The cache holds the answer as it travelled: ciphertext and the timestamp it opens with.
    const stored = JSON.parse(readLocal(STORAGE_KEYS.productCache) ?? '{}') as Record<string, unknown>;
    expect(stored.timestamp).toMatch(/^\d{14}$/);
    expect(stored.savedAt).toBe(START.getTime());
    expect(JSON.stringify(stored)).not.toContain('BIGO Diamonds');
  });

  it('asks the server again once the entry is 5 minutes old, and caches the new answer', async () => {
    let name = 'BIGO Diamonds';
    const api = stubApi({
      'GET /api/v1/product/select': () => sealed(PRODUCTS.map((p) => ({ ...p, name }))),
    });
    await loadProductSelect();

    name = 'BIGO Diamonds (new)';
    vi.setSystemTime(START.getTime() + SELECT_CACHE_MS);
    expect((await loadProductSelect())[0]?.name).toBe('BIGO Diamonds (new)');
    expect(api.callsTo('GET /api/v1/product/select')).toHaveLength(2);

    vi.setSystemTime(START.getTime() + SELECT_CACHE_MS + 1000);
    expect((await loadProductSelect())[0]?.name).toBe('BIGO Diamonds (new)');
    expect(api.callsTo('GET /api/v1/product/select')).toHaveLength(2);
  });

  it('does not trust an entry saved "in the future" (the clock went back)', async () => {
    const api = stubApi({ 'GET /api/v1/product/select': () => sealed(PRODUCTS) });
    await loadProductSelect();
    vi.setSystemTime(START.getTime() - 60_000);
    await loadProductSelect();
    expect(api.callsTo('GET /api/v1/product/select')).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{oops'],
    ['the wrong shape', JSON.stringify({ products: [] })],
    [
      'a ciphertext that does not open',
      JSON.stringify({ data: 'AAAA', timestamp: '20250601120000', savedAt: 0 }),
    ],
  ])('ignores a cache entry that is %s and fetches a fresh one', async (_what, raw) => {
    vi.setSystemTime(new Date(0));
    writeLocal(STORAGE_KEYS.productCache, raw);
    vi.setSystemTime(START);
    const api = stubApi({ 'GET /api/v1/product/select': () => sealed(PRODUCTS) });

    expect(await loadProductSelect()).toEqual(PRODUCTS);
    expect(api.callsTo('GET /api/v1/product/select')).toHaveLength(1);
    expect(JSON.parse(readLocal(STORAGE_KEYS.productCache) ?? '{}')).toMatchObject({
      savedAt: START.getTime(),
    });
  });

  it('ignores a fresh entry whose content no longer validates', async () => {
    const timestamp = formatEventTime(START);
    const data = await encryptWireJson([{ id: 'not a number' }], timestamp, WIRE_CONTEXT.select);
    writeLocal(STORAGE_KEYS.productCache, JSON.stringify({ data, timestamp, savedAt: START.getTime() }));
    const api = stubApi({ 'GET /api/v1/product/select': () => sealed(PRODUCTS) });

    expect(await loadProductSelect()).toEqual(PRODUCTS);
    expect(api.calls).toHaveLength(1);
  });

  it('rejects an answer that does not decrypt, and caches nothing', async () => {
    stubApi({
      'GET /api/v1/product/select': async () => {
        const timestamp = formatEventTime(START);
        // Encrypted for another context: the select key cannot open it.
        return ok({ data: await encryptWireJson(PRODUCTS, timestamp, WIRE_CONTEXT.order), timestamp });
      },
    });

    const error = await loadProductSelect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid_response', message: 'Undefined Error' });
    expect(readLocal(STORAGE_KEYS.productCache)).toBeNull();
  });

  it('rejects an answer that decrypts to something else than products', async () => {
    stubApi({ 'GET /api/v1/product/select': () => sealed({ hello: 'world' }) });
    await expect(loadProductSelect()).rejects.toMatchObject({ kind: 'invalid_response' });
    expect(readLocal(STORAGE_KEYS.productCache)).toBeNull();
  });

  it('passes a server failure on (toasted by the API client unless silent)', async () => {
    stubApi({ 'GET /api/v1/product/select': () => reply(500, { message: 'Boom', detail: '', code: '' }) });
    await expect(loadProductSelect()).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(toasts).toEqual(['Boom']);

    await expect(loadProductSelect({ silent: true })).rejects.toMatchObject({ status: 500 });
    expect(toasts).toEqual(['Boom']);
  });

  it('asks the server despite a fresh entry when told to refresh', async () => {
    const api = stubApi({ 'GET /api/v1/product/select': () => sealed(PRODUCTS) });
    await loadProductSelect();
    await loadProductSelect({ refresh: true });
    expect(api.calls).toHaveLength(2);
  });
});

describe('price select', () => {
  const byLanguage = (call: TRecordedCall) =>
    sealed(pricesIn(call.url.searchParams.get('localLang') === 'zh' ? 'zh' : 'en'));

  it('asks in the active language and caches per product and language under one key', async () => {
    const api = stubApi({
      'GET /api/v1/price/select/4': byLanguage,
      'GET /api/v1/price/select/5': byLanguage,
    });

    expect(await loadPriceSelect(4)).toEqual(pricesIn('en'));
    expect(await loadPriceSelect(5)).toEqual(pricesIn('en'));
    expect(await loadPriceSelect(4, { lang: 'zh' })).toEqual(pricesIn('zh'));
    expect(await loadPriceSelect(4)).toEqual(pricesIn('en'));

    expect(api.calls.map((call) => `${call.path}${call.url.search}`)).toEqual([
      '/api/v1/price/select/4?localLang=en',
      '/api/v1/price/select/5?localLang=en',
      '/api/v1/price/select/4?localLang=zh',
    ]);
    const stored = JSON.parse(readLocal(STORAGE_KEYS.priceCache) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(
      [priceCacheKey(4, 'en'), priceCacheKey(4, 'zh'), priceCacheKey(5, 'en')].sort(),
    );
  });

  it('refetches an expired entry and drops other expired entries when it stores', async () => {
    const api = stubApi({
      'GET /api/v1/price/select/4': byLanguage,
      'GET /api/v1/price/select/5': byLanguage,
    });
    await loadPriceSelect(4);
    await loadPriceSelect(5);

    vi.setSystemTime(START.getTime() + SELECT_CACHE_MS + 1);
    await loadPriceSelect(4);

    expect(api.calls).toHaveLength(3);
    const stored = JSON.parse(readLocal(STORAGE_KEYS.priceCache) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual([priceCacheKey(4, 'en')]);
  });

  it('ignores a corrupt price cache', async () => {
    writeLocal(STORAGE_KEYS.priceCache, JSON.stringify({ [priceCacheKey(4, 'en')]: { data: 1 } }));
    const api = stubApi({ 'GET /api/v1/price/select/4': byLanguage });
    expect(await loadPriceSelect(4)).toEqual(pricesIn('en'));
    expect(api.calls).toHaveLength(1);

    writeLocal(STORAGE_KEYS.priceCache, '[1, 2');
    expect(await loadPriceSelect(4)).toEqual(pricesIn('en'));
    expect(api.calls).toHaveLength(2);
  });

  it('forgets the price cache when the language changes, since it holds localised currency names', async () => {
    const api = stubApi({ 'GET /api/v1/price/select/4': byLanguage });
    await loadPriceSelect(4);
    await setLanguage('zh');
    expect(readLocal(STORAGE_KEYS.priceCache)).toBeNull();

    expect(await loadPriceSelect(4)).toEqual(pricesIn('zh'));
    expect(api.calls.map((call) => call.url.searchParams.get('localLang'))).toEqual(['en', 'zh']);
  });

  it('rejects prices that do not validate', async () => {
    stubApi({
      'GET /api/v1/price/select/4': () =>
        sealed({ currencies: [{ code: 'ZZZ', name: 'Nowhere' }], prices: {} }),
    });
    await expect(loadPriceSelect(4)).rejects.toMatchObject({ kind: 'invalid_response' });
    expect(readLocal(STORAGE_KEYS.priceCache)).toBeNull();
  });

  it('clearSelectCaches forgets both selects', async () => {
    const api = stubApi({
      'GET /api/v1/product/select': () => sealed(PRODUCTS),
      'GET /api/v1/price/select/4': byLanguage,
    });
    await loadProductSelect();
    await loadPriceSelect(4);
    clearSelectCaches();
    await loadProductSelect();
    await loadPriceSelect(4);
    expect(api.calls).toHaveLength(4);
  });
});

describe('a first visit (nothing stored)', () => {
  afterEach(() => {
    vi.doUnmock('./lazy-schemas');
    vi.resetModules();
  });

  it('sends both requests before the schemas have loaded, and checks the answers once they have', async () => {
    // The schema module held back, as on a slow connection: the requests must not wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.resetModules();
    vi.doMock('./lazy-schemas', async (importOriginal) => {
      const original = await importOriginal<typeof import('./lazy-schemas')>();
      const catalogueSchemas = async () => {
        await held;
        return original.catalogueSchemas();
      };
      return { ...original, catalogueSchemas };
    });
    const fresh = await import('./catalogue-select');
    const api = stubApi({
      'GET /api/v1/product/select': () => sealed(PRODUCTS),
      'GET /api/v1/price/select/4': () => sealed(pricesIn('en')),
    });

    const products = fresh.loadProductSelect();
    const prices = fresh.loadPriceSelect(4);
    await vi.waitFor(() => expect(api.calls).toHaveLength(2));
    release();

    expect(await products).toEqual(PRODUCTS);
    expect(await prices).toEqual(pricesIn('en'));
  });
});
