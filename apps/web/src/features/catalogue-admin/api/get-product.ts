import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZProduct } from '@ezrecharge/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from './keys';

const ZProductBody = envelope(ZProduct);

/** GET /api/v1/product/{id} (superuser). */
export async function getProduct(id: number, signal?: AbortSignal) {
  const body = await api.get(`/api/v1/product/${id}`, {
    signal,
    parse: (value) => ZProductBody.parse(value),
  });
  return body.data;
}

export const getProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: 0,
  });

export function useGetProduct(id: number) {
  return useQuery(getProductQueryOptions(id));
}
