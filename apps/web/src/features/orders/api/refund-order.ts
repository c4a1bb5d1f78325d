import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZOrder } from '@ezrecharge/shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';
import type { TOrderActionRequest } from './retry-charge';

const ZRefundAnswer = envelope(ZOrder);

/**
 * POST /api/v1/order/refund?order_num= with `{reason}` (superusers; DESIGN.md §6 10 → 11, or 13 → 11 to retry a
 * failed refund): the gateway the order was paid with refunds it in full. Resolves with the server's message and
 * the order; other statuses (400 order_action_not_allowed) and a gateway that refuses to start (400
 * refund_unavailable) are refused.
 */
export async function refundOrder({ orderNum, body }: TOrderActionRequest) {
  return api.post('/api/v1/order/refund', {
    query: { order_num: orderNum },
    json: body,
    parse: (value) => ZRefundAnswer.parse(value),
  });
}

/** The list and the open histories reload either way, as after a retried charge. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
