import type { TProductInput } from '@ezrecharge/shared/schemas/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { catalogueQueryKey } from './keys';

/** POST /api/v1/product/ (superuser): a new product, not released until listed. */
export async function createProduct(input: TProductInput): Promise<string> {
  const body = await api.post<unknown>('/api/v1/product/', { json: input });
  return body.message;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueQueryKey }),
  });
}
