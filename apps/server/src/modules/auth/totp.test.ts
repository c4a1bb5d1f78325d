import { describe, expect, it } from 'vitest';
import { acceptTotp, newTotpSecret, totpCode, totpStep, totpUri } from './totp';

/** RFC 6238 Appendix B, SHA-1: the ASCII secret "12345678901234567890"; our 6 digits are the last 6 of its 8. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP codes', () => {
  it('are those of the RFC 6238 test vectors', () => {
    for (const [seconds, eight] of RFC_VECTORS)
      expect(totpCode(RFC_SECRET, at(seconds))).toBe(eight.slice(2));
  });

  it('come from new 160-bit secrets, a different one each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('travel in an otpauth URI with the issuer and the account', () => {
    const uri = totpUri(RFC_SECRET, 'alice');
    expect(uri).toMatch(/^otpauth:\/\/totp\/EzRecharge:alice\?/);
    expect(uri).toContain(`secret=${RFC_SECRET}`);
    expect(uri).toContain('period=30');
    expect(uri).toContain('digits=6');
  });
});

describe('acceptTotp: the verification window', () => {
  const now = at(1_800_000_015);
  const step = totpStep(now);
  const codeAt = (offsetSteps: number) => totpCode(RFC_SECRET, at((step + offsetSteps) * 30 + 1));

  it('accepts the code of this step and of one step either side, and says which step it was', () => {
    expect(acceptTotp(RFC_SECRET, codeAt(0), now, null)).toBe(step);
    expect(acceptTotp(RFC_SECRET, codeAt(-1), now, null)).toBe(step - 1);
    expect(acceptTotp(RFC_SECRET, codeAt(1), now, null)).toBe(step + 1);
  });

  it("refuses a code two steps old or two steps ahead, another secret's code and malformed input", () => {
    expect(acceptTotp(RFC_SECRET, codeAt(-2), now, null)).toBeNull();
    expect(acceptTotp(RFC_SECRET, codeAt(2), now, null)).toBeNull();
    expect(acceptTotp(newTotpSecret(), codeAt(0), now, null)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', ` ${codeAt(0)}`]) {
      expect(acceptTotp(RFC_SECRET, bad, now, null)).toBeNull();
    }
  });
});

describe('acceptTotp: replay', () => {
  const now = at(1_900_000_000);
  const step = totpStep(now);
  const codeAt = (offsetSteps: number) => totpCode(RFC_SECRET, at((step + offsetSteps) * 30));

  it('refuses a code whose step was already used, even within its window', () => {
    const used = acceptTotp(RFC_SECRET, codeAt(0), now, null);
    expect(used).toBe(step);
    expect(acceptTotp(RFC_SECRET, codeAt(0), now, used)).toBeNull();
    // 20 seconds later the same code is still inside the window, and still refused.
    expect(acceptTotp(RFC_SECRET, codeAt(0), new Date(now.getTime() + 20_000), used)).toBeNull();
  });

  it("refuses an older code once a newer one was used, and takes the next step's code", () => {
    expect(acceptTotp(RFC_SECRET, codeAt(-1), now, step)).toBeNull();
    expect(acceptTotp(RFC_SECRET, codeAt(1), now, step)).toBe(step + 1);
  });
});
