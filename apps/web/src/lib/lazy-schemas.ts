import type { ZodType } from 'zod';
import type { TParse } from './api-client';

/**
 * The shared zod schemas as the storefront's pages use them: loaded on demand (issue #14). zod and the schemas are
 * about 23 KiB (brotli) that a buyer's page does without until it needs them — a form checks its fields with them
 * from the first change or blur on (lib/form-rules.ts `lazyCheck`), a call's answer is checked when it arrives
 * (`parseWith`). The console imports the schemas directly.
 */
export const accountSchemas = () => import('@ezrecharge/shared/schemas/accounts');
export const catalogueSchemas = () => import('@ezrecharge/shared/schemas/catalogue');
export const orderSchemas = () => import('@ezrecharge/shared/schemas/orders');
/** The rewards an order carries (promo code, bonuses, quote): the buyer's pages need no promotion or spin schemas. */
export const orderRewardSchemas = () => import('@ezrecharge/shared/schemas/order-rewards');
export const supportSchemas = () => import('@ezrecharge/shared/schemas/support');
const apiSchemas = () => import('@ezrecharge/shared/schemas/api');

/**
 * Starts loading modules without waiting for them: a failure here is met again, and reported, by the caller that
 * needs them (a dynamic import that failed is tried again on the next call).
 */
function warm(...loads: (() => Promise<unknown>)[]): () => void {
  return () => {
    for (const load of loads) load().catch(() => undefined);
  };
}

/**
 * An api call's `parse`: the body checked against the schema `pick` chooses, once its module has loaded; the
 * module starts loading as the request goes out (lib/api-client.ts `TParse.prepare`).
 */
export function parseWith<TModule, T>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ZodType<T>,
): TParse<T> {
  return Object.assign(async (body: unknown) => pick(await load()).parse(body), { prepare: warm(load) });
}

/** As parseWith, for the `{ message, data }` envelope around the schema's value. */
export function parseEnvelopeWith<TModule, T>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ZodType<T>,
): TParse<{ message: string; message_key?: string; data: T }> {
  const parse = async (body: unknown) => {
    const [module, { envelope }] = await Promise.all([load(), apiSchemas()]);
    return envelope(pick(module)).parse(body) as { message: string; message_key?: string; data: T };
  };
  return Object.assign(parse, { prepare: warm(load, apiSchemas) });
}
