import type { TProductInput } from '@ezrecharge/shared/schemas/catalogue';
import { api } from '../../../lib/api-client';
import { clearSelectCaches } from '../../../lib/catalogue-select';
import { mutationHook } from '../../../lib/mutation-hook';
import { catalogueQueryKey } from './keys';

export interface TUpdateProductInput {
  id: number;
  values: TProductInput;
}

/** PUT /api/v1/product/{id} (superuser). */
export async function updateProduct({ id, values }: TUpdateProductInput): Promise<string> {
  const body = await api.put<unknown>(`/api/v1/product/${id}`, { json: values });
  return body.message;
}

/** This browser's recharge form shows the new texts at once rather than after its 5-minute cache. */
export const useUpdateProduct = mutationHook(updateProduct, {
  queryKey: catalogueQueryKey,
  onSuccess: clearSelectCaches,
});
