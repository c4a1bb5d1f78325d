import type { ZodType } from 'zod';

/**
 * The shared zod schemas as the storefront's pages use them: loaded on demand (issue #14). zod and the schemas are
 * about 23 KiB (brotli) that a buyer's page does without until it needs them — a form checks its fields with them
 * from the first change or blur on (lib/form-rules.ts `lazyCheck`), a call's answer is checked when it arrives
 * (`parseWith`). The console imports the schemas directly.
 */
export const accountSchemas = () => import('@ezrecharge/shared/schemas/accounts');
export const catalogueSchemas = () => import('@ezrecharge/shared/schemas/catalogue');
export const orderSchemas = () => import('@ezrecharge/shared/schemas/orders');
export const rewardSchemas = () => import('@ezrecharge/shared/schemas/rewards');
export const supportSchemas = () => import('@ezrecharge/shared/schemas/support');
const apiSchemas = () => import('@ezrecharge/shared/schemas/api');

/** An api call's `parse`: the body checked against the schema `pick` chooses, once its module has loaded. */
export function parseWith<TModule, T>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ZodType<T>,
): (body: unknown) => Promise<T> {
  return async (body) => pick(await load()).parse(body);
}

/** As parseWith, for the `{ message, data }` envelope around the schema's value. */
export function parseEnvelopeWith<TModule, T>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ZodType<T>,
): (body: unknown) => Promise<{ message: string; message_key?: string; data: T }> {
  return async (body) => {
    const [module, { envelope }] = await Promise.all([load(), apiSchemas()]);
    return envelope(pick(module)).parse(body) as { message: string; message_key?: string; data: T };
  };
}
