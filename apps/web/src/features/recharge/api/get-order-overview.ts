import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TOrderOverview, ZOrderOverview } from '@ezrecharge/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rechargeQueryKey } from './get-catalogue';

const ZOverviewAnswer = envelope(ZOrderOverview);

/**
 * GET /api/v1/order/overview (superusers): the reseller balance BIGO reported at the latest precheck and the
 * orders waiting for an operator.
 */
export async function getOrderOverview(signal?: AbortSignal): Promise<TOrderOverview> {
  const body = await api.get('/api/v1/order/overview', {
    signal,
    parse: (value) => ZOverviewAnswer.parse(value),
  });
  return body.data;
}

/** Fresh on every visit of the landing page: the counts are what an operator acts on. */
export function useGetOrderOverview(enabled: boolean) {
  return useQuery({
    queryKey: [...rechargeQueryKey, 'overview'],
    queryFn: ({ signal }) => getOrderOverview(signal),
    enabled,
    staleTime: 0,
  });
}
