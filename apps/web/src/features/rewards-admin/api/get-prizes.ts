import { ZPrizeQuery, ZPrizeRecord } from '@ezrecharge/shared/schemas/rewards';
import { listQueryHook } from '../../../components/admin-list';
import { spinsQueryKey } from './get-spin-settings';

/** The prize list's filter: a delivery state (failed: the prizes to send again). */
export const ZPrizeListQuery = ZPrizeQuery.pick({ delivery: true });

/** GET /api/v1/rewards/prizes?page&page_size&delivery (superuser): spun prizes, newest spin first. */
export const useGetPrizes = listQueryHook({
  path: '/api/v1/rewards/prizes',
  item: ZPrizeRecord,
  filters: ZPrizeListQuery,
  key: spinsQueryKey,
});
