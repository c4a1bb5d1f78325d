import type { TAdvertisedOffer } from '@ezrecharge/shared/live-offers';
import type { TCurrency } from '@ezrecharge/shared/money';
import poster1En from './poster-1-en.svg?no-inline';
import poster1Zh from './poster-1-zh.svg?no-inline';
import poster2En from './poster-2-en.svg?no-inline';
import poster2Zh from './poster-2-zh.svg?no-inline';
import poster3En from './poster-3-en.svg?no-inline';
import poster3Zh from './poster-3-zh.svg?no-inline';
import poster4En from './poster-4-en.svg?no-inline';
import poster4Zh from './poster-4-zh.svg?no-inline';

// Files of their own (`?no-inline`), not data URLs inside the script: a poster then costs nothing until the
// carousel asks for it, and the page's script stays small.

export interface TPoster {
  /** 1–4: the slide's place in the about page's promotions and its alt text key. */
  slide: 1 | 2 | 3 | 4;
  src: { en: string; zh: string };
  /** The currencies whose buyers the poster speaks to; absent: any currency. */
  currencies?: readonly TCurrency[];
  /** What it advertises: shown while one of these is live (issue #32). */
  offers: readonly TAdvertisedOffer[];
}

/**
 * The four promotion posters (SPEC.md §1 rewards and spins), each in both languages. The about page and both
 * recharge pages show them, so they live outside any one feature; each slide's alt text belongs to the page's
 * namespace. Two promotions are priced in Singapore dollars (1 free diamond per SGD paid by local bank transfer;
 * the rate-42 example of 100 dollars), so the recharge pages show them only to buyers paying in SGD. A poster is
 * shown only while an offer it advertises is live (lib/live-offers.ts).
 */
export const POSTERS: readonly TPoster[] = [
  { slide: 1, src: { en: poster1En, zh: poster1Zh }, currencies: ['SGD'], offers: ['bank_transfer_sgd'] },
  { slide: 2, src: { en: poster2En, zh: poster2Zh }, offers: ['spins'] },
  { slide: 3, src: { en: poster3En, zh: poster3Zh }, offers: ['welcome', 'promo_codes'] },
  // 100 bonus diamonds for 100 dollars: the bank-transfer bonus of poster 1 at work.
  { slide: 4, src: { en: poster4En, zh: poster4Zh }, currencies: ['SGD'], offers: ['bank_transfer_sgd'] },
];

/** A poster's image in a language; anything but Chinese gets the English one (the fallback language). */
export const posterSrc = (poster: TPoster, language: string | undefined): string =>
  language === 'zh' ? poster.src.zh : poster.src.en;

/**
 * The posters for a buyer paying in `currency` of the `live` offers: the ones for any currency, plus those for that
 * one. Without a currency (not chosen yet) only the ones for any currency, so no buyer first sees an offer that is
 * not theirs; without live offers (not known yet) none.
 */
export const postersFor = (
  currency: TCurrency | undefined,
  live: ReadonlySet<TAdvertisedOffer> | undefined,
): readonly TPoster[] =>
  POSTERS.filter(
    (poster) =>
      (!poster.currencies || (currency && poster.currencies.includes(currency))) &&
      poster.offers.some((offer) => live?.has(offer)),
  );
