import { describe, expect, it } from 'vitest';
import { addDays, dayBefore, dayIn } from './shop-day';

describe('dayIn', () => {
  it('names the day of the zone, which may be ahead of or behind UTC’s', () => {
    const at = new Date('2026-12-06T18:30:00Z');
    expect(dayIn(at, 'Asia/Singapore')).toBe('2026-12-07');
    expect(dayIn(at, 'UTC')).toBe('2026-12-06');
    expect(dayIn(new Date('2026-12-07T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-12-06');
  });

  it('refuses a zone it does not know', () => {
    expect(() => dayIn(new Date(), 'Not/AZone')).toThrow(RangeError);
  });
});

describe('dayBefore', () => {
  it('steps back over the ends of months and years, and refuses what is not a day', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(() => dayBefore('yesterday')).toThrow('not a day');
  });
});

describe('addDays', () => {
  it('counts calendar days either way, over the ends of months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-07', -29)).toBe('2026-11-08');
    expect(addDays('2026-12-07', 0)).toBe('2026-12-07');
  });
});
