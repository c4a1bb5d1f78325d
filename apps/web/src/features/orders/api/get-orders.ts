import { ZUserSelect } from '@ezrecharge/shared/schemas/accounts';
import { envelope } from '@ezrecharge/shared/schemas/api';
import { ZOrder, ZOrderListQuery } from '@ezrecharge/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { listQueryHook } from '../../../components/admin-list';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

/**
 * GET /api/v1/order/?order_num&game_id&order_status&page&page_size (SPEC.md §7): one page of orders, newest first;
 * the server shows a superuser every order and anyone else their own. Empty filters are left out of the URL.
 */
export const useGetOrders = listQueryHook({
  path: '/api/v1/order/',
  item: ZOrder,
  filters: ZOrderListQuery,
  key: ordersQueryKey,
  params: ({ filters, page, pageSize }) => ({ ...filters, page, page_size: pageSize }),
});

const ZUserNames = envelope(ZUserSelect);

/** GET /api/v1/user/select/ (SPEC.md §7): user id → name, for the list's user column. */
export async function getUserNames(signal?: AbortSignal): Promise<Record<string, string>> {
  const body = await api.get('/api/v1/user/select/', { signal, parse: (value) => ZUserNames.parse(value) });
  return body.data;
}

export function useGetUserNames() {
  return useQuery({
    queryKey: [...ordersQueryKey, 'user-names'],
    queryFn: ({ signal }) => getUserNames(signal),
    staleTime: 5 * 60_000,
  });
}
