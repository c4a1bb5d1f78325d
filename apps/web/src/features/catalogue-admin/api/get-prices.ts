import { ZPrice, ZPriceListQuery } from '@ezrecharge/shared/schemas/catalogue';
import type { z } from 'zod';
import { listQueryHook, type TListQuery } from '../../../components/admin-list';
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

/** GET /api/v1/price/page?product_id&currency&game_amount&page&page_size (superuser): a product's prices. */
export const useGetPrices = listQueryHook<typeof ZPriceFilters, typeof ZPrice, TPriceListQuery>({
  path: '/api/v1/price/page',
  item: ZPrice,
  filters: ZPriceFilters,
  key: pricesQueryKey,
  params: (query) => ({
    product_id: query.productId,
    currency: query.filters.currency,
    game_amount: query.filters.game_amount,
    page: query.page,
    page_size: query.pageSize,
  }),
});
