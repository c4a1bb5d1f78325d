import { SELECT_CACHE_MS } from '@ezrecharge/shared/limits';
import type {
  TEncryptedSelect,
  TPriceSelect,
  TProductSelectItem,
} from '@ezrecharge/shared/schemas/catalogue';
import { decryptWireJson, WIRE_CONTEXT } from '@ezrecharge/shared/wire-crypto';
import type { ZodType } from 'zod';
import { ApiError, api } from './api-client';
import { currentLanguage, i18n, type TLanguage } from './i18n';
import { catalogueSchemas, parseWith } from './lazy-schemas';
import { readLocal, removeLocal, STORAGE_KEYS, writeLocal } from './storage';

/**
 * The public catalogue selects (SPEC.md §3, §7, §9; DESIGN.md §5), as the recharge forms read them:
 * GET /api/v1/product/select?release=1 and GET /api/v1/price/select/{productId}?localLang=, whose `data` is
 * wire-encrypted JSON with the server's `timestamp` as event time. Answers are decrypted, checked with the shared
 * schemas and cached in local storage for SELECT_CACHE_MS (5 minutes):
 *
 * - the cache holds the answer as it came over the wire (ciphertext plus its timestamp, the key it opens with),
 *   with the moment this browser stored it; an entry is fresh for 5 minutes of the browser's own clock, so a
 *   visitor whose clock is off still gets a working cache;
 * - `productCache` holds the one product select; `priceCache` holds one entry per product and language, so the
 *   language toggle's `removeLocal(STORAGE_KEYS.priceCache)` drops them all at once (the currency names in it are
 *   localised), and so does any language change while this module is loaded;
 * - an entry that does not parse, decrypt or validate is ignored and replaced by a fresh answer;
 * - a fresh answer that does not decrypt or validate rejects with ApiError kind `invalid_response` and is not
 *   cached.
 */

export interface TSelectOptions {
  signal?: AbortSignal;
  /** No toast for a failed call (the caller reports it). */
  silent?: boolean;
  /** Skip a fresh cache entry and ask the server (the answer is cached again). */
  refresh?: boolean;
}

type TCacheEntry = TEncryptedSelect & { savedAt: number };

/**
 * The schemas the selects are checked with, loaded on first use (lib/lazy-schemas.ts: the recharge page's first
 * load does without zod).
 */
async function buildSchemas() {
  const [catalogue, { envelope }] = await Promise.all([
    catalogueSchemas(),
    import('@ezrecharge/shared/schemas/api'),
  ]);
  return {
    products: catalogue.ZProductSelect as ZodType<TProductSelectItem[]>,
    prices: catalogue.ZPriceSelect as ZodType<TPriceSelect>,
    cacheEntry: catalogue.ZCachedSelect,
    body: envelope(catalogue.ZEncryptedSelect),
  };
}
type TSchemas = Awaited<ReturnType<typeof buildSchemas>>;
let schemas: Promise<TSchemas> | undefined;
function selectSchemas(): Promise<TSchemas> {
  schemas ??= buildSchemas().catch((error: unknown) => {
    schemas = undefined;
    throw error;
  });
  return schemas;
}

/** Milliseconds since the epoch; replaced in tests through `vi.setSystemTime`. */
const now = (): number => Date.now();

