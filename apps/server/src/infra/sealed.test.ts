import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed';

describe('sealed at rest', () => {
  const secret = 's'.repeat(40);

  it('opens what it sealed, and only with the same secret and purpose', () => {
    const sealed = seal(secret, 'refund-beneficiary', '{"account_no":"1234567890"}');
    expect(sealed).not.toContain('1234567890');
    expect(unseal(secret, 'refund-beneficiary', sealed)).toBe('{"account_no":"1234567890"}');
    expect(unseal('t'.repeat(40), 'refund-beneficiary', sealed)).toBeNull();
    expect(unseal(secret, 'something-else', sealed)).toBeNull();
  });

  it('seals the same text differently each time, and refuses a changed or malformed value', () => {
    const a = seal(secret, 'p', 'same');
    expect(seal(secret, 'p', 'same')).not.toBe(a);
    const parts = a.split('.');
    const flipped = [
      ...parts.slice(0, 3),
      `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`,
    ].join('.');
    expect(unseal(secret, 'p', flipped)).toBeNull();
    expect(unseal(secret, 'p', 'v1.x')).toBeNull();
    expect(unseal(secret, 'p', 'plain text')).toBeNull();
  });
});
