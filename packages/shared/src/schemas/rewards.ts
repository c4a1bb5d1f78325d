import { z } from 'zod';
import { MAX_ORDER_DIAMONDS } from '../limits';
import { MSG as M } from '../messages';
import { CURRENCY_CODES, ZCurrency } from '../money';
import {
  BONUS_TYPES,
  BONUS_TYPES_OF,
  MAX_BONUS_DIAMONDS,
  normalizePromoCode,
  PROMO_CODE_PATTERN,
  PROMOTION_KINDS,
} from '../rewards';
import { MAX_ROW_ID } from './api';

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

const wholeNumber = z.number({ error: M.promotion_number_invalid }).int(M.promotion_number_invalid);
const optionalLimit = wholeNumber
  .min(1, M.promotion_number_invalid)
  .max(1_000_000_000)
  .nullable()
  .default(null);
const isoTime = z.iso.datetime({ offset: true }).nullable().default(null);

/** POST /api/v1/promotions/ and PUT /api/v1/promotions/{id} (superusers). New promotions start paused. */
export const ZPromotionInput = z
  .object({
    kind: z.enum(PROMOTION_KINDS, { error: M.promotion_kind_invalid }),
    name: z.string({ error: M.promotion_name_required }).trim().min(1, M.promotion_name_required).max(64),
    /** `code` kind only (required there); stored upper case, unique. */
    code: ZPromoCode.default(''),
    bonus_type: z.enum(BONUS_TYPES, { error: M.promotion_bonus_invalid }),
    bonus_value: wholeNumber
      .min(1, M.promotion_bonus_invalid)
      .max(MAX_BONUS_DIAMONDS, M.promotion_bonus_invalid),
    currencies: z.array(z.enum(CURRENCY_CODES)).max(CURRENCY_CODES.length).default([]),
    product_ids: z.array(z.number().int().min(1).max(MAX_ROW_ID)).max(100).default([]),
    channels: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
    valid_from: isoTime,
    valid_to: isoTime,
    budget_diamonds: optionalLimit,
    uses_per_buyer: optionalLimit,
    min_spend: z.partialRecord(ZCurrency, wholeNumber.min(1, M.promotion_number_invalid)).default({}),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!BONUS_TYPES_OF[p.kind].includes(p.bonus_type)) issue('bonus_type', M.promotion_bonus_invalid);
    if (p.bonus_type === 'percent' && p.bonus_value > 100) issue('bonus_value', M.promotion_bonus_invalid);
    if (p.kind === 'code' && p.code === '') issue('code', M.promo_code_format);
    if (p.kind === 'channel' && p.channels.length === 0) issue('channels', M.promotion_channels_required);
    if (p.valid_from && p.valid_to && new Date(p.valid_to) <= new Date(p.valid_from))
      issue('valid_to', M.promotion_dates_invalid);
  });
export type TPromotionInput = z.input<typeof ZPromotionInput>;

/** A promotion in the console, with what it has cost so far. */
export const ZPromotion = z.object({
  id: z.number().int(),
  kind: z.enum(PROMOTION_KINDS),
  name: z.string(),
  code: z.string().nullable(),
  bonus_type: z.enum(BONUS_TYPES),
  bonus_value: z.number().int(),
  currencies: z.array(ZCurrency),
  product_ids: z.array(z.number().int()),
  channels: z.array(z.string()),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  budget_diamonds: z.number().int().nullable(),
  uses_per_buyer: z.number().int().nullable(),
  min_spend: z.partialRecord(ZCurrency, z.number().int()),
  active: z.boolean(),
  /** Diamonds delivered to buyers. */
  delivered_diamonds: z.number().int(),
  /** Diamonds granted on live orders not yet delivered (they count against the budget). */
  reserved_diamonds: z.number().int(),
  /** Orders whose bonus was delivered. */
  orders: z.number().int(),
  /** Revenue of those orders per currency, minor units. */
  revenue: z.partialRecord(ZCurrency, z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPromotion = z.infer<typeof ZPromotion>;

/** Bonus diamonds on one order can never exceed this (a cap for the delivery call). */
export const MAX_ORDER_BONUS = Math.min(MAX_ORDER_DIAMONDS, 3 * MAX_BONUS_DIAMONDS);
