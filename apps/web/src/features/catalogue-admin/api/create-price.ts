import type { TPriceInput } from '@ezrecharge/shared/schemas/catalogue';
import { api } from '../../../lib/api-client';
import { clearSelectCaches } from '../../../lib/catalogue-select';
import { mutationHook } from '../../../lib/mutation-hook';
import { catalogueQueryKey } from './keys';

/** POST /api/v1/price/create (superuser); 409 with `errors.game_amount` when the pack already has a price. */
export async function createPrice(input: TPriceInput): Promise<string> {
  const body = await api.post<unknown>('/api/v1/price/create', { json: input });
  return body.message;
}

/** The product list shows the packs (`price_list`), so products reload too. */
export const useCreatePrice = mutationHook(createPrice, {
  queryKey: catalogueQueryKey,
  onSuccess: clearSelectCaches,
});
