import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZOrderHandoff } from '@ezrecharge/shared/schemas/orders';
import { api } from '../../../lib/api-client';
import { mutationHook } from '../../../lib/mutation-hook';
import { ordersQueryKey } from './keys';

const ZPayAnswer = envelope(ZOrderHandoff);

/**
 * POST /api/v1/order/pay?order_num= (DESIGN.md §4, Pay Now): fresh hand-off data for an order of the signed-in
 * buyer still awaiting payment (status 2 or 3). Resolves with the server's message and the hand-off.
 */
export async function payOrder(orderNum: string) {
  return api.post('/api/v1/order/pay', {
    query: { order_num: orderNum },
    parse: (value) => ZPayAnswer.parse(value),
  });
}

/** A refused payment usually means the order moved on (paid, expired): the list reloads to show where it is. */
export const usePayOrder = mutationHook(payOrder, { queryKey: ordersQueryKey, when: 'error' });
