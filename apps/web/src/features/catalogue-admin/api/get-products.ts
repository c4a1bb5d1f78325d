import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZProduct, type ZProductListQuery } from '@ezrecharge/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TListQuery } from '../../../components/admin-list';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from './keys';

/** Page, size and the ZProductListQuery filters: name, code, release status ('1' released, '0' not, absent all). */
export type TProductListQuery = TListQuery<z.output<typeof ZProductListQuery>>;

const ZProductPage = envelope(pageOf(ZProduct));

/** GET /api/v1/product/?name&code&status&page&page_size (superuser): one page of products, newest first. */
export async function getProducts(query: TProductListQuery, signal?: AbortSignal) {
  const { name, code, status } = query.filters;
  const body = await api.get('/api/v1/product/', {
    query: { page: query.page, page_size: query.pageSize, name, code, status },
    signal,
    parse: (value) => ZProductPage.parse(value),
  });
  return body.data;
}

export const getProductsQueryOptions = (query: TProductListQuery) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'list', query],
    queryFn: ({ signal }) => getProducts(query, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetProducts(query: TProductListQuery) {
  return useQuery(getProductsQueryOptions(query));
}
