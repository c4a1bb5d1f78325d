import { z } from 'zod';
import { MAX_ORDER_DIAMONDS } from '../limits';
import { MSG as M } from '../messages';
import { CURRENCY_CODES } from '../money';
import { BONUS_TYPES, BONUS_TYPES_OF, MAX_BONUS_DIAMONDS, PROMOTION_KINDS } from '../rewards';
import {
  MAX_DIAMONDS_PER_SPIN,
  MAX_PRIZE_ROWS,
  MAX_PRIZE_WEIGHT,
  MAX_SPIN_PRIZE,
  MIN_DIAMONDS_PER_SPIN,
  PRIZE_DELIVERY_STATES,
  SPIN_STATES,
} from '../spins';
import { MAX_ROW_ID, ZPageQuery } from './api';
import { ZCurrency } from './codes';
import { ZOrderBonus, ZPromoCode } from './order-rewards';

export * from './order-rewards';

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

const prizeNumber = (max: number) =>
  z.number({ error: M.spin_prizes_invalid }).int(M.spin_prizes_invalid).max(max, M.spin_prizes_invalid);

export const ZSpinPrize = z.object({
  diamonds: prizeNumber(MAX_SPIN_PRIZE).min(0, M.spin_prizes_invalid),
  weight: prizeNumber(MAX_PRIZE_WEIGHT).min(1, M.spin_prizes_invalid),
});

/** PUT /api/v1/rewards/spin-settings (superusers): spins on or off, their price in diamonds, the prize table. */
export const ZSpinSettingsInput = z.object({
  active: z.boolean(),
  diamonds_per_spin: z
    .number({ error: M.spin_per_spin_invalid })
    .int(M.spin_per_spin_invalid)
    .min(MIN_DIAMONDS_PER_SPIN, M.spin_per_spin_invalid)
    .max(MAX_DIAMONDS_PER_SPIN, M.spin_per_spin_invalid),
  prizes: z
    .array(ZSpinPrize, { error: M.spin_prizes_invalid })
    .min(1, M.spin_prizes_invalid)
    .max(MAX_PRIZE_ROWS, M.spin_prizes_invalid),
});
export type TSpinSettingsInput = z.input<typeof ZSpinSettingsInput>;

/** GET /api/v1/rewards/spin-settings: the settings and what spins have cost so far. */
export const ZSpinSettings = ZSpinSettingsInput.extend({
  /** Spins earned and not withdrawn (pending, available or spun). */
  spins_granted: z.number().int(),
  spins_spun: z.number().int(),
  /** Prize diamonds BIGO delivered; queued or under way; failed (an operator can send them again). */
  prize_diamonds_delivered: z.number().int(),
  prize_diamonds_queued: z.number().int(),
  prizes_failed: z.number().int(),
  updated_at: z.string(),
});
export type TSpinSettings = z.infer<typeof ZSpinSettings>;

/** One spin, as its owner (and the console) sees it. */
export const ZSpin = z.object({
  id: z.number().int(),
  state: z.enum(SPIN_STATES),
  /** The order whose diamonds earned it; the prize goes to that order's BIGO ID. */
  order_num: z.string(),
  game_id: z.string(),
  /** Spun spins: the prize (0 = none) and its delivery. */
  prize_diamonds: z.number().int().nullable(),
  delivery: z.enum(PRIZE_DELIVERY_STATES).nullable(),
  created_at: z.string(),
  spun_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type TSpin = z.infer<typeof ZSpin>;

/** A bonus an order of the buyer got (the rewards page's history). */
export const ZBonusRecord = ZOrderBonus.extend({
  order_num: z.string(),
  created_at: z.string(),
});
export type TBonusRecord = z.infer<typeof ZBonusRecord>;

/** GET /api/v1/rewards/me (signed in): spins and the history of prizes and bonuses. */
export const ZMyRewards = z.object({
  /** Spins are on (an operator may pause them; earned spins are kept). */
  spins_active: z.boolean(),
  diamonds_per_spin: z.number().int(),
  /** Diamonds bought towards the next spin (0 … diamonds_per_spin − 1). */
  progress_diamonds: z.number().int(),
  /** The prizes a spin can draw (distinct amounts, ascending), for the wheel. */
  prize_amounts: z.array(z.number().int()),
  /** Newest first: available and pending spins, then spun and withdrawn ones (at most 100). */
  spins: z.array(ZSpin),
  /** Newest first, at most 100. */
  bonuses: z.array(ZBonusRecord),
});
export type TMyRewards = z.infer<typeof ZMyRewards>;

/** POST /api/v1/rewards/spins/{id}/spin: the spin as it is now (a repeated call answers the same prize). */
export const ZSpinResult = z.object({ spin: ZSpin, available: z.number().int() });
export type TSpinResult = z.infer<typeof ZSpinResult>;

/** A spun prize in the console's list (GET /api/v1/rewards/prizes): whose it is and why a delivery failed. */
export const ZPrizeRecord = ZSpin.extend({
  /** Null once the buyer's account is deleted (the prize stays on record). */
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The prize's own bu_orderid at BIGO. */
  bu_orderid: z.string(),
  failure_reason: z.string().nullable(),
});
export type TPrizeRecord = z.infer<typeof ZPrizeRecord>;

/** GET /api/v1/rewards/prizes: paged, newest spin first; `delivery` filters (e.g. failed). */
export const ZPrizeQuery = ZPageQuery.extend({
  delivery: z.enum(PRIZE_DELIVERY_STATES).optional(),
});
