import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './sql';

describe('LIKE patterns', () => {
  it('match %, _ and \\ literally', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('充值 plain-1.x')).toBe('充值 plain-1.x');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
