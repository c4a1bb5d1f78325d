/**
 * The offers the shop advertises (the posters and the About page's rewards, SPEC.md §1–2) and which of them run
 * (issue #32: a paused offer is not advertised). A module without imports: the storefront's pages read it in their
 * first load.
 */

/** What an advertisement speaks of. */
export type TAdvertisedOffer = 'bank_transfer_sgd' | 'spins' | 'welcome' | 'promo_codes';

/** The answer of GET /api/v1/rewards/live (schemas/order-rewards.ts ZLiveOffers). */
export interface TLiveOfferFlags {
  /** Currencies of the live payment-method (bank transfer) bonuses. */
  bank_transfer: readonly string[];
  welcome: boolean;
  promo_codes: boolean;
  spins: boolean;
}

/** Which advertised offers are live. The bank-transfer posters speak of Singapore dollars. */
export function liveAdvertisedOffers(live: TLiveOfferFlags): ReadonlySet<TAdvertisedOffer> {
  const offers = new Set<TAdvertisedOffer>();
  if (live.bank_transfer.includes('SGD')) offers.add('bank_transfer_sgd');
  if (live.spins) offers.add('spins');
  if (live.welcome) offers.add('welcome');
  if (live.promo_codes) offers.add('promo_codes');
  return offers;
}
