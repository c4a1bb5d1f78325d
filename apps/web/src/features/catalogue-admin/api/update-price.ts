import type { TPriceInput } from '@ezrecharge/shared/schemas/catalogue';
import { api } from '../../../lib/api-client';
import { clearSelectCaches } from '../../../lib/catalogue-select';
import { mutationHook } from '../../../lib/mutation-hook';
import { catalogueQueryKey } from './keys';

export interface TUpdatePriceInput {
  id: number;
  values: TPriceInput;
}

/** PUT /api/v1/price/update/{id} (superuser); 409 with `errors.game_amount` on a duplicate pack. */
export async function updatePrice({ id, values }: TUpdatePriceInput): Promise<string> {
  const body = await api.put<unknown>(`/api/v1/price/update/${id}`, { json: values });
  return body.message;
}

export const useUpdatePrice = mutationHook(updatePrice, {
  queryKey: catalogueQueryKey,
  onSuccess: clearSelectCaches,
});
