import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TOrderAction, ZOrder } from '@ezrecharge/shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

const ZRetryAnswer = envelope(ZOrder);

export interface TOrderActionRequest {
  orderNum: string;
  body: TOrderAction;
}

/**
 * POST /api/v1/order/retry?order_num= with `{reason}` (superusers; DESIGN.md §6 10 → 8): queues the BIGO delivery
 * again. Resolves with the server's message and the order; any other status than 10 is refused with 400.
 */
export async function retryCharge({ orderNum, body }: TOrderActionRequest) {
  return api.post('/api/v1/order/retry', {
    query: { order_num: orderNum },
    json: body,
    parse: (value) => ZRetryAnswer.parse(value),
  });
}

/** The list and the open histories reload either way: a refusal usually means another operator acted first. */
export function useRetryCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryCharge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
