import { DEFAULT_PAGE_SIZE } from '@ezrecharge/shared/limits';
import type { TCurrency } from '@ezrecharge/shared/money';
import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZPrice } from '@ezrecharge/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pricesQueryKey } from './keys';

export interface TPriceListParams {
  productId: number;
  page: number;
  pageSize: number;
  /** '' for every currency. */
  currency: TCurrency | '';
  /** Diamonds of the pack; null for every pack. */
  gameAmount: number | null;
}

export const defaultPriceListParams = (productId: number): TPriceListParams => ({
  productId,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  currency: '',
  gameAmount: null,
});

const ZPricePage = envelope(pageOf(ZPrice));

/** GET /api/v1/price/page?product_id&currency&game_amount&page&page_size (superuser): a product's prices. */
export async function getPrices(params: TPriceListParams, signal?: AbortSignal) {
  const body = await api.get('/api/v1/price/page', {
    query: {
      product_id: params.productId,
      currency: params.currency,
      game_amount: params.gameAmount,
      page: params.page,
      page_size: params.pageSize,
    },
    signal,
    parse: (value) => ZPricePage.parse(value),
  });
  return body.data;
}

export const getPricesQueryOptions = (params: TPriceListParams) =>
  queryOptions({
    queryKey: [...pricesQueryKey, 'list', params],
    queryFn: ({ signal }) => getPrices(params, signal),
    placeholderData: keepPreviousData,
  });

export function useGetPrices(params: TPriceListParams) {
  return useQuery(getPricesQueryOptions(params));
}
