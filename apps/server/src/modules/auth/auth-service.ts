import { randomInt } from 'node:crypto';
import {
  decryptWire,
  isEventTimeFresh,
  loginContext,
  MESSAGES,
  type TAccessToken,
  type TCaptchaApi,
  type TCaptchaRequest,
  type TChangeMe,
  type TChangePassword,
  type TForgotPassword,
  type TRegister,
  type TUser,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Sessions } from '../../infra/auth';
import type { Db, DbOrTx } from '../../infra/db';
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
import { keyedHash, newToken, safeEqualHex } from '../../infra/tokens';
import { codeMail, type MailLang, passwordChangedMail } from './auth-mails';
import type { UserRow } from './auth-repository';
import * as repo from './auth-repository';

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

export const USERNAME_TAKEN = MESSAGES.username_taken;
export const EMAIL_TAKEN = MESSAGES.email_taken;

/** The name of the unique index a PostgreSQL error (or its cause) violated, else null. */
export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = cause;
  }
  return null;
}

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
/** Wrong old passwords per user (a stolen session must not become a password oracle). */
export const CHANGE_PASSWORD_FAILURES: Limit = { name: 'change-pw-fail', max: 10, windowMs: 15 * MINUTE };

export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Login event times are fresh for ±5 minutes; a nonce older than this can never be replayed. */
const NONCE_KEEP_MS = 15 * MINUTE;
const NONCE_SWEEP_EVERY_MS = 5 * MINUTE;

