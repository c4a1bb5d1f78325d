import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZPromotion } from '@ezrecharge/shared/schemas/rewards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionsQueryKey } from './get-promotions';

const ZPromotionBody = envelope(ZPromotion);

/** GET /api/v1/promotions/{id} (superuser). */
export async function getPromotion(id: number, signal?: AbortSignal) {
  const body = await api.get(`/api/v1/promotions/${id}`, {
    signal,
    parse: (value) => ZPromotionBody.parse(value),
  });
  return body.data;
}

export const getPromotionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...promotionsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getPromotion(id, signal),
    staleTime: 0,
  });

export function useGetPromotion(id: number) {
  return useQuery(getPromotionQueryOptions(id));
}
