import { liveAdvertisedOffers, type TAdvertisedOffer } from '@ezrecharge/shared/rewards';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { orderRewardSchemas, parseEnvelopeWith } from './lazy-schemas';

/**
 * The offers the posters and the About page may advertise (issue #32): GET /api/v1/rewards/live, which names the
 * live promotions and whether the spins are on. Silent: posters are no reason to interrupt a buyer.
 */
export async function getLiveOffers(signal?: AbortSignal): Promise<ReadonlySet<TAdvertisedOffer>> {
  const body = await api.get('/api/v1/rewards/live', {
    signal,
    silent: true,
    parse: parseEnvelopeWith(orderRewardSchemas, (m) => m.ZLiveOffers),
  });
  return liveAdvertisedOffers(body.data);
}

export const liveOffersKey = ['live-offers'] as const;

/**
 * The live offers; undefined while they load or when they could not be read: nothing is advertised that the shop
 * has not confirmed is on offer.
 */
export function useLiveOffers(): ReadonlySet<TAdvertisedOffer> | undefined {
  return useQuery({
    queryKey: liveOffersKey,
    queryFn: ({ signal }) => getLiveOffers(signal),
    // The server lets a browser keep the answer a minute.
    staleTime: 60_000,
    retry: false,
  }).data;
}

/** Whether something that advertises `offers` (any one of them) may be shown. */
export const advertised = (
  live: ReadonlySet<TAdvertisedOffer> | undefined,
  offers: readonly TAdvertisedOffer[],
): boolean => live !== undefined && offers.some((offer) => live.has(offer));
