import { describe, expect, it } from 'vitest';
import { dayBefore, nextMorning, shopDayOf, shopDayWindow } from './shop-day';

describe('shop days', () => {
  it('bounds a Singapore day at its midnights (UTC+8)', () => {
    const { from, to } = shopDayWindow('2026-12-05', 'Asia/Singapore');
    expect(from.toISOString()).toBe('2026-12-04T16:00:00.000Z');
    expect(to.toISOString()).toBe('2026-12-05T16:00:00.000Z');
  });

  it('gives a day with a daylight-saving change its real length', () => {
    const spring = shopDayWindow('2026-03-08', 'America/New_York');
    expect(spring.from.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
  });

  it('names the day an instant falls in, the day before, and the next morning run', () => {
    expect(shopDayOf(new Date('2026-12-05T16:30:00Z'), 'Asia/Singapore')).toBe('2026-12-06');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(nextMorning(new Date('2026-12-05T20:00:00Z'), 'Asia/Singapore', 6).toISOString()).toBe(
      '2026-12-05T22:00:00.000Z',
    );
    expect(nextMorning(new Date('2026-12-05T23:00:00Z'), 'Asia/Singapore', 6).toISOString()).toBe(
      '2026-12-06T22:00:00.000Z',
    );
  });
});
