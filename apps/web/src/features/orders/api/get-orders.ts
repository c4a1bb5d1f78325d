import { DEFAULT_PAGE_SIZE } from '@ezrecharge/shared/limits';
import type { TOrderStatus } from '@ezrecharge/shared/order-status';
import { ZUserSelect } from '@ezrecharge/shared/schemas/accounts';
import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZOrder } from '@ezrecharge/shared/schemas/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

export interface TOrderListParams {
  page: number;
  pageSize: number;
  orderNum: string;
  gameId: string;
  status: TOrderStatus | undefined;
}

export const DEFAULT_ORDER_LIST_PARAMS: TOrderListParams = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  orderNum: '',
  gameId: '',
  status: undefined,
};

const ZOrderPage = envelope(pageOf(ZOrder));

/**
 * GET /api/v1/order/?order_num&game_id&order_status&page&page_size (SPEC.md §7): one page of orders, newest first;
 * the server shows a superuser every order and anyone else their own. Empty filters are left out of the URL.
 */
export async function getOrders(params: TOrderListParams, signal?: AbortSignal) {
  const body = await api.get('/api/v1/order/', {
    query: {
      order_num: params.orderNum,
      game_id: params.gameId,
      order_status: params.status,
      page: params.page,
      page_size: params.pageSize,
    },
    signal,
    parse: (value) => ZOrderPage.parse(value),
  });
  return body.data;
}

export const getOrdersQueryOptions = (params: TOrderListParams) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'list', params],
    queryFn: ({ signal }) => getOrders(params, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetOrders(params: TOrderListParams) {
  return useQuery(getOrdersQueryOptions(params));
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
