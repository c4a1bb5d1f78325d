import { ZPromotion } from '@ezrecharge/shared/schemas/rewards';
import { z } from 'zod';
import { listQueryHook } from '../../../components/admin-list';

/** Every promotion admin query, so that a save or a pause reloads the list and the detail. */
export const promotionsQueryKey = ['rewards-admin', 'promotions'] as const;

/** The list has no filters: a shop runs a handful of promotions. */
export const ZPromotionListQuery = z.object({});

/** GET /api/v1/promotions/?page&page_size (superuser): one page of promotions, newest first, with their cost. */
export const useGetPromotions = listQueryHook({
  path: '/api/v1/promotions/',
  item: ZPromotion,
  filters: ZPromotionListQuery,
  key: promotionsQueryKey,
});
