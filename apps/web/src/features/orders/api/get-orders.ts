import { ZUserSelect } from '@ezrecharge/shared/schemas/accounts';
import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZOrder, type ZOrderListQuery } from '@ezrecharge/shared/schemas/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TListQuery } from '../../../components/admin-list';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

/** Page, size and the ZOrderListQuery filters: order number, BIGO ID, status. */
export type TOrderListQuery = TListQuery<z.output<typeof ZOrderListQuery>>;

const ZOrderPage = envelope(pageOf(ZOrder));

/**
 * GET /api/v1/order/?order_num&game_id&order_status&page&page_size (SPEC.md §7): one page of orders, newest first;
 * the server shows a superuser every order and anyone else their own. Empty filters are left out of the URL.
 */
export async function getOrders(query: TOrderListQuery, signal?: AbortSignal) {
  const { order_num, game_id, order_status } = query.filters;
  const body = await api.get('/api/v1/order/', {
    query: { order_num, game_id, order_status, page: query.page, page_size: query.pageSize },
    signal,
    parse: (value) => ZOrderPage.parse(value),
  });
  return body.data;
}

export const getOrdersQueryOptions = (query: TOrderListQuery) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'list', query],
    queryFn: ({ signal }) => getOrders(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetOrders(query: TOrderListQuery) {
  return useQuery(getOrdersQueryOptions(query));
}

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
