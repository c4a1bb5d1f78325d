import { describe, expect, it } from 'vitest';
import { BIGO_RESCODES, bigoReason, bigoRescode } from './bigo-rescodes';

/** DESIGN.md §8, with what each call must do about each code. */
const EXPECTED: [number, 'ok' | 'rejected' | 'unavailable', 'delivered' | 'retry' | 'failed'][] = [
  [0, 'ok', 'delivered'],
  [400001, 'rejected', 'failed'],
  [7212001, 'unavailable', 'failed'],
  [7212002, 'unavailable', 'failed'],
  [7212003, 'unavailable', 'failed'],
  [7212004, 'rejected', 'failed'],
  [7212005, 'rejected', 'failed'],
  [7212006, 'unavailable', 'failed'],
  [7212008, 'rejected', 'failed'],
  [7212009, 'unavailable', 'failed'],
  [7212010, 'unavailable', 'delivered'],
  [7212011, 'unavailable', 'failed'],
  [7212012, 'unavailable', 'retry'],
  [500001, 'unavailable', 'retry'],
];

describe('BIGO rescodes', () => {
  it.each(EXPECTED)('%i: precheck %s, recharge %s', (code, precheck, recharge) => {
    expect(bigoRescode(code)).toMatchObject({ precheck, recharge });
  });

  it('covers exactly the documented codes', () => {
    expect(Object.keys(BIGO_RESCODES).map(Number).sort()).toEqual(EXPECTED.map(([c]) => c).sort());
  });

  it('treats an unknown code as "ask again later", which a unique bu_orderid makes safe', () => {
    expect(bigoRescode(7299999)).toMatchObject({ precheck: 'unavailable', recharge: 'retry' });
    expect(bigoRescode(-1)).toMatchObject({ precheck: 'unavailable', recharge: 'retry' });
  });

  it('explains a code in English and keeps BIGO own message after it, shortened', () => {
    expect(bigoReason(7212004, 'user not found')).toBe(
      'This BIGO ID does not exist (BIGO 7212004: user not found)',
    );
    expect(bigoReason(7212011, undefined)).toBe(
      "The reseller's diamond balance at BIGO is too low (BIGO 7212011)",
    );
    expect(bigoReason(500001, 'x'.repeat(500)).length).toBeLessThan(300);
  });
});
