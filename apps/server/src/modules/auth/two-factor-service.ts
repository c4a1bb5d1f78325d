import { randomInt } from 'node:crypto';
import {
  MSG,
  type TAccessToken,
  type TRecoveryCodes,
  type TTwoFactorChallenge,
  type TTwoFactorConfirm,
  type TTwoFactorLogin,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
} from '@ezrecharge/shared';
import QRCode from 'qrcode';
import type { Sessions, SessionUser } from '../../infra/auth';
import type { Db, DbOrTx } from '../../infra/db';
import { AppError } from '../../infra/http';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import {
  clearFailures,
  countFailure,
  ensureBelow,
  type Limit,
  type RateLimiter,
} from '../../infra/rate-limit';
import { seal, unseal } from '../../infra/sealed';
import { keyedHash, newToken } from '../../infra/tokens';
import * as repo from './auth-repository';
import { acceptTotp, newTotpSecret, totpUri } from './totp';

/**
 * Two-factor sign-in (issue #15, OWASP ASVS 5.0 V6 level 2): TOTP (totp.ts) with single-use recovery codes. Every
 * superuser must have it (infra/auth.ts refuses their admin calls until a session passed it); any user may turn
 * it on.
 *
 * - Enrolment: `setup` stores a new secret, sealed with APP_SECRET (infra/sealed.ts), and shows it as text and as
 *   a QR code; `enable` turns it on with the current password and a first code from the app, answers ten recovery
 *   codes once (stored as argon2id hashes: they hold fewer than 112 bits, ASVS 6.5.2), marks this session as having
 *   passed the second factor and signs out the user's other sessions.
 * - Sign-in: a right password (auth-service.ts) answers a challenge instead of a session: an opaque token, only its
 *   keyed hash stored, alive 5 minutes, 5 tries, used once. It is not a session (no guard knows it); `complete`
 *   exchanges it with a TOTP or a recovery code for a session marked as having passed the second factor.
 * - Codes: a TOTP works once (the last step used is recorded, and only a later step is accepted), a recovery code
 *   once; wrong codes count per user (10 per 15 minutes, from any challenge or address) and per challenge.
 * - Turning it off needs the password and a code, and is refused to superusers.
 */

const MINUTE = 60_000;
export const TWO_FACTOR_FAILURES: Limit = { name: 'two-factor-fail', max: 10, windowMs: 15 * MINUTE };
export const CHALLENGE_TTL_MS = 5 * MINUTE;
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. 31 symbols × 10 ≈ 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Exported for `npm run rotate-keys`, which re-seals every stored secret with the newest key. */
export const SECRET_SEAL = 'totp-secret';
const CHALLENGE_PURPOSE = 'two-factor-challenge';

/** A TOTP secret as stored: sealed with APP_SECRET for this purpose only. */
export const sealTotpSecret = (appSecret: string, secret: string): string =>
  seal(appSecret, SECRET_SEAL, secret);

const codeWrong = () => AppError.badRequest(MSG.two_factor_code_wrong, { code: MSG.two_factor_code_wrong });
const signInExpired = () => AppError.badRequest(MSG.two_factor_sign_in_expired);

/** "abcde-fghjk": two groups of five, as shown and printed. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export interface TwoFactorDeps {
  db: Db;
  /** APP_SECRET: seals the TOTP secrets, keys the challenge hashes. */
  secret: string;
  limiter: RateLimiter;
  sessions: Sessions;
  now: () => Date;
}

/** The signed-in user a two-factor call is made for. */
type Caller = Pick<SessionUser, 'id' | 'username' | 'isSuperuser' | 'superuserPending' | 'sessionId'>;

const holdsSuperuserRole = (user: Caller) => user.isSuperuser || user.superuserPending;

export class TwoFactorService {
  constructor(private readonly deps: TwoFactorDeps) {}

  private openSecret(row: repo.TwoFactorRow): string {
    const secret = unseal(this.deps.secret, SECRET_SEAL, row.secretSealed);
    // Only a changed APP_SECRET does this; failing loudly beats a code that can never be right.
    if (secret === null) throw new Error('TOTP secret does not open with this APP_SECRET');
    return secret;
  }

  async isEnabled(userId: number): Promise<boolean> {
    return (await repo.findTwoFactor(this.deps.db, userId))?.enabledAt != null;
  }

  /** GET /user/two-factor */
  async status(user: Caller): Promise<TTwoFactorStatus> {
    const enabled = await this.isEnabled(user.id);
    const left = enabled ? (await repo.unusedRecoveryCodes(this.deps.db, user.id)).length : 0;
    return { enabled, required: holdsSuperuserRole(user), recovery_codes_left: left };
  }

