import {
  isEventTimeFresh,
  loginContext,
  MSG,
  type TCaptchaRequest,
  type TChangeMe,
  type TChangePassword,
  type TEmailChange,
  type TEmailChangeCode,
  type TForgotPassword,
  type TLoginAnswer,
  type TMe,
  type TRegister,
  type TUser,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Sessions, SessionUser } from '../../infra/auth';
import type { Db, DbOrTx } from '../../infra/db';
import { uniqueViolation } from '../../infra/db-errors';
import { AppError } from '../../infra/http';
import type { Mailer } from '../../infra/mail';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import {
  clearFailures,
  countFailure,
  enforce,
  ensureBelow,
  type Limit,
  type RateLimiter,
} from '../../infra/rate-limit';
import { newToken } from '../../infra/tokens';
import { decryptWire } from '../../infra/wire-crypto';
import { alreadyRegisteredMail, codeMail, type MailLang, passwordChangedMail } from './auth-mails';
import type { UserRow } from './auth-repository';
import * as repo from './auth-repository';
import { EmailChange } from './email-change';
import { CODE_TTL_MINUTES, EmailCodes } from './email-codes';
import { LoginGuard, signInCodeRequired, signInCodeWrong } from './login-guard';
import type { TwoFactorService } from './two-factor-service';

/**
 * Sign-in, sign-up, e-mail codes, password reset and change, profile (SPEC.md §3–§8, DESIGN.md §9).
 * Routes call one function each; every refusal is an AppError.
 */

// ---------------------------------------------------------------------------------------------------------
// Shared with other modules (they reach auth only through this file)

