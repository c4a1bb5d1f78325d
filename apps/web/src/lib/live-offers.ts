import { liveAdvertisedOffers, type TAdvertisedOffer } from '@ezrecharge/shared/live-offers';
import { useEffect, useState } from 'react';
import { api } from './api-client';
import { orderRewardSchemas, parseEnvelopeWith } from './lazy-schemas';

/**
 * The offers the posters and the About page may advertise (issue #32): GET /api/v1/rewards/live, which names the
 * live promotions and whether the spins are on. Asked again by every page that shows them (an offer an operator
 * just put on or paused shows on the next page); the last answer is shown meanwhile. Silent: posters are no reason
 * to interrupt a buyer. Plain state rather than a query: the pages that show posters stay within their first-load
 * budget.
 */
let known: ReadonlySet<TAdvertisedOffer> | undefined;
let asking: Promise<ReadonlySet<TAdvertisedOffer>> | undefined;

/** The live offers as the server tells them now (one request for every caller while one is under way). */
export async function getLiveOffers(): Promise<ReadonlySet<TAdvertisedOffer>> {
  asking ??= api
    .get('/api/v1/rewards/live', {
      silent: true,
      parse: parseEnvelopeWith(orderRewardSchemas, (m) => m.ZLiveOffers),
    })
    .then((body) => {
      known = liveAdvertisedOffers(body.data);
      return known;
    })
    .finally(() => {
      asking = undefined;
    });
  return asking;
}

/** Forgets the last answer (tests). */
export function forgetLiveOffers(): void {
  known = undefined;
}

/**
 * The live offers; undefined while they load or when they could not be read: nothing is advertised that the shop
 * has not confirmed is on offer.
 */
export function useLiveOffers(): ReadonlySet<TAdvertisedOffer> | undefined {
  const [offers, setOffers] = useState(() => known);
  useEffect(() => {
    let current = true;
    getLiveOffers().then(
      (live) => current && setOffers(live),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return offers;
}

/** Whether something that advertises `offers` (any one of them) may be shown. */
export const advertised = (
  live: ReadonlySet<TAdvertisedOffer> | undefined,
  offers: readonly TAdvertisedOffer[],
): boolean => live !== undefined && offers.some((offer) => live.has(offer));