function isFresh(entry: TCacheEntry, at: number): boolean {
  const age = at - entry.savedAt;
  // A negative age means the clock went back after saving: the entry's age is unknown, so it is stale.
  return age >= 0 && age < SELECT_CACHE_MS;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function invalidAnswer(cause: unknown): ApiError {
  return new ApiError({ kind: 'invalid_response', message: i18n.t('common:errors.undefined'), cause });
}

/** Opens an encrypted select and checks its shape; throws ApiError `invalid_response` when either fails. */
async function openSelect<T>(sealed: TEncryptedSelect, schema: ZodType<T>): Promise<T> {
  let value: unknown;
  try {
    value = await decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select);
  } catch (cause) {
    throw invalidAnswer(cause);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidAnswer(parsed.error);
  return parsed.data;
}

/** The cached value if the entry is fresh and still opens; undefined otherwise (the caller refetches). */
async function readEntry<T>(raw: unknown, schema: ZodType<T>): Promise<T | undefined> {
  const entry = (await selectSchemas()).cacheEntry.safeParse(raw);
  if (!entry.success || !isFresh(entry.data, now())) return undefined;
  try {
    return await openSelect(entry.data, schema);
  } catch {
    return undefined;
  }
}

/** The answer's envelope, checked once the schemas are in; they start loading as the request goes out. */
const parseSealed = parseWith(selectSchemas, (schemas) => schemas.body);

async function fetchSealed(path: string, query: Record<string, string>, options: TSelectOptions) {
  const body = await api.get(path, {
    query,
    signal: options.signal,
    silent: options.silent,
    parse: parseSealed,
  });
  return body.data;
}

// ---------------------------------------------------------------------------------------------------------
// Products

/** The released products (SPEC.md §7 GET /product/select?release), newest first. */
export async function loadProductSelect(options: TSelectOptions = {}): Promise<TProductSelectItem[]> {
  // Without a stored answer the request goes out at once; the schemas load beside it (a first visit's page waits
  // for the one or the other, not both in turn).
  const stored = options.refresh ? undefined : parseJson(readLocal(STORAGE_KEYS.productCache));
  if (stored !== undefined) {
    const cached = await readEntry(stored, (await selectSchemas()).products);
    if (cached) return cached;
  }
  const sealed = await fetchSealed('/api/v1/product/select', { release: '1' }, options);
  const products = await openSelect(sealed, (await selectSchemas()).products);
  const entry: TCacheEntry = { ...sealed, savedAt: now() };
  writeLocal(STORAGE_KEYS.productCache, JSON.stringify(entry));
  return products;
}

// ---------------------------------------------------------------------------------------------------------
// Prices

/** The key of one product's prices in one language inside the `priceCache` entry. */
export const priceCacheKey = (productId: number, lang: TLanguage): string => `${productId}:${lang}`;

function readPriceCache(): Record<string, unknown> {
  const stored = parseJson(readLocal(STORAGE_KEYS.priceCache));
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
    ? (stored as Record<string, unknown>)
    : {};
}

/** Stores one entry and drops the stale ones, so the map stays as small as what a visitor looked at lately. */
function writePriceCache(key: string, entry: TCacheEntry, schemas: TSchemas): void {
  const at = now();
  const kept: Record<string, TCacheEntry> = { [key]: entry };
  for (const [other, value] of Object.entries(readPriceCache())) {
    const parsed = schemas.cacheEntry.safeParse(value);
    if (other !== key && parsed.success && isFresh(parsed.data, at)) kept[other] = parsed.data;
  }
  writeLocal(STORAGE_KEYS.priceCache, JSON.stringify(kept));
}

/**
 * A released product's prices (SPEC.md §7 GET /price/select/{productId}?localLang): currencies with their names in
 * `lang` (default: the active language) and the packs per currency code, by diamonds ascending.
 */
export async function loadPriceSelect(
  productId: number,
  options: TSelectOptions & { lang?: TLanguage } = {},
): Promise<TPriceSelect> {
  const lang = options.lang ?? currentLanguage();
  const key = priceCacheKey(productId, lang);
  const stored = options.refresh ? undefined : readPriceCache()[key];
  if (stored !== undefined) {
    const cached = await readEntry(stored, (await selectSchemas()).prices);
    if (cached) return cached;
  }
  const sealed = await fetchSealed(`/api/v1/price/select/${productId}`, { localLang: lang }, options);
  const schemas = await selectSchemas();
  const prices = await openSelect(sealed, schemas.prices);
  writePriceCache(key, { ...sealed, savedAt: now() }, schemas);
  return prices;
}

/** Forgets every cached price select (all products, all languages). */
export function clearPriceSelectCache(): void {
  removeLocal(STORAGE_KEYS.priceCache);
}

/** Forgets both selects, e.g. after an administrator changed the catalogue in this browser. */
export function clearSelectCaches(): void {
  removeLocal(STORAGE_KEYS.productCache);
  clearPriceSelectCache();
}

// The price select carries currency names in one language; a language change makes the cached ones wrong to show.
i18n.on('languageChanged', clearPriceSelectCache);
