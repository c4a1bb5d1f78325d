import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) through `otpauth`: HMAC-SHA1, 6 digits, 30-second steps, the settings
 * every authenticator app understands. A new secret is 160 random bits from the CSPRNG (RFC 4226 §4 R6, ASVS 5.0
 * 6.5.3). The server's clock is the only time source (ASVS 6.5.8).
 *
 * A code is accepted for the current step or one step either side (RFC 6238 §5.2: at most one step of network
 * delay and clock drift; a phone a little ahead or a code typed as it changes still works), and only for a step
 * later than the last one accepted for the user (`lastStep`), so a code works once and an older code seen over a
 * shoulder dies as soon as a newer one is used (RFC 6238 §5.2, ASVS 6.5.1).
 */

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of the current one. */
export const TOTP_WINDOW = 1;
const ISSUER = 'EzRecharge';

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  });
}

/** A new secret, base32 (what an authenticator app is given). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/EzRecharge:<account>?secret=…` URI that the enrolment QR code carries. */
export function totpUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/** The time step of an instant. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The code of `secret` at `at` (tests and the enrolment check use it). */
export function totpCode(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}

/**
 * The step of `code` if it is the code of `secret` within the window around `at` and later than `lastStep`;
 * otherwise null (wrong, too old, too far ahead, or already used).
 */
export function acceptTotp(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(at) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
