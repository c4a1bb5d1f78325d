import { describe, expect, it } from 'vitest';
import { isTimeZone, shopMinute } from './shop-time';

describe('shop time in e-mails', () => {
  const at = new Date('2026-11-21T10:03:59Z');

  it('writes the minute in the shop’s zone, with the zone named in the reader’s language', () => {
    expect(shopMinute(at, 'Asia/Singapore', 'en')).toBe('2026-11-21 18:03 (Singapore Standard Time, GMT+8)');
    expect(shopMinute(at, 'Asia/Singapore', 'zh')).toBe('2026-11-21 18:03（新加坡标准时间，GMT+8）');
    expect(shopMinute(at, 'Asia/Kuala_Lumpur', 'en')).toBe('2026-11-21 18:03 (Malaysia Time, GMT+8)');
  });

  it('follows another zone across midnight', () => {
    expect(shopMinute(new Date('2026-11-21T20:30:00Z'), 'Asia/Singapore')).toMatch(/^2026-11-22 04:30 /);
    expect(shopMinute(at, 'UTC')).toMatch(/^2026-11-21 10:03 \(Coordinated Universal Time, GMT(\+0)?\)$/);
  });

  it('knows a zone from a typo', () => {
    expect(isTimeZone('Asia/Singapore')).toBe(true);
    expect(isTimeZone('Asia/Singapur')).toBe(false);
  });
});