/** A user row as the API shows it (ZUser): snake_case, never the password hash. */
export function toApiUser(row: UserRow): TUser {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    email: row.email,
    is_superuser: row.isSuperuser,
    user_type: row.userType,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/** Case-insensitive user look-ups, for modules that may not import this module's repository. */
export const userLookups = {
  byId: (db: DbOrTx, id: number) => repo.findUserById(db, id),
  byUsername: (db: DbOrTx, username: string) => repo.findUserByUsername(db, username),
  byEmail: (db: DbOrTx, email: string) => repo.findUserByEmail(db, email),
};
export type { UserRow };

export const USERNAME_TAKEN = MSG.username_taken;
export const EMAIL_TAKEN = MSG.email_taken;

/**
 * The 409 of a username or e-mail that another account took at the same moment (the check before the write
 * passed for both requests; the unique index refused the second), or null for any other error.
 */
export function userConflict(err: unknown): AppError | null {
  const index = uniqueViolation(err);
  if (index === null) return null;
  if (index.includes('username')) return AppError.conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
  if (index.includes('email')) return AppError.conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Limits and messages

const MINUTE = 60_000;
/** Wrong sign-ins per lower(username) + IP before 429. */
export const LOGIN_FAILURES: Limit = { name: 'login-fail', max: 10, windowMs: 15 * MINUTE };
export const CAPTCHA_PER_IP: Limit = { name: 'captcha-ip', max: 10, windowMs: 15 * MINUTE };
export const REGISTER_PER_IP: Limit = { name: 'register-ip', max: 10, windowMs: 60 * MINUTE };
export const RESET_PER_IP: Limit = { name: 'reset-ip', max: 10, windowMs: 60 * MINUTE };
/**
 * Wrong current passwords per user, in the password change and the e-mail change alike (a stolen session must not
 * become a password oracle, nor double its guesses by using both).
 */
export const CHANGE_PASSWORD_FAILURES: Limit = { name: 'change-pw-fail', max: 10, windowMs: 15 * MINUTE };

/** Login event times are fresh for ±5 minutes; a nonce older than this can never be replayed. */
const NONCE_KEEP_MS = 15 * MINUTE;
const NONCE_SWEEP_EVERY_MS = 5 * MINUTE;

export const AUTH_MESSAGES = {
  badCredentials: MSG.bad_credentials,
  deactivated: MSG.account_deactivated,
  staleEventTime: MSG.sign_in_expired,
  replayed: MSG.sign_in_replayed,
  codeInvalid: MSG.code_invalid,
  oldPasswordWrong: MSG.old_password_wrong,
  samePassword: MSG.same_password,
} as const;

const invalidCode = () =>
  AppError.badRequest(AUTH_MESSAGES.codeInvalid, { 'captcha_info.captcha_code': AUTH_MESSAGES.codeInvalid });

function waitError(retryAfterSec: number): AppError {
  return new AppError(
    'rate_limited',
    'Too many requests',
    `Please wait ${retryAfterSec} seconds before asking for another code.`,
    undefined,
    { 'retry-after': String(retryAfterSec) },
  );
}

// ---------------------------------------------------------------------------------------------------------

export interface AuthServiceDeps {
  db: Db;
  /** APP_SECRET: key of the code hashes. */
  secret: string;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: Sessions;
  twoFactor: TwoFactorService;
  log: FastifyBaseLogger;
  /** Base of links in e-mails. */
  publicUrl: string;
  /** SHOP_TIME_ZONE: times in e-mails are the shop's. */
  timeZone: string;
  now?: () => Date;
}

/** Who is asking: for limits, session records and the language of e-mails. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  lang: MailLang;
}

export class AuthService {
  private readonly now: () => Date;
  private readonly codes: EmailCodes;
  private readonly guard: LoginGuard;
  private readonly emailChange: EmailChange;
  private lastNonceSweep = 0;
  /** Unknown usernames still cost one argon2 verification, so response time does not tell which names exist. */
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.codes = new EmailCodes({ db: deps.db, secret: deps.secret, now: this.now });
    this.guard = new LoginGuard({
      db: deps.db,
      limiter: deps.limiter,
      codes: this.codes,
      secret: deps.secret,
      now: this.now,
    });
    this.emailChange = new EmailChange({
      db: deps.db,
      codes: this.codes,
      limiter: deps.limiter,
      mailer: deps.mailer,
      log: deps.log,
      passwordFailures: CHANGE_PASSWORD_FAILURES,
      publicUrl: deps.publicUrl,
      timeZone: deps.timeZone,
      now: this.now,
    });
  }

  private decoyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(newToken());
    return this.dummyHash;
  }

  /** The password-changed notice; a mail failure must not undo or fail a change that is already committed. */
  private async notifyPasswordChanged(user: UserRow, lang: MailLang): Promise<void> {
    const mail = passwordChangedMail(
      lang,
      user.username,
      this.now(),
      `${this.deps.publicUrl}/reset-password`,
      this.deps.timeZone,
    );
    try {
      await this.deps.mailer.send({ to: user.email, ...mail });
    } catch (err) {
      this.deps.log.warn(
        { userId: user.id, err: (err as Error).message },
        'password-changed notice not sent',
      );
    }
  }

  private async sweepNonces(): Promise<void> {
    const at = this.now().getTime();
    if (at - this.lastNonceSweep < NONCE_SWEEP_EVERY_MS) return;
    this.lastNonceSweep = at;
    await repo.deleteLoginNoncesBefore(this.deps.db, new Date(at - NONCE_KEEP_MS));
    await this.deps.twoFactor.sweep(new Date(at - NONCE_KEEP_MS));
  }

  private async requireRow(userId: number): Promise<UserRow> {
    const row = await repo.findUserById(this.deps.db, userId);
    if (!row) throw AppError.unauthorized('Your session has expired. Please sign in again.');
    return row;
  }

  /**
   * POST /login/access-token. `username` is the field exactly as sent: the wire key derives from it, and the
   * account is looked up without surrounding spaces. Unknown user, undecryptable password and wrong password
   * are one answer, counted as one failure for the username and address (LOGIN_FAILURES) and for the username
   * from any address (login-guard.ts: past its limit, a sign-in also needs an e-mailed code).
   */
  async login(
    input: { username: string; password: string; eventtime: string; signInCode?: string },
    meta: RequestMeta,
  ): Promise<TLoginAnswer> {
    const username = input.username.trim();
    const name = username.toLowerCase();
    const failKey = `${name}|${meta.ip}`;
    await ensureBelow(this.deps.limiter, LOGIN_FAILURES, failKey);
    if (!isEventTimeFresh(input.eventtime, this.now()))
      throw AppError.badRequest(AUTH_MESSAGES.staleEventTime);
    const protectedFor = await this.guard.protectedFor(name);

    let password: string | null;
    try {
      password = decryptWire(input.password, input.eventtime, loginContext(input.username));
    } catch {
      password = null;
    }
    const user = await repo.findUserByUsername(this.deps.db, username);
    // One argon2 verification whatever happened before it, so the time taken tells nothing either.
    const passwordRight =
      (await verifyPassword(user?.passwordHash ?? (await this.decoyHash()), password ?? '')) &&
      password !== null &&
      user !== undefined;

    if (protectedFor > 0) {
      if (input.signInCode === undefined) {
        // The same work and answer for a right and a wrong password: only the right one's code is mailed.
        await this.guard.offerCode(name, passwordRight ? (user ?? null) : null, meta.lang);
        await countFailure(this.deps.limiter, LOGIN_FAILURES, failKey);
        throw signInCodeRequired(protectedFor);
      }
      if (!passwordRight) {
        await this.countLoginFailure(name, failKey, user);
        throw signInCodeWrong();
      }
      try {
        await this.guard.useCode(name, input.signInCode);
      } catch (err) {
        await countFailure(this.deps.limiter, LOGIN_FAILURES, failKey);
        throw err;
      }
    } else if (!passwordRight) {
      await this.countLoginFailure(name, failKey, user);
      throw AppError.badRequest(AUTH_MESSAGES.badCredentials);
    }
    if (!user?.isActive) throw AppError.badRequest(AUTH_MESSAGES.deactivated);

    // With two-factor sign-in on, the right password earns only the challenge of the second step, not a session.
    const secondStep = await this.deps.twoFactor.isEnabled(user.id);
    const answer = await this.deps.db.transaction(async (tx): Promise<TLoginAnswer> => {
      if (!(await repo.insertLoginNonce(tx, user.id, input.eventtime))) {
        throw AppError.badRequest(AUTH_MESSAGES.replayed);
      }
      await repo.setLanguage(tx, user.id, meta.lang);
      const client = { ip: meta.ip, userAgent: meta.userAgent };
      if (secondStep) return this.deps.twoFactor.startChallenge(tx, user.id, client);
      return { access_token: await this.deps.sessions.create(tx, user.id, client), token_type: 'bearer' };
    });
    await clearFailures(this.deps.limiter, LOGIN_FAILURES, failKey);
    await this.sweepNonces();
    return answer;
  }

  private async countLoginFailure(name: string, failKey: string, user: UserRow | undefined): Promise<void> {
    await countFailure(this.deps.limiter, LOGIN_FAILURES, failKey);
    await this.guard.countFailure(name, user);
  }

  /** GET /logout: ends the session of this request only. */
  async logout(sessionId: number): Promise<void> {
    await this.deps.sessions.revoke(sessionId);
  }

  /**
   * POST /captcha/. The answer (and the resend interval) is the same whether or not the address belongs to an
   * account. For forget_password the code is mailed only to an active account's address; for register, an address
   * that has an account gets an e-mail saying so instead of a code.
   */
  async sendCode(input: TCaptchaRequest, meta: RequestMeta): Promise<void> {
    await enforce(this.deps.limiter, CAPTCHA_PER_IP, meta.ip);
    const purpose = input.captcha_api;
    const email = input.captcha_value;
    const owner = await repo.findUserByEmail(this.deps.db, email);
    // Sign-up must not tell which addresses have accounts (issue #15): an address that has one gets the same
    // answer, the same resend interval and a stored code that nobody ever reads, and its mailbox a "you already have
    // an account" e-mail in place of the code, sent the same way, so the time taken does not tell either.
    const alreadyRegistered = purpose === 'register' && owner !== undefined;
    const deliver = purpose === 'register' || owner?.isActive === true;

    const issued = await this.codes.issue(purpose, email);
    if ('waitSec' in issued) throw waitError(issued.waitSec);
    if (!deliver) return;
    const mail =
      alreadyRegistered && owner
        ? alreadyRegisteredMail(meta.lang, owner.username, {
            signIn: `${this.deps.publicUrl}/signin`,
            reset: `${this.deps.publicUrl}/reset-password`,
          })
        : codeMail(meta.lang, purpose, issued.code, CODE_TTL_MINUTES);
    try {
      await this.deps.mailer.send({ to: email, ...mail });
    } catch (err) {
      // Not sent, so not counted against the resend interval.
      await this.codes.remove(issued.id);
      throw err;
    }
  }

  /** POST /register */
  async register(input: TRegister, meta: RequestMeta): Promise<TUser> {
    await enforce(this.deps.limiter, REGISTER_PER_IP, meta.ip);
    const info = input.captcha_info;
    // The code proves the address it was sent to; it must be the address being registered.
    if (info.captcha_value.toLowerCase() !== input.email.toLowerCase()) throw invalidCode();
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await this.codes.run(async (tx) => {
        // The code first: only the mailbox's owner gets past it, so "e-mail taken" (whose mailbox never received a
        // code) tells nobody else which addresses have accounts. A conflict rolls the use of the code back.
        await this.codes.check(tx, 'register', input.email, info.captcha_code);
        if (await repo.findUserByUsername(tx, input.username)) {
          throw AppError.conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
        }
        if (await repo.findUserByEmail(tx, input.email)) {
          throw AppError.conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
        }
        return repo.insertUser(tx, {
          username: input.username,
          passwordHash,
          nickname: input.username,
          email: input.email,
          userType: input.user_type,
          lang: meta.lang,
        });
      }, invalidCode);
      return toApiUser(row);
    } catch (err) {
      throw userConflict(err) ?? err;
    }
  }

  /** POST /user/forgot_password: sets a new password with a mailed code and ends every session. */
  async resetPassword(input: TForgotPassword, meta: RequestMeta): Promise<void> {
    await enforce(this.deps.limiter, RESET_PER_IP, meta.ip);
    const info = input.captcha_info;
    if (info.captcha_value.toLowerCase() !== input.email.toLowerCase()) throw invalidCode();
    const passwordHash = await hashPassword(input.new_password);
    const user = await this.codes.run(async (tx) => {
      await this.codes.check(tx, 'forget_password', input.email, info.captcha_code);
      const row = await repo.findUserByEmail(tx, input.email);
      // Same answer as a bad code: the reset form must not tell which addresses have accounts.
      if (!row?.isActive) throw invalidCode();
      await repo.setPasswordHash(tx, row.id, passwordHash);
      await this.deps.sessions.revokeAll(tx, row.id);
      return row;
    }, invalidCode);
    await this.notifyPasswordChanged(user, meta.lang);
  }

  /** GET /user/readme/: the user, and whether two-factor sign-in is on (the console asks a superuser to enrol). */
  async profile(user: SessionUser): Promise<TMe> {
    return { ...toApiUser(await this.requireRow(user.id)), two_factor_enabled: user.twoFactorEnabled };
  }

  /**
   * POST /user/changeme: nickname and avatar. The e-mail sent must be the account's own (any case): a new address
   * needs the password and a code (`changeEmail`), and the refusal is the same whether or not the address has an
   * account, so this call tells nobody which addresses are taken (issue #33).
   */
  async updateProfile(userId: number, input: TChangeMe): Promise<TUser> {
    const current = await this.requireRow(userId);
    if (current.email.toLowerCase() !== input.email.toLowerCase()) {
      throw AppError.badRequest(MSG.email_change_needs_code, { email: MSG.email_change_needs_code });
    }
    const row = await repo.updateProfile(this.deps.db, userId, {
      nickname: input.nickname,
      avatar: input.avatar,
    });
    if (!row) throw AppError.unauthorized('Your session has expired. Please sign in again.');
    return toApiUser(row);
  }

  /** POST /user/change_email/code (email-change.ts) */
  async requestEmailChangeCode(userId: number, input: TEmailChangeCode, meta: RequestMeta): Promise<void> {
    await this.emailChange.requestCode(userId, input, meta);
  }

  /** POST /user/change_email (email-change.ts) */
  async changeEmail(userId: number, input: TEmailChange, meta: RequestMeta): Promise<TUser> {
    return toApiUser(await this.emailChange.change(userId, input, meta));
  }

  /** POST /user/change_password: ends every session of the user, this one included. */
  async changePassword(userId: number, input: TChangePassword, meta: RequestMeta): Promise<void> {
    const failKey = String(userId);
    await ensureBelow(this.deps.limiter, CHANGE_PASSWORD_FAILURES, failKey);
    const user = await this.requireRow(userId);
    if (!(await verifyPassword(user.passwordHash, input.old_password))) {
      await countFailure(this.deps.limiter, CHANGE_PASSWORD_FAILURES, failKey);
      throw AppError.badRequest(AUTH_MESSAGES.oldPasswordWrong, {
        old_password: AUTH_MESSAGES.oldPasswordWrong,
      });
    }
    if (input.new_password === input.old_password) {
      throw AppError.badRequest(AUTH_MESSAGES.samePassword, { new_password: AUTH_MESSAGES.samePassword });
    }
    const passwordHash = await hashPassword(input.new_password);
    await this.deps.db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, userId, passwordHash);
      await this.deps.sessions.revokeAll(tx, userId);
    });
    await clearFailures(this.deps.limiter, CHANGE_PASSWORD_FAILURES, failKey);
    await this.notifyPasswordChanged(user, meta.lang);
  }
}
