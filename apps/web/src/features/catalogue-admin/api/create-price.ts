import type { TPriceInput } from '@ezrecharge/shared/schemas/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSelectCaches } from '../../../lib/catalogue-select';
import { catalogueQueryKey } from './keys';

/** POST /api/v1/price/create (superuser); 409 with `errors.game_amount` when the pack already has a price. */
export async function createPrice(input: TPriceInput): Promise<string> {
  const body = await api.post<unknown>('/api/v1/price/create', { json: input });
  return body.message;
}

export function useCreatePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrice,
    onSuccess: () => {
      clearSelectCaches();
      // The product list shows the packs (`price_list`), so products reload too.
      return queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
    },
  });
}
