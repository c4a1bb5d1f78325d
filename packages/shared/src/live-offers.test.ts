import { describe, expect, it } from 'vitest';
import { liveAdvertisedOffers } from './live-offers';

describe('live offers (issue #32)', () => {
  it('names the advertised offers that run: the bank-transfer posters speak of SGD', () => {
    const offers = (live: Partial<Parameters<typeof liveAdvertisedOffers>[0]>) => [
      ...liveAdvertisedOffers({
        bank_transfer: [],
        welcome: false,
        promo_codes: false,
        spins: false,
        ...live,
      }),
    ];
    expect(offers({})).toEqual([]);
    expect(offers({ bank_transfer: ['MYR'] })).toEqual([]);
    expect(offers({ bank_transfer: ['MYR', 'SGD'], spins: true })).toEqual(['bank_transfer_sgd', 'spins']);
    expect(offers({ welcome: true, promo_codes: true })).toEqual(['welcome', 'promo_codes']);
  });
});
