import { MSG } from '@ezrecharge/shared';
import { describe, expect, it } from 'vitest';
import { type CommitDecision, codeRefusal, grantsOf, ruleOf } from './rewards-grants';
import type { PromotionRow } from './rewards-repository';

const row = (over: Partial<PromotionRow> = {}): PromotionRow => ({
  id: 1,
  kind: 'code',
  name: 'Code',
  code: 'SUMMER',
  bonusType: 'fixed',
  bonusValue: 100,
  currencies: ['SGD', 'XXX'],
  productIds: [3],
  channels: [],
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validTo: null,
  budgetDiamonds: 500,
  usesPerBuyer: null,
  minSpend: { SGD: 1000 },
  active: true,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

describe('ruleOf', () => {
  it('reads a promotion row as the shared rule does, dropping currencies the shop does not have', () => {
    expect(ruleOf(row())).toEqual({
      kind: 'code',
      bonus_type: 'fixed',
      bonus_value: 100,
      currencies: ['SGD'],
      product_ids: [3],
      channels: [],
      valid_from: '2026-01-01T00:00:00.000Z',
      valid_to: null,
      budget_diamonds: 500,
      uses_per_buyer: null,
      min_spend: { SGD: 1000 },
      active: true,
    });
  });
});

describe('the commit decision', () => {
  const code = row();
  const welcome = row({ id: 2, kind: 'welcome', code: null, bonusValue: 50 });

  it('grants the code first, then the welcome bonus', () => {
    const decision: CommitDecision = {
      code: { code: 'SUMMER', verdict: { promotion: code, decision: { ok: true, diamonds: 100 } } },
      welcome: { promotion: welcome, decision: { ok: true, diamonds: 50 } },
    };
    expect(grantsOf(decision).map((g) => [g.promotion.id, g.diamonds])).toEqual([
      [1, 100],
      [2, 50],
    ]);
    expect(codeRefusal(decision)).toBeNull();
  });

  it('refuses an unknown code as "not found", and a refused code with its reason', () => {
    expect(codeRefusal({ code: { code: 'NOPE', verdict: null }, welcome: null })).toEqual({
      ok: false,
      reason: MSG.promo_not_found,
    });
    const refused: CommitDecision = {
      code: {
        code: 'SUMMER',
        verdict: { promotion: code, decision: { ok: false, reason: MSG.promo_used_up } },
      },
      welcome: null,
    };
    expect(codeRefusal(refused)).toEqual({ ok: false, reason: MSG.promo_used_up });
    expect(grantsOf(refused)).toEqual([]);
    expect(codeRefusal({ code: null, welcome: null })).toBeNull();
  });
});
