import { envelope } from '@ezrecharge/shared/schemas/api';
import { type TMyRewards, ZMyRewards } from '@ezrecharge/shared/schemas/rewards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of the rewards page, so that a spin reloads them. */
export const rewardsQueryKey = ['rewards', 'me'] as const;

const ZMyRewardsBody = envelope(ZMyRewards);

/** GET /api/v1/rewards/me (signed in): the buyer's spins, progress towards the next one, prizes and bonuses. */
export async function getMyRewards(signal?: AbortSignal): Promise<TMyRewards> {
  const body = await api.get('/api/v1/rewards/me', {
    signal,
    parse: (value) => ZMyRewardsBody.parse(value),
  });
  return body.data;
}

export const getMyRewardsQueryOptions = () =>
  queryOptions({
    queryKey: rewardsQueryKey,
    queryFn: ({ signal }) => getMyRewards(signal),
    // Spins unlock as orders are delivered: the page starts from the server's current state.
    staleTime: 0,
  });

export function useGetMyRewards() {
  return useQuery(getMyRewardsQueryOptions());
}
