import { envelope, pageOf } from '@ezrecharge/shared/schemas/api';
import { ZPrice, ZPriceListQuery } from '@ezrecharge/shared/schemas/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TListQuery } from '../../../components/admin-list';
import { api } from '../../../lib/api-client';
import { pricesQueryKey } from './keys';

/**
 * The filters of a product's price list (ZPriceListQuery: currency, diamonds of the pack). The product itself is
 * the address's `id` (SPEC.md §2 /price?id=), not a filter.
 */
export const ZPriceFilters = ZPriceListQuery.omit({ product_id: true });

/** A product and the page, size and filters of its prices. */
export interface TPriceListQuery extends TListQuery<z.output<typeof ZPriceFilters>> {
  productId: number;
}

const ZPricePage = envelope(pageOf(ZPrice));

/** GET /api/v1/price/page?product_id&currency&game_amount&page&page_size (superuser): a product's prices. */
export async function getPrices(query: TPriceListQuery, signal?: AbortSignal) {
  const body = await api.get('/api/v1/price/page', {
    query: {
      product_id: query.productId,
      currency: query.filters.currency,
      game_amount: query.filters.game_amount,
      page: query.page,
      page_size: query.pageSize,
    },
    signal,
    parse: (value) => ZPricePage.parse(value),
  });
  return body.data;
}

export const getPricesQueryOptions = (query: TPriceListQuery) =>
  queryOptions({
    queryKey: [...pricesQueryKey, 'list', query],
    queryFn: ({ signal }) => getPrices(query, signal),
    placeholderData: keepPreviousData,
  });

export function useGetPrices(query: TPriceListQuery) {
  return useQuery(getPricesQueryOptions(query));
}
