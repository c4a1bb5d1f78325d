import { z } from 'zod';
import { MSG as M } from '../messages';
import { normalizePromoCode, PROMO_CODE_PATTERN, PROMOTION_KINDS } from '../rewards';

/**
 * The rewards as an order carries them (SPEC.md rewards; issue #16): the promo code a buyer types, an order's
 * bonuses and the quote of them. A module of their own, re-exported by ./rewards with the promotions, spins and
 * prizes: the buyer's pages check orders and quotes with these alone (issue #14: the schemas a page loads on
 * demand are built when they load, so each page builds only what it checks).
 */

/** A promo code as typed: spaces around it dropped, compared in upper case. Empty = no code. */
export const ZPromoCode = z
  .string()
  .max(64, M.promo_code_format)
  .overwrite(normalizePromoCode)
  .refine((code) => code === '' || PROMO_CODE_PATTERN.test(code), M.promo_code_format);

/** One bonus of an order (quoted, or fixed on the order). */
export const ZOrderBonus = z.object({
  kind: z.enum(PROMOTION_KINDS),
  /** The promotion's name, for the buyer ("Welcome bonus", "Hari Raya code"). */
  name: z.string(),
  /** The code the buyer typed (upper case), for `code` bonuses; null otherwise. */
  code: z.string().nullable(),
  diamonds: z.number().int().positive(),
  /** On an order: granted (fixed, to be delivered with the order), delivered, or withdrawn (refund). */
  state: z.enum(['quoted', 'granted', 'delivered', 'withdrawn']),
});
export type TOrderBonus = z.infer<typeof ZOrderBonus>;

/** A channel bonus the buyer can still earn by the way they pay (known only once the payment is recorded). */
export const ZChannelOffer = z.object({
  name: z.string(),
  channels: z.array(z.string()),
  /** What this order would get if paid through one of `channels`. */
  diamonds: z.number().int().positive(),
});

export const ZRewardQuote = z.object({
  amount_game: z.number().int(),
  bonuses: z.array(ZOrderBonus),
  /** Sum of `bonuses`. */
  bonus_game: z.number().int(),
  /** The typed code's outcome: null when no code was given. */
  promo: z
    .object({
      code: z.string(),
      applied: z.boolean(),
      reason_key: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  channel_offers: z.array(ZChannelOffer),
});
export type TRewardQuote = z.infer<typeof ZRewardQuote>;

/**
 * The offers the shop's posters and About page advertise, as they stand now (issue #32: a paused offer is not
 * advertised). `bank_transfer` lists the currencies of the live payment-method bonuses.
 */
export const ZLiveOffers = z.object({
  bank_transfer: z.array(z.string()),
  welcome: z.boolean(),
  promo_codes: z.boolean(),
  spins: z.boolean(),
});
export type TLiveOffers = z.infer<typeof ZLiveOffers>;