  /** POST /user/two-factor/setup: a new secret waiting for its first code (replacing one that still waits). */
  async setup(user: Caller): Promise<TTwoFactorSetup> {
    const secret = newTotpSecret();
    if (!(await repo.savePendingSecret(this.deps.db, user.id, sealTotpSecret(this.deps.secret, secret)))) {
      throw AppError.conflict(MSG.two_factor_already_on);
    }
    const uri = totpUri(secret, user.username);
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauth_url: uri,
      qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** The password of a change to two-factor sign-in (ASVS 5.0 V7.5.1: re-authentication), counted per user. */
  private async checkPassword(userId: number, password: string): Promise<void> {
    const row = await repo.findUserById(this.deps.db, userId);
    if (row && (await verifyPassword(row.passwordHash, password))) return;
    await countFailure(this.deps.limiter, TWO_FACTOR_FAILURES, String(userId));
    throw AppError.badRequest(MSG.password_wrong, { password: MSG.password_wrong });
  }

  private async wrongCode(userId: number): Promise<never> {
    await countFailure(this.deps.limiter, TWO_FACTOR_FAILURES, String(userId));
    throw codeWrong();
  }

  /** POST /user/two-factor/enable: the first code of the waiting secret turns it on; the recovery codes, once. */
  async enable(user: Caller, input: TTwoFactorConfirm): Promise<TRecoveryCodes> {
    await ensureBelow(this.deps.limiter, TWO_FACTOR_FAILURES, String(user.id));
    await this.checkPassword(user.id, input.password);
    const row = await repo.findTwoFactor(this.deps.db, user.id);
    if (!row) throw AppError.badRequest(MSG.two_factor_not_started);
    if (row.enabledAt) throw AppError.conflict(MSG.two_factor_already_on);
    const at = this.deps.now();
    const step = acceptTotp(this.openSecret(row), input.code, at, row.lastStep);
    if (step === null) return this.wrongCode(user.id);

    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((code) => hashPassword(code.replace('-', ''))));
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.enableTwoFactor(tx, user.id, step, at)))
        throw AppError.conflict(MSG.two_factor_already_on);
      await repo.replaceRecoveryCodes(tx, user.id, hashes);
      await this.deps.sessions.markSecondFactor(tx, user.sessionId);
      await this.deps.sessions.revokeAll(tx, user.id, user.sessionId);
    });
    await clearFailures(this.deps.limiter, TWO_FACTOR_FAILURES, String(user.id));
    return { recovery_codes: codes };
  }

  /** POST /user/two-factor/disable: with the password and a code; never for a superuser. */
  async disable(user: Caller, input: TTwoFactorConfirm): Promise<void> {
    if (holdsSuperuserRole(user)) throw new AppError('forbidden', MSG.two_factor_required_for_admins);
    await ensureBelow(this.deps.limiter, TWO_FACTOR_FAILURES, String(user.id));
    await this.checkPassword(user.id, input.password);
    if (!(await this.isEnabled(user.id))) throw AppError.badRequest(MSG.two_factor_not_on);
    if (!(await this.useCode(user.id, input.code))) return this.wrongCode(user.id);
    await this.deps.db.transaction(async (tx) => {
      await repo.deleteTwoFactor(tx, user.id);
      await this.deps.sessions.revokeAll(tx, user.id, user.sessionId);
    });
    await clearFailures(this.deps.limiter, TWO_FACTOR_FAILURES, String(user.id));
  }

  /** The second step of a sign-in whose password was right (auth-service.ts), in its transaction. */
  async startChallenge(
    tx: DbOrTx,
    userId: number,
    meta: { ip?: string; userAgent?: string },
  ): Promise<TTwoFactorChallenge> {
    const token = newToken();
    await repo.insertChallenge(tx, {
      userId,
      tokenHash: keyedHash(this.deps.secret, token, CHALLENGE_PURPOSE),
      expiresAt: new Date(this.deps.now().getTime() + CHALLENGE_TTL_MS),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
    });
    return { two_factor_required: true, two_factor_token: token, expires_in: CHALLENGE_TTL_MS / 1000 };
  }

  /** POST /login/two-factor: a challenge and a TOTP or recovery code make a session. */
  async complete(input: TTwoFactorLogin, meta: { ip?: string; userAgent?: string }): Promise<TAccessToken> {
    const at = this.deps.now();
    const row = await repo.findChallenge(
      this.deps.db,
      keyedHash(this.deps.secret, input.two_factor_token, CHALLENGE_PURPOSE),
    );
    if (!row || row.usedAt || row.expiresAt <= at || row.attempts >= CHALLENGE_MAX_ATTEMPTS)
      throw signInExpired();
    await ensureBelow(this.deps.limiter, TWO_FACTOR_FAILURES, String(row.userId));
    if (!(await this.useCode(row.userId, input.code))) {
      await repo.recordChallengeAttempt(this.deps.db, row.id);
      return this.wrongCode(row.userId);
    }
    const token = await this.deps.db.transaction(async (tx) => {
      if (!(await repo.useChallenge(tx, row.id, at, CHALLENGE_MAX_ATTEMPTS))) throw signInExpired();
      const user = await repo.findUserById(tx, row.userId);
      if (!user?.isActive) throw signInExpired();
      return this.deps.sessions.create(tx, row.userId, meta, true);
    });
    await clearFailures(this.deps.limiter, TWO_FACTOR_FAILURES, String(row.userId));
    return { access_token: token, token_type: 'bearer' };
  }

  /** Uses up a TOTP (6 digits) or a recovery code of the user; false if it is not one of theirs, or used. */
  private async useCode(userId: number, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const row = await repo.findTwoFactor(this.deps.db, userId);
      if (!row?.enabledAt) return false;
      const step = acceptTotp(this.openSecret(row), code, this.deps.now(), row.lastStep);
      return step !== null && repo.useTotpStep(this.deps.db, userId, step);
    }
    const unused = await repo.unusedRecoveryCodes(this.deps.db, userId);
    const matches = await Promise.all(unused.map((r) => verifyPassword(r.codeHash, code)));
    const match = unused[matches.indexOf(true)];
    return match !== undefined && repo.useRecoveryCode(this.deps.db, match.id, this.deps.now());
  }

  /** Forgets challenges that expired long ago. */
  async sweep(before: Date): Promise<void> {
    await repo.deleteChallengesBefore(this.deps.db, before);
  }
}
