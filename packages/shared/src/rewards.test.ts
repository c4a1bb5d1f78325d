import { describe, expect, it } from 'vitest';
import {
  bonusDiamonds,
  decideBonus,
  normalizePromoCode,
  promotionLive,
  type TBonusFacts,
  type TPromotionRule,
} from './rewards';
import { ZPromoCode, ZPromotionInput } from './schemas/rewards';

const NOW = new Date('2026-11-25T12:00:00Z');

const code = (over: Partial<TPromotionRule> = {}): TPromotionRule => ({
  kind: 'code',
  bonus_type: 'fixed',
  bonus_value: 100,
  currencies: [],
  product_ids: [],
  channels: [],
  valid_from: null,
  valid_to: null,
  budget_diamonds: null,
  uses_per_buyer: null,
  min_spend: {},
  active: true,
  ...over,
});

// SPEC.md §1's example: at rate 42, 100 dollars buy 4 100 diamonds (and a promo code adds 100).
const facts = (over: Partial<TBonusFacts> = {}): TBonusFacts => ({
  currency: 'SGD',
  product_id: 1,
  amount: 10_000,
  amount_game: 4_100,
  now: NOW,
  channel: null,
  uses_by_buyer: 0,
  budget_used: 0,
  ...over,
});

describe('decideBonus', () => {
  it('gives SPEC.md §1 example its 100 bonus diamonds', () => {
    expect(decideBonus(code(), facts())).toEqual({ ok: true, diamonds: 100 });
  });

  it('refuses with the first failing rule, in order', () => {
    const cases: [Partial<TPromotionRule>, Partial<TBonusFacts>, string][] = [
      [{ active: false }, {}, 'promo_not_found'],
      [{ valid_from: '2026-11-26T00:00:00Z' }, {}, 'promo_not_started'],
      [{ valid_to: '2026-11-25T12:00:00Z' }, {}, 'promo_expired'],
      [{ currencies: ['MYR'] }, {}, 'promo_currency'],
      [{ product_ids: [2] }, {}, 'promo_product'],
      [{ product_ids: [1] }, { product_id: null }, 'promo_product'],
      [{ min_spend: { SGD: 10_001 } }, {}, 'promo_min_spend'],
      [{ uses_per_buyer: 1 }, { uses_by_buyer: 1 }, 'promo_used_by_you'],
      [{ budget_diamonds: 1_000 }, { budget_used: 901 }, 'promo_used_up'],
      [{ bonus_type: 'percent', bonus_value: 1 }, { amount_game: 99 }, 'promo_too_small'],
      // An expired code is expired whatever else is wrong with it.
      [{ valid_to: '2026-01-01T00:00:00Z', currencies: ['MYR'] }, {}, 'promo_expired'],
    ];
    for (const [rule, fact, reason] of cases) {
      expect(decideBonus(code(rule), facts(fact)), reason).toEqual({ ok: false, reason });
    }
  });

  it('lets a budget be spent to the last diamond and a minimum be met exactly', () => {
    expect(decideBonus(code({ budget_diamonds: 1_000 }), facts({ budget_used: 900 }))).toEqual({
      ok: true,
      diamonds: 100,
    });
    expect(decideBonus(code({ min_spend: { SGD: 10_000, MYR: 1 } }), facts()).ok).toBe(true);
    expect(decideBonus(code({ valid_from: NOW.toISOString() }), facts()).ok).toBe(true);
  });

  it('gives a welcome bonus once per buyer whatever uses_per_buyer says', () => {
    const welcome = code({ kind: 'welcome', bonus_value: 50, uses_per_buyer: null });
    expect(decideBonus(welcome, facts())).toEqual({ ok: true, diamonds: 50 });
    expect(decideBonus(welcome, facts({ uses_by_buyer: 1 }))).toEqual({
      ok: false,
      reason: 'promo_used_by_you',
    });
  });

  it('gives a channel bonus per whole currency unit, only for the named channels (any case)', () => {
    const channel = code({
      kind: 'channel',
      bonus_type: 'per_unit',
      bonus_value: 1,
      channels: ['FPX_MB2U', 'PayNow'],
    });
    expect(decideBonus(channel, facts({ amount: 2_760, channel: 'paynow' }))).toEqual({
      ok: true,
      diamonds: 27,
    });
    expect(decideBonus(channel, facts({ channel: 'credit' }))).toEqual({
      ok: false,
      reason: 'promo_channel',
    });
    expect(decideBonus(channel, facts({ channel: null }))).toEqual({ ok: false, reason: 'promo_channel' });
  });
});

