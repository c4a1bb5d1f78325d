import { DEFAULT_PAGE_SIZE } from '@ezrecharge/shared/limits';
import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZProduct } from '@ezrecharge/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from './keys';

/** '' all products, '1' released, '0' not released (the server's `status` filter). */
export type TReleaseFilter = '' | '0' | '1';

export interface TProductListParams {
  page: number;
  pageSize: number;
  name: string;
  code: string;
  status: TReleaseFilter;
}

export const DEFAULT_PRODUCT_LIST_PARAMS: TProductListParams = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  name: '',
  code: '',
  status: '',
};

const ZProductPage = envelope(pageOf(ZProduct));

/** GET /api/v1/product/?name&code&status&page&page_size (superuser): one page of products, newest first. */
export async function getProducts(params: TProductListParams, signal?: AbortSignal) {
  const body = await api.get('/api/v1/product/', {
    query: {
      page: params.page,
      page_size: params.pageSize,
      name: params.name,
      code: params.code,
      status: params.status,
    },
    signal,
    parse: (value) => ZProductPage.parse(value),
  });
  return body.data;
}

export const getProductsQueryOptions = (params: TProductListParams) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'list', params],
    queryFn: ({ signal }) => getProducts(params, signal),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGetProducts(params: TProductListParams) {
  return useQuery(getProductsQueryOptions(params));
}