export const AUTH_MESSAGES = {
  badCredentials: MESSAGES.bad_credentials,
  deactivated: MESSAGES.account_deactivated,
  staleEventTime: MESSAGES.sign_in_expired,
  replayed: MESSAGES.sign_in_replayed,
  codeInvalid: MESSAGES.code_invalid,
  oldPasswordWrong: MESSAGES.old_password_wrong,
  samePassword: MESSAGES.same_password,
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

/** Thrown inside a transaction on a wrong code, so the attempt is counted after the rollback. */
class WrongCode extends Error {
  constructor(readonly codeId: number) {
    super('wrong verification code');
  }
}

// ---------------------------------------------------------------------------------------------------------

export interface AuthServiceDeps {
  db: Db;
  /** APP_SECRET: key of the code hashes. */
  secret: string;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: Sessions;
  log: FastifyBaseLogger;
  /** Base of links in e-mails. */
  publicUrl: string;
  now?: () => Date;
}

/** Who is asking: for limits, session records and the language of e-mails. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  lang: MailLang;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, limiter, sessions, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  let lastNonceSweep = 0;
  // Unknown usernames still cost one argon2 verification, so response time does not tell which names exist.
  let dummyHash: Promise<string> | undefined;
  const decoyHash = () => {
    dummyHash ??= hashPassword(newToken());
    return dummyHash;
  };

  const codeHash = (purpose: TCaptchaApi, email: string, code: string) =>
    keyedHash(deps.secret, code, `email-code:${purpose}:${email.toLowerCase()}`);

  /** Inside a transaction: uses up the live code of purpose + address if `code` matches it. */
  async function checkCode(tx: DbOrTx, purpose: TCaptchaApi, email: string, code: string): Promise<void> {
    const at = now();
    const row = await repo.liveCodeForUpdate(tx, purpose, email, at);
    if (!row) throw invalidCode();
    if (!safeEqualHex(row.codeHash, codeHash(purpose, email, code))) throw new WrongCode(row.id);
    if (!(await repo.consumeCode(tx, row.id, at))) throw invalidCode();
  }

  /**
   * Runs `work` in a transaction that calls checkCode. A wrong code rolls the work back, and the wrong try is
   * then counted in a statement of its own, so the failing request cannot roll the count back with it.
   */
  async function withCode<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (err instanceof WrongCode) {
        await repo.recordWrongAttempt(db, err.codeId, CODE_MAX_ATTEMPTS, now());
        throw invalidCode();
      }
      throw err;
    }
  }

  /** The password-changed notice; a mail failure must not undo or fail a change that is already committed. */
  async function notifyPasswordChanged(user: UserRow, lang: MailLang): Promise<void> {
    const mail = passwordChangedMail(lang, user.username, now(), `${deps.publicUrl}/reset-password`);
    try {
      await mailer.send({ to: user.email, ...mail });
    } catch (err) {
      deps.log.warn({ userId: user.id, err: (err as Error).message }, 'password-changed notice not sent');
    }
  }

  async function sweepNonces(): Promise<void> {
    const at = now().getTime();
    if (at - lastNonceSweep < NONCE_SWEEP_EVERY_MS) return;
    lastNonceSweep = at;
    await repo.deleteLoginNoncesBefore(db, new Date(at - NONCE_KEEP_MS));
  }

  async function requireRow(userId: number): Promise<UserRow> {
    const row = await repo.findUserById(db, userId);
    if (!row) throw AppError.unauthorized('Your session has expired. Please sign in again.');
    return row;
  }

  return {
    /**
     * POST /login/access-token. `username` is the field exactly as sent: the wire key derives from it, and the
     * account is looked up without surrounding spaces. Unknown user, undecryptable password and wrong password
     * are one answer, counted as one failure.
     */
    async login(
      input: { username: string; password: string; eventtime: string },
      meta: RequestMeta,
    ): Promise<TAccessToken> {
      const username = input.username.trim();
      const failKey = `${username.toLowerCase()}|${meta.ip}`;
      await ensureBelow(limiter, LOGIN_FAILURES, failKey);
      if (!isEventTimeFresh(input.eventtime, now())) throw AppError.badRequest(AUTH_MESSAGES.staleEventTime);

      const fail = async (): Promise<never> => {
        await countFailure(limiter, LOGIN_FAILURES, failKey);
        throw AppError.badRequest(AUTH_MESSAGES.badCredentials);
      };
      let password: string;
      try {
        password = await decryptWire(input.password, input.eventtime, loginContext(input.username));
      } catch {
        return fail();
      }
      const user = await repo.findUserByUsername(db, username);
      if (!user) {
        await verifyPassword(await decoyHash(), password);
        return fail();
      }
      if (!(await verifyPassword(user.passwordHash, password))) return fail();
      if (!user.isActive) throw AppError.badRequest(AUTH_MESSAGES.deactivated);

      const token = await db.transaction(async (tx) => {
        if (!(await repo.insertLoginNonce(tx, user.id, input.eventtime))) {
          throw AppError.badRequest(AUTH_MESSAGES.replayed);
        }
        return sessions.create(tx, user.id, { ip: meta.ip, userAgent: meta.userAgent });
      });
      await clearFailures(limiter, LOGIN_FAILURES, failKey);
      await sweepNonces();
      return { access_token: token, token_type: 'bearer' };
    },

    /** GET /logout: ends the session of this request only. */
    async logout(sessionId: number): Promise<void> {
      await sessions.revoke(sessionId);
    },

    /**
     * POST /captcha/. For forget_password the answer (and the resend interval) is the same whether or not the
     * address belongs to an account; the code is mailed only to an active account's address.
     */
    async sendCode(input: TCaptchaRequest, meta: RequestMeta): Promise<void> {
      await enforce(limiter, CAPTCHA_PER_IP, meta.ip);
      const purpose = input.captcha_api;
      const email = input.captcha_value;
      const owner = await repo.findUserByEmail(db, email);
      if (purpose === 'register' && owner) {
        throw AppError.conflict(EMAIL_TAKEN, { captcha_value: EMAIL_TAKEN });
      }
      const deliver = purpose === 'register' || owner?.isActive === true;

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const at = now();
      const codeId = await db.transaction(async (tx) => {
        await repo.lockCodeAddress(tx, purpose, email);
        const newest = await repo.newestCode(tx, purpose, email);
        const waitMs = newest ? newest.createdAt.getTime() + CODE_RESEND_MS - at.getTime() : 0;
        if (waitMs > 0) throw waitError(Math.ceil(waitMs / 1000));
        await repo.retireCodes(tx, purpose, email, at);
        return repo.insertCode(tx, {
          purpose,
          email,
          codeHash: codeHash(purpose, email, code),
          createdAt: at,
          expiresAt: new Date(at.getTime() + CODE_TTL_MINUTES * MINUTE),
        });
      });
      if (!deliver) return;
      try {
        await mailer.send({ to: email, ...codeMail(meta.lang, purpose, code, CODE_TTL_MINUTES) });
      } catch (err) {
        // Not sent, so not counted against the resend interval.
        await repo.deleteCode(db, codeId);
        throw err;
      }
    },

    /** POST /register */
    async register(input: TRegister, meta: RequestMeta): Promise<TUser> {
      await enforce(limiter, REGISTER_PER_IP, meta.ip);
      const info = input.captcha_info;
      // The code proves the address it was sent to; it must be the address being registered.
      if (info.captcha_value.toLowerCase() !== input.email.toLowerCase()) throw invalidCode();
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await withCode(async (tx) => {
          if (await repo.findUserByUsername(tx, input.username)) {
            throw AppError.conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
          }
          if (await repo.findUserByEmail(tx, input.email)) {
            throw AppError.conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
          }
          await checkCode(tx, 'register', input.email, info.captcha_code);
          return repo.insertUser(tx, {
            username: input.username,
            passwordHash,
            nickname: input.username,
            email: input.email,
            userType: input.user_type,
          });
        });
        return toApiUser(row);
      } catch (err) {
        throw userConflict(err) ?? err;
      }
    },

    /** POST /user/forgot_password: sets a new password with a mailed code and ends every session. */
    async resetPassword(input: TForgotPassword, meta: RequestMeta): Promise<void> {
      await enforce(limiter, RESET_PER_IP, meta.ip);
      const info = input.captcha_info;
      if (info.captcha_value.toLowerCase() !== input.email.toLowerCase()) throw invalidCode();
      const passwordHash = await hashPassword(input.new_password);
      const user = await withCode(async (tx) => {
        await checkCode(tx, 'forget_password', input.email, info.captcha_code);
        const row = await repo.findUserByEmail(tx, input.email);
        // Same answer as a bad code: the reset form must not tell which addresses have accounts.
        if (!row?.isActive) throw invalidCode();
        await repo.setPasswordHash(tx, row.id, passwordHash);
        await sessions.revokeAll(tx, row.id);
        return row;
      });
      await notifyPasswordChanged(user, meta.lang);
    },

    /** GET /user/readme/ */
    async profile(userId: number): Promise<TUser> {
      return toApiUser(await requireRow(userId));
    },

    /** POST /user/changeme */
    async updateProfile(userId: number, input: TChangeMe): Promise<TUser> {
      const holder = await repo.findUserByEmail(db, input.email);
      if (holder && holder.id !== userId) throw AppError.conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      let row: UserRow | undefined;
      try {
        row = await repo.updateProfile(db, userId, input);
      } catch (err) {
        throw userConflict(err) ?? err;
      }
      if (!row) throw AppError.unauthorized('Your session has expired. Please sign in again.');
      return toApiUser(row);
    },

    /** POST /user/change_password: ends every session of the user, this one included. */
    async changePassword(userId: number, input: TChangePassword, meta: RequestMeta): Promise<void> {
      const failKey = String(userId);
      await ensureBelow(limiter, CHANGE_PASSWORD_FAILURES, failKey);
      const user = await requireRow(userId);
      if (!(await verifyPassword(user.passwordHash, input.old_password))) {
        await countFailure(limiter, CHANGE_PASSWORD_FAILURES, failKey);
        throw AppError.badRequest(AUTH_MESSAGES.oldPasswordWrong, {
          old_password: AUTH_MESSAGES.oldPasswordWrong,
        });
      }
      if (input.new_password === input.old_password) {
        throw AppError.badRequest(AUTH_MESSAGES.samePassword, { new_password: AUTH_MESSAGES.samePassword });
      }
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, userId, passwordHash);
        await sessions.revokeAll(tx, userId);
      });
      await clearFailures(limiter, CHANGE_PASSWORD_FAILURES, failKey);
      await notifyPasswordChanged(user, meta.lang);
    },
  };
}
