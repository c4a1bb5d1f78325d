import type { TPriceInput } from '@ezrecharge/shared/schemas/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSelectCaches } from '../../../lib/catalogue-select';
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

export function useUpdatePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrice,
    onSuccess: () => {
      clearSelectCaches();
      return queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
    },
  });
}
