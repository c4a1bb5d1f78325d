import type { TCurrency } from '@ezrecharge/shared/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserHints, likelyCurrency } from './likely-currency';

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
    expect(likelyCurrency(sold, { languages, timeZone })).toBe(expected);
  });

  it('is nothing when nothing is sold', () => {
    expect(likelyCurrency([], { languages: ['en-MY'], timeZone: 'Asia/Kuala_Lumpur' })).toBeUndefined();
  });

  it('reads the browser’s languages and clock', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-MY', 'en']);
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'Asia/Kuching' };
    });
    expect(browserHints()).toEqual({ languages: ['en-MY', 'en'], timeZone: 'Asia/Kuching' });
  });
});
