import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZOrder } from '@ezrecharge/shared/schemas/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';
import type { TOrderActionRequest } from './retry-charge';

const ZMarkDeliveredAnswer = envelope(ZOrder);

/**
 * POST /api/v1/order/mark-delivered?order_num= with `{reason}` (superusers; 10 → 9): for an order whose diamonds
 * BIGO's reseller console shows as credited. BIGO is not called; the buyer gets the receipt. Any other status than
 * 10 is refused with 400.
 */
export async function markDelivered({ orderNum, body }: TOrderActionRequest) {
  return api.post('/api/v1/order/mark-delivered', {
    query: { order_num: orderNum },
    json: body,
    parse: (value) => ZMarkDeliveredAnswer.parse(value),
  });
}

/** The list and the open histories reload either way, as after a retried charge. */
export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