describe('bonusDiamonds', () => {
  it('rounds percentages and per-unit bonuses down and respects zero-decimal currencies', () => {
    expect(bonusDiamonds({ bonus_type: 'percent', bonus_value: 5 }, facts({ amount_game: 4_100 }))).toBe(205);
    expect(bonusDiamonds({ bonus_type: 'percent', bonus_value: 3 }, facts({ amount_game: 99 }))).toBe(2);
    expect(
      bonusDiamonds({ bonus_type: 'per_unit', bonus_value: 2 }, facts({ currency: 'JPY', amount: 500 })),
    ).toBe(1_000);
    expect(
      bonusDiamonds({ bonus_type: 'per_unit', bonus_value: 1 }, facts({ currency: 'JOD', amount: 1_999 })),
    ).toBe(1);
  });

  it('never gives more than the per-promotion cap', () => {
    expect(bonusDiamonds({ bonus_type: 'percent', bonus_value: 100 }, facts({ amount_game: 100_000 }))).toBe(
      10_000,
    );
  });
});

describe('promo codes and promotion input', () => {
  it('compares codes trimmed and in upper case', () => {
    expect(normalizePromoCode('  welcome100 ')).toBe('WELCOME100');
    expect(ZPromoCode.parse(' hari-raya_26 ')).toBe('HARI-RAYA_26');
    expect(ZPromoCode.parse('')).toBe('');
    expect(ZPromoCode.safeParse('a b').success).toBe(false);
    expect(ZPromoCode.safeParse('ab').success).toBe(false);
  });

  it('checks that the bonus type fits the kind and the fields each kind needs', () => {
    const base = { name: 'Test', bonus_value: 100 };
    expect(
      ZPromotionInput.safeParse({ ...base, kind: 'code', code: 'BONUS100', bonus_type: 'fixed' }).success,
    ).toBe(true);
    const issues = (input: object) =>
      ZPromotionInput.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues({ ...base, kind: 'code', bonus_type: 'fixed' })).toEqual(['code:promo_code_format']);
    expect(issues({ ...base, kind: 'welcome', bonus_type: 'percent' })).toEqual([
      'bonus_type:promotion_bonus_invalid',
    ]);
    expect(issues({ ...base, kind: 'code', code: 'X100', bonus_type: 'percent', bonus_value: 101 })).toEqual([
      'bonus_value:promotion_bonus_invalid',
    ]);
    expect(issues({ ...base, kind: 'channel', bonus_type: 'per_unit' })).toEqual([
      'channels:promotion_channels_required',
    ]);
    expect(
      issues({
        ...base,
        kind: 'welcome',
        bonus_type: 'fixed',
        valid_from: '2026-12-01T00:00:00+08:00',
        valid_to: '2026-11-30T00:00:00+08:00',
      }),
    ).toEqual(['valid_to:promotion_dates_invalid']);
  });
});

describe('live offers (issue #32)', () => {
  const now = new Date('2026-12-06T04:00:00Z');
  it('a promotion is live while active and within its dates', () => {
    const live = (valid_from: string | null, valid_to: string | null, active = true) =>
      promotionLive({ active, valid_from, valid_to }, now);
    expect(live(null, null)).toBe(true);
    expect(live(null, null, false)).toBe(false);
    expect(live('2026-12-06T04:00:01Z', null)).toBe(false);
    expect(live('2026-12-06T04:00:00Z', null)).toBe(true);
    expect(live(null, '2026-12-06T04:00:00Z')).toBe(false);
    expect(live(null, '2026-12-06T04:00:01Z')).toBe(true);
  });
});
