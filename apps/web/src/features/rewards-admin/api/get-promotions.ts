import { PROMOTION_KINDS } from '@ezrecharge/shared/rewards';
import { ZPromotion } from '@ezrecharge/shared/schemas/rewards';
import { z } from 'zod';
import { listQueryHook } from '../../../components/admin-list';

/** Every promotion admin query, so that a save or a pause reloads the list and the detail. */
export const promotionsQueryKey = ['rewards-admin', 'promotions'] as const;

/** The list's filter: one kind of promotion, or all. */
export const ZPromotionListQuery = z.object({ kind: z.enum(PROMOTION_KINDS).optional() });

/** GET /api/v1/promotions/?page&page_size&kind (superuser): one page of promotions with what they have cost. */
export const useGetPromotions = listQueryHook({
  path: '/api/v1/promotions/',
  item: ZPromotion,
  filters: ZPromotionListQuery,
  key: promotionsQueryKey,
});
