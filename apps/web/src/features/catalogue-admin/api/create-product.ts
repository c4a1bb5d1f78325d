import type { TProductInput } from '@ezrecharge/shared/schemas/catalogue';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { catalogueQueryKey } from './keys';

/** POST /api/v1/product/ (superuser): a new product, not released until listed. */
export async function createProduct(input: TProductInput): Promise<string> {
  const body = await api.post<unknown>('/api/v1/product/', { json: input });
  return body.message;
}

export const useCreateProduct = mutationHook(createProduct, { queryKey: catalogueQueryKey });
