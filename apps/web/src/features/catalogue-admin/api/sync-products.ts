import { envelope } from '@ezrecharge/shared/schemas/api';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { catalogueQueryKey } from './keys';

/** What GET /api/v1/product/sync did (the server's summary). */
const ZSyncBody = envelope(
  z.object({
    products: z.number().int(),
    prices: z.number().int(),
    created_prices: z.number().int(),
    deactivated_prices: z.number().int(),
  }),
);
export type TSyncSummary = z.infer<typeof ZSyncBody>['data'];

/**
 * GET /api/v1/product/sync (superuser): every product and its prices to the payment catalogue (Stripe; without
 * Stripe keys, the built-in Stripe sandbox).
 */
export async function syncProducts(): Promise<{ summary: TSyncSummary; message: string }> {
  const body = await api.get('/api/v1/product/sync', { parse: (value) => ZSyncBody.parse(value) });
  return { summary: body.data, message: body.message };
}

/** The list reloads after a sync whether it worked or not (SPEC.md §8). */
export const useSyncProducts = mutationHook(syncProducts, { queryKey: catalogueQueryKey, when: 'settled' });
