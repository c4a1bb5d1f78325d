import { envelope } from '@ezrecharge/shared/schemas/api';
import {
  type TDisputeEvidenceSubmit,
  type TOrderDisputes,
  ZDispute,
  ZOrderDisputes,
} from '@ezrecharge/shared/schemas/disputes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { ordersQueryKey } from './keys';

const ZDisputesAnswer = envelope(ZOrderDisputes);
const ZSubmitAnswer = envelope(ZDispute);

/** GET /api/v1/order/disputes?order_num= (superusers): the order's disputes and the evidence the shop holds. */
export async function getOrderDisputes(orderNum: string, signal?: AbortSignal): Promise<TOrderDisputes> {
  const body = await api.get('/api/v1/order/disputes', {
    query: { order_num: orderNum },
    signal,
    parse: (value) => ZDisputesAnswer.parse(value),
  });
  return body.data;
}

/** Under the orders key, so the list's reload (an operator action) reloads an open order's disputes too. */
export function useGetOrderDisputes(orderNum: string) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'disputes', orderNum],
    queryFn: ({ signal }) => getOrderDisputes(orderNum, signal),
    staleTime: 0,
  });
}

/**
 * POST /api/v1/order/dispute/evidence (superusers): the gathered evidence and the explanation submitted to the
 * gateway in one step; resolves with the server's message and the dispute as it now is.
 */
export const useSubmitDisputeEvidence = mutationHook(
  (body: TDisputeEvidenceSubmit) =>
    api.post('/api/v1/order/dispute/evidence', { json: body, parse: (value) => ZSubmitAnswer.parse(value) }),
  { queryKey: ordersQueryKey, when: 'settled' },
);
