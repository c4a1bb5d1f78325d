import type { TCurrency } from '@ezrecharge/shared/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserHints, likelyCurrency, regionOf } from './likely-currency';

const SOLD: readonly TCurrency[] = ['SGD', 'MYR', 'USD'];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the currency a buyer likely pays in', () => {
  it.each([
    // [languages, time zone, sold, expected]
    [['en-MY', 'en'], 'Asia/Kuala_Lumpur', SOLD, 'MYR'],
    [['en-MY'], 'UTC', SOLD, 'MYR'],
    [['ms-MY'], undefined, SOLD, 'MYR'],
    [['en-US', 'en'], 'Asia/Kuala_Lumpur', SOLD, 'MYR'],
    [['zh-CN', 'zh'], 'Asia/Kuching', SOLD, 'MYR'],
    [['zh-SG'], 'Asia/Kuala_Lumpur', ['MYR', 'SGD'], 'SGD'],
    [['en'], 'Asia/Singapore', ['MYR', 'SGD'], 'SGD'],
    [['en-GB', 'en'], 'Europe/London', ['MYR', 'SGD'], 'MYR'],
    [['en-US'], 'UTC', SOLD, 'SGD'],
    [['en-MY'], 'Asia/Kuala_Lumpur', ['SGD', 'USD'], 'SGD'],
    [['not a tag', 'en-MY'], 'Not/AZone', SOLD, 'MYR'],
    [[], undefined, ['USD'], 'USD'],
  ] as const)('%j on %s clock, selling %j: %s', (languages, timeZone, sold, expected) => {
    expect(likelyCurrency(sold, { languages, timeZone: () => timeZone })).toBe(expected);
  });

  it('asks the clock only when the languages settle nothing', () => {
    const timeZone = vi.fn(() => 'Asia/Singapore');
    expect(likelyCurrency(SOLD, { languages: ['en-US', 'en-MY'], timeZone })).toBe('MYR');
    expect(timeZone).not.toHaveBeenCalled();
    expect(likelyCurrency(SOLD, { languages: ['en-US'], timeZone })).toBe('SGD');
    expect(timeZone).toHaveBeenCalledOnce();
  });

  it('is nothing when nothing is sold', () => {
    expect(likelyCurrency([], { languages: ['en-MY'], timeZone: () => 'Asia/Kuala_Lumpur' })).toBeUndefined();
  });

  it.each([
    ['en-MY', 'MY'],
    ['en-my', 'MY'],
    ['zh-Hans-SG', 'SG'],
    ['es-419', '419'],
    ['ms-MY-x-private', 'MY'],
    ['en', undefined],
    ['zh-Hans', undefined],
    ['not a tag', undefined],
    ['', undefined],
  ])('reads the region of %j as %s, as Intl.Locale does', (tag, region) => {
    expect(regionOf(tag)).toBe(region);
    let intlRegion: string | undefined;
    try {
      intlRegion = new Intl.Locale(tag).region;
    } catch {
      intlRegion = undefined;
    }
    expect(intlRegion).toBe(region);
  });

  it('reads the browser’s languages and, on a UTC+8 clock, its time zone', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-MY', 'en']);
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'Asia/Kuching' };
    });
    const hints = browserHints();
    expect(hints.languages).toEqual(['en-MY', 'en']);
    expect(hints.timeZone()).toBe('Asia/Kuching');
  });

  it('does not resolve the time zone on a clock no shop zone keeps (no Intl work on load)', () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
    const resolvedOptions = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    expect(browserHints().timeZone()).toBeUndefined();
    expect(resolvedOptions).not.toHaveBeenCalled();
  });
});
