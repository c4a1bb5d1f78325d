import { describe, expect, it } from 'vitest';
import { isTimeZone, shopMinute, shopSecondsFormatter } from './shop-time';

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

describe('shop time to the second, for many rows', () => {
  it('agrees with Intl on every quarter hour around a daylight-saving change, and keeps the seconds', () => {
    const zone = 'Europe/London';
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const format = shopSecondsFormatter(zone);
    // 2026-03-29 01:00 UTC: the clocks go forward; every 7 min 13.5 s across two days.
    for (let ms = Date.UTC(2026, 2, 28); ms < Date.UTC(2026, 2, 30); ms += 433_500) {
      expect(format(new Date(ms))).toBe(intl.format(new Date(ms)));
    }
  });

  it('writes Singapore time, and zones half an hour off', () => {
    expect(shopSecondsFormatter('Asia/Singapore')(new Date('2026-11-21T20:30:59.999Z'))).toBe(
      '2026-11-22 04:30:59',
    );
    expect(shopSecondsFormatter('Asia/Kolkata')(new Date('2026-11-21T10:03:59Z'))).toBe(
      '2026-11-21 15:33:59',
    );
  });
});
