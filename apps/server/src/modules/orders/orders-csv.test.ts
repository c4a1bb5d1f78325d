import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './orders-csv';

describe('CSV cells of the order export', () => {
  it('neutralises every start OWASP lists: = + - @ tab and carriage return', () => {
    expect(csvCell('=cmd|/C calc!A0')).toBe("'=cmd|/C calc!A0");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
  });

  it('quotes separators, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=a,"b"')).toBe('"\'=a,""b"""');
    expect(csvCell('钻石 100')).toBe('钻石 100');
    expect(csvCell('buyer@example.com')).toBe('buyer@example.com');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends a record with CRLF', () => {
    expect(csvLine(['a', 1, null, '=x'])).toBe("a,1,,'=x\r\n");
  });
});
