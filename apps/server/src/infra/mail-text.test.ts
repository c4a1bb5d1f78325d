import { describe, expect, it } from 'vitest';
import { escapeHtml, groupedNumber, oneLine } from './mail-text';

describe('mail text helpers', () => {
  it('flattens control characters to spaces', () => {
    expect(oneLine('a\r\nBcc: x\tz\u0000')).toBe('a  Bcc: x z ');
  });

  it('escapes markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('groups thousands', () => {
    expect(groupedNumber(1234567)).toBe('1,234,567');
  });
});
