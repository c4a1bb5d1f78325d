import type { TOrder, TOrderLookup } from '@ezrecharge/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderSchemas, parseEnvelopeWith } from '../../../lib/lazy-schemas';
import { ordersQueryKey } from './keys';

const parseOrderAnswer = parseEnvelopeWith(orderSchemas, (m) => m.ZOrder);

/** How often the result page asks again while an order is still moving, and for how long at most (10 minutes). */
export const ORDER_POLL_MS = 3_000;
const MAX_POLLS = 200;

/**
 * Whether the status shown may still change by itself: 7 and 8 become 9 or 10 once the diamonds are delivered;
 * after a reported success, 2 and 3 wait for the gateway's notification.
 */
export function isOrderMoving(status: number, paymentReported: boolean): boolean {
  if (status === 7 || status === 8) return true;
  return paymentReported && (status === 2 || status === 3);
}

/** TanStack Query's refetchInterval for one order: every few seconds while it moves, bounded. */
export function pollWhileMoving(paymentReported: boolean) {
  return (query: { state: { data: TOrder | undefined; dataUpdateCount: number } }): number | false => {
    const order = query.state.data;
    if (!order || query.state.dataUpdateCount >= MAX_POLLS) return false;
    return isOrderMoving(order.order_status, paymentReported) ? ORDER_POLL_MS : false;
  };
}

/**
 * GET /api/v1/order/stripe?order_num= (SPEC.md §7): the order the gateway sent the buyer back for; its e-mail is
 * masked for anyone but its buyer. Silent: the page shows "not found" and other failures itself.
 */
export async function getOrder(orderNum: string, signal?: AbortSignal): Promise<TOrder> {
  const body = await api.get('/api/v1/order/stripe', {
    query: { order_num: orderNum },
    signal,
    silent: true,
    parse: parseOrderAnswer,
  });
  return body.data;
}

/** The result page's query of one order (also the key its server-drawn page seeds: app/prerender.tsx). */
export const orderResultQueryKey = (orderNum: string) => [...ordersQueryKey, 'result', orderNum] as const;

export function useGetOrder(orderNum: string, paymentReported: boolean) {
  return useQuery({
    queryKey: orderResultQueryKey(orderNum),
    queryFn: ({ signal }) => getOrder(orderNum, signal),
    enabled: orderNum !== '',
    staleTime: 0,
    refetchInterval: pollWhileMoving(paymentReported),
  });
}

/** POST /api/v1/order/lookup (DESIGN.md §4): a buyer finds an order by e-mail and order number; 404 when none. */
export async function lookupOrder(criteria: TOrderLookup, signal?: AbortSignal): Promise<TOrder> {
  const body = await api.post('/api/v1/order/lookup', {
    json: criteria,
    signal,
    silent: true,
    parse: parseOrderAnswer,
  });
  return body.data;
}

/** The looked-up order, kept up to date like the result page's; idle until the buyer submits the form. */
export function useLookupOrder(criteria: TOrderLookup | null) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'lookup', criteria],
    queryFn: ({ signal }) => lookupOrder(criteria ?? { email: '', order_num: '' }, signal),
    enabled: criteria !== null,
    staleTime: 0,
    refetchInterval: pollWhileMoving(false),
  });
}
