import { describe, expect, it } from 'vitest';
import { escapeHtml, groupedNumber, oneLine, utc8Minute } from './mail-text';

describe('mail text helpers', () => {
  it('flattens control characters to spaces', () => {
    expect(oneLine('a\r\nBcc: x\tz\u0000')).toBe('a  Bcc: x z ');
  });

  it('escapes markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes the shop time (UTC+8) to the minute', () => {
    expect(utc8Minute(new Date('2026-11-21T10:03:59Z'))).toBe('2026-11-21 18:03');
  });

  it('groups thousands', () => {
    expect(groupedNumber(1234567)).toBe('1,234,567');
  });
});
