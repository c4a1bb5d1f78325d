import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZPrice } from '@ezrecharge/shared/schemas/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pricesQueryKey } from './keys';

const ZPriceBody = envelope(ZPrice);

/** GET /api/v1/price/{id} (superuser). */
export async function getPrice(id: number, signal?: AbortSignal) {
  const body = await api.get(`/api/v1/price/${id}`, { signal, parse: (value) => ZPriceBody.parse(value) });
  return body.data;
}

export const getPriceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...pricesQueryKey, 'detail', id],
    queryFn: ({ signal }) => getPrice(id, signal),
    staleTime: 0,
  });

export function useGetPrice(id: number) {
  return useQuery(getPriceQueryOptions(id));
}
