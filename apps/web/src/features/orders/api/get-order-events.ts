import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TOrderEvent, ZOrderEvent } from '@ezrecharge/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

const ZEventsAnswer = envelope(z.array(ZOrderEvent));

/** GET /api/v1/order/events?order_num= (superusers): every status move of one order, oldest first. */
export async function getOrderEvents(orderNum: string, signal?: AbortSignal): Promise<TOrderEvent[]> {
  const body = await api.get('/api/v1/order/events', {
    query: { order_num: orderNum },
    signal,
    parse: (value) => ZEventsAnswer.parse(value),
  });
  return body.data;
}

/** Under the orders key, so an operator action that reloads the list reloads the open histories too. */
export function useGetOrderEvents(orderNum: string) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'events', orderNum],
    queryFn: ({ signal }) => getOrderEvents(orderNum, signal),
    staleTime: 0,
  });
}
