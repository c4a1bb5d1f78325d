import { MSG, type TMessageKey } from './messages';
import { currencyExponent, type TCurrency } from './money';

/**
 * Rewards (issue #16): the bonus diamonds an order earns besides the ones it buys. One rule decides every bonus, on
 * the server (which fixes it in the order's transaction) and in the browser (which only shows it): a promotion and
 * the facts of one order go in, the bonus or the reason it does not apply comes out. Nothing here reads a clock or
 * a database; the caller passes `now` and the counts it read under the promotion's row lock.
 *
 * - `code`: a promo code the buyer types (case-insensitive), a fixed bonus or a percentage of the pack's diamonds.
 * - `welcome`: a registered user's first paid order, once per account and once per BIGO ID (fixed).
 * - `channel`: N diamonds per whole currency unit paid through the channels an operator names (per_unit); the
 *   channel is the one of the verified payment result, so this bonus is fixed when the payment is recorded.
 */

export const PROMOTION_KINDS = ['code', 'welcome', 'channel'] as const;
export type TPromotionKind = (typeof PROMOTION_KINDS)[number];

export const BONUS_TYPES = ['fixed', 'percent', 'per_unit'] as const;
export type TBonusType = (typeof BONUS_TYPES)[number];

/** Which bonus types each kind takes. */
export const BONUS_TYPES_OF: Readonly<Record<TPromotionKind, readonly TBonusType[]>> = {
  code: ['fixed', 'percent'],
  welcome: ['fixed'],
  channel: ['per_unit'],
};

/** The largest bonus one promotion may give one order (the spin prize table's top is 1 200, a pack 100 000). */
export const MAX_BONUS_DIAMONDS = 10_000;
/** A promo code: 3–32 letters, digits, dash or underscore; compared in upper case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** The code as stored and compared: trimmed, upper case. */
export const normalizePromoCode = (code: string): string => code.trim().toUpperCase();

/** A promotion as the rule needs it (the API's and the database's field names). */
export interface TPromotionRule {
  kind: TPromotionKind;
  bonus_type: TBonusType;
  /** Diamonds (fixed), percent of the pack's diamonds (percent, 1–100), or diamonds per currency unit (per_unit). */
  bonus_value: number;
  /** Empty = every currency. */
  currencies: readonly TCurrency[];
  /** Empty = every product. */
  product_ids: readonly number[];
  /** `channel` kind: payment channel names as the provider reports them, compared case-insensitively. */
  channels: readonly string[];
  /** ISO times; null = open. */
  valid_from: string | null;
  valid_to: string | null;
  /** Diamonds this promotion may give in all; null = no limit. */
  budget_diamonds: number | null;
  /** Orders per buyer (account, or BIGO ID for visitors); null = no limit. Welcome: always 1. */
  uses_per_buyer: number | null;
  /** Minimum order amount per currency, minor units; a currency not named has no minimum. */
  min_spend: Partial<Record<TCurrency, number>>;
  /** false = paused by an operator (or never turned on). */
  active: boolean;
}

/** The facts of one order that a promotion depends on. */
export interface TBonusFacts {
  currency: TCurrency;
  product_id: number | null;
  /** What the buyer pays, minor units. */
  amount: number;
  /** Diamonds bought. */
  amount_game: number;
  now: Date;
  /** `channel` kind: the payment channel of the verified result. */
  channel?: string | null;
  /** Bonuses of this promotion already held by this buyer (live orders only). */
  uses_by_buyer: number;
  /** Diamonds of this promotion already granted or reserved (live orders only). */
  budget_used: number;
}

export type TBonusDecision = { ok: true; diamonds: number } | { ok: false; reason: TMessageKey };

/** The bonus before any limit: what the promotion's formula gives this order. */
export function bonusDiamonds(
  rule: Pick<TPromotionRule, 'bonus_type' | 'bonus_value'>,
  facts: TBonusFacts,
): number {
  let diamonds: number;
  switch (rule.bonus_type) {
    case 'fixed':
      diamonds = rule.bonus_value;
      break;
    case 'percent':
      diamonds = Math.floor((facts.amount_game * rule.bonus_value) / 100);
      break;
    case 'per_unit':
      // Whole currency units only: 27.60 SGD at 1 per unit gives 27.
      diamonds = Math.floor(facts.amount / 10 ** currencyExponent(facts.currency)) * rule.bonus_value;
      break;
  }
  return Math.min(Math.max(0, diamonds), MAX_BONUS_DIAMONDS);
}

/**
 * Whether the promotion gives this order a bonus, and how many diamonds. The checks run in this order and the first
 * failing one is the buyer's reason (a paused code reads as unknown: it is not on offer).
 */
export function decideBonus(rule: TPromotionRule, facts: TBonusFacts): TBonusDecision {
  const refuse = (reason: TMessageKey): TBonusDecision => ({ ok: false, reason });
  if (!rule.active) return refuse(MSG.promo_not_found);
  if (rule.valid_from !== null && facts.now < new Date(rule.valid_from)) return refuse(MSG.promo_not_started);
  if (rule.valid_to !== null && facts.now >= new Date(rule.valid_to)) return refuse(MSG.promo_expired);
  if (rule.currencies.length > 0 && !rule.currencies.includes(facts.currency))
    return refuse(MSG.promo_currency);
  if (
    rule.product_ids.length > 0 &&
    (facts.product_id === null || !rule.product_ids.includes(facts.product_id))
  )
    return refuse(MSG.promo_product);
  const minimum = rule.min_spend[facts.currency];
  if (minimum !== undefined && facts.amount < minimum) return refuse(MSG.promo_min_spend);
  if (rule.kind === 'channel') {
    const channel = (facts.channel ?? '').toLowerCase();
    if (!rule.channels.some((c) => c.toLowerCase() === channel)) return refuse(MSG.promo_channel);
  }
  const perBuyer = rule.kind === 'welcome' ? 1 : rule.uses_per_buyer;
  if (perBuyer !== null && facts.uses_by_buyer >= perBuyer) return refuse(MSG.promo_used_by_you);
  const diamonds = bonusDiamonds(rule, facts);
  if (diamonds <= 0) return refuse(MSG.promo_too_small);
  if (rule.budget_diamonds !== null && facts.budget_used + diamonds > rule.budget_diamonds)
    return refuse(MSG.promo_used_up);
  return { ok: true, diamonds };
}

/** Whether a promotion is on offer at `now`: active, and within its dates. */
export function promotionLive(
  rule: Pick<TPromotionRule, 'active' | 'valid_from' | 'valid_to'>,
  now: Date,
): boolean {
  if (!rule.active) return false;
  if (rule.valid_from !== null && now < new Date(rule.valid_from)) return false;
  return rule.valid_to === null || now < new Date(rule.valid_to);
}
