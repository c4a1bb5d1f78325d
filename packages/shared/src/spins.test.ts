import { describe, expect, it } from 'vitest';
import { ZSpinSettingsInput } from './schemas';
import { prizeAt, prizeOrderId, spinsEarned, totalWeight } from './spins';

const table = [
  { diamonds: 10, weight: 3 },
  { diamonds: 0, weight: 1 },
  { diamonds: 1200, weight: 2 },
];

describe('spins', () => {
  it('earns one spin per whole 600 diamonds (SPEC.md §1)', () => {
    expect(spinsEarned(599, 600)).toBe(0);
    expect(spinsEarned(600, 600)).toBe(1);
    expect(spinsEarned(4100, 600)).toBe(6);
    expect(spinsEarned(4100, 0)).toBe(0);
  });

  it('gives each prize a run of draws as long as its weight, in table order', () => {
    expect(totalWeight(table)).toBe(6);
    expect([0, 1, 2, 3, 4, 5].map((draw) => prizeAt(table, draw).diamonds)).toEqual([
      10, 10, 10, 0, 1200, 1200,
    ]);
    expect(() => prizeAt(table, 6)).toThrow(RangeError);
    expect(() => prizeAt(table, -1)).toThrow(RangeError);
    expect(() => prizeAt(table, 1.5)).toThrow(RangeError);
  });

  it("names a prize's delivery apart from its order, within BIGO's bu_orderid rule", () => {
    const longest = prizeOrderId(`EZ${'20261126'}${'a'.repeat(20)}`, 99);
    expect(longest).toMatch(/^[0-9A-Za-z_]{1,40}$/);
    expect(prizeOrderId('EZABCDEFGHJKMNPQRSTVWXYZ01', 1)).toBe('EZABCDEFGHJKMNPQRSTVWXYZ01_S1');
  });

  it('takes prize tables of 1 to 12 rows, 0 to 1 200 diamonds, weights of 1 or more', () => {
    const ok = { active: true, diamonds_per_spin: 600, prizes: table };
    expect(ZSpinSettingsInput.safeParse(ok).success).toBe(true);
    for (const prizes of [
      [],
      [{ diamonds: 1201, weight: 1 }],
      [{ diamonds: 5, weight: 0 }],
      Array(13).fill(table[0]),
    ]) {
      const parsed = ZSpinSettingsInput.safeParse({ ...ok, prizes });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('spin_prizes_invalid');
    }
    expect(ZSpinSettingsInput.safeParse({ ...ok, diamonds_per_spin: 99 }).error?.issues[0]?.message).toBe(
      'spin_per_spin_invalid',
    );
  });
});
