import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZPrice } from '@ezrecharge/shared/schemas/catalogue';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { pricesQueryKey } from './keys';

const ZPriceBody = envelope(ZPrice);

/** GET /api/v1/price/sync/{id} (superuser): one price to a Stripe Price (the built-in Stripe sandbox without keys). */
export async function syncPrice(id: number) {
  const body = await api.get(`/api/v1/price/sync/${id}`, { parse: (value) => ZPriceBody.parse(value) });
  return { price: body.data, message: body.message };
}

/** The list reloads after a sync whether it worked or not (SPEC.md §8). */
export const useSyncPrice = mutationHook(syncPrice, { queryKey: pricesQueryKey, when: 'settled' });
