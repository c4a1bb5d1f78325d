import { MSG, type TEmailChange, type TEmailChangeCode } from '@ezrecharge/shared';
import { maskEmail } from '@ezrecharge/shared/email';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db';
import { uniqueViolation } from '../../infra/db-errors';
import { AppError } from '../../infra/http';
import type { Mailer } from '../../infra/mail';
import { verifyPassword } from '../../infra/passwords';
import {
  clearFailures,
  countFailure,
  enforce,
  ensureBelow,
  type Limit,
  type RateLimiter,
} from '../../infra/rate-limit';
import { addressTakenMail, emailChangeCodeMail, emailChangedMail, type MailLang } from './auth-mails';
import type { UserRow } from './auth-repository';
import * as repo from './auth-repository';
import { CODE_TTL_MINUTES, type EmailCodes } from './email-codes';

/**
 * Changing the e-mail address of a signed-in account (issue #33). The address is where password resets and sign-in
 * codes go, so moving it takes what a stolen session alone does not have: the current password, and a code sent
 * to the new address (proof that the mailbox is the user's). The old address is told afterwards.
 *
 * Nothing here tells which addresses have accounts. A code request for an address that has one answers exactly as
 * for any other, stores a code all the same (so the resend interval is the same too), and mails that address a
 * notice instead of the code; the change then fails as with any wrong code, since nobody ever saw that code.
 *
 * Limits: code requests and changes are counted per account, per new address and per client address; wrong
 * passwords count against the account's CHANGE_PASSWORD_FAILURES (auth-service.ts), shared with the password change,
 * so that a session cannot try more passwords by using both.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Code requests of one account, whatever the addresses: a user retrying a typo needs a few. */
export const EMAIL_CHANGE_CODES_PER_USER: Limit = { name: 'email-change-code-user', max: 5, windowMs: HOUR };
/** Code requests for one new address from any accounts: a mailbox is not flooded through many accounts. */
export const EMAIL_CHANGE_CODES_PER_ADDRESS: Limit = {
  name: 'email-change-code-address',
  max: 5,
  windowMs: HOUR,
};
/** Code requests from one client address, across accounts. */
export const EMAIL_CHANGE_CODES_PER_IP: Limit = { name: 'email-change-code-ip', max: 20, windowMs: HOUR };
/** Attempts to change of one account (each code also dies after its own few wrong tries). */
export const EMAIL_CHANGES_PER_USER: Limit = { name: 'email-change-user', max: 10, windowMs: HOUR };
export const EMAIL_CHANGES_PER_ADDRESS: Limit = { name: 'email-change-address', max: 10, windowMs: HOUR };
export const EMAIL_CHANGES_PER_IP: Limit = { name: 'email-change-ip', max: 30, windowMs: HOUR };

export interface EmailChangeDeps {
  db: Db;
  codes: EmailCodes;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The limit of wrong current passwords per account (auth-service.ts CHANGE_PASSWORD_FAILURES). */
  passwordFailures: Limit;
  /** Base of links in e-mails. */
  publicUrl: string;
  /** SHOP_TIME_ZONE: times in e-mails are the shop's. */
  timeZone: string;
  now: () => Date;
}

/** What the caller knows of the request: for the limits and the language of the e-mails. */
export interface EmailChangeMeta {
  ip: string;
  lang: MailLang;
}

/** The code's address: the account and the new address together, so a code moves only the account that asked. */
const codeKey = (userId: number, email: string) => `${userId}:${email.toLowerCase()}`;

const emailTaken = () => AppError.conflict(MSG.email_taken, { new_email: MSG.email_taken });
const invalidCode = () => AppError.badRequest(MSG.code_invalid, { code: MSG.code_invalid });

function waitForCode(retryAfterSec: number): AppError {
  return new AppError(
    'rate_limited',
    'Too many requests',
    `Please wait ${retryAfterSec} seconds before asking for another code.`,
    undefined,
    { 'retry-after': String(retryAfterSec) },
  );
}

export class EmailChange {
  constructor(private readonly deps: EmailChangeDeps) {}

  /** The account's row once its current password is proven; a wrong one counts and answers password_wrong. */
  private async provePassword(userId: number, password: string): Promise<UserRow> {
    const { limiter, passwordFailures } = this.deps;
    const failKey = String(userId);
    await ensureBelow(limiter, passwordFailures, failKey);
    const user = await repo.findUserById(this.deps.db, userId);
    if (!user) throw AppError.unauthorized('Your session has expired. Please sign in again.');
    if (!(await verifyPassword(user.passwordHash, password))) {
      await countFailure(limiter, passwordFailures, failKey);
      throw AppError.badRequest(MSG.password_wrong, { password: MSG.password_wrong });
    }
    await clearFailures(limiter, passwordFailures, failKey);
    return user;
  }

  private refuseSameAddress(user: UserRow, email: string): void {
    if (user.email.toLowerCase() === email.toLowerCase()) {
      throw AppError.badRequest(MSG.email_same, { new_email: MSG.email_same });
    }
  }

  /** POST /user/change_email/code: a code to the new address, or to a taken one a notice; one answer for both. */
  async requestCode(userId: number, input: TEmailChangeCode, meta: EmailChangeMeta): Promise<void> {
    const { limiter } = this.deps;
    await enforce(limiter, EMAIL_CHANGE_CODES_PER_USER, String(userId));
    await enforce(limiter, EMAIL_CHANGE_CODES_PER_IP, meta.ip);
    const user = await this.provePassword(userId, input.password);
    const email = input.new_email;
    this.refuseSameAddress(user, email);
    // Counted only behind the password, so that nobody without one can use up an address's requests.
    await enforce(limiter, EMAIL_CHANGE_CODES_PER_ADDRESS, email.toLowerCase());

    const holder = await repo.findUserByEmail(this.deps.db, email);
    const issued = await this.deps.codes.issue('change_email', codeKey(userId, email));
    if ('waitSec' in issued) throw waitForCode(issued.waitSec);
    const mail = holder
      ? addressTakenMail(meta.lang, holder.username, {
          signIn: `${this.deps.publicUrl}/signin`,
          reset: `${this.deps.publicUrl}/reset-password`,
        })
      : emailChangeCodeMail(meta.lang, user.username, issued.code, CODE_TTL_MINUTES);
    try {
      await this.deps.mailer.send({ to: email, ...mail });
    } catch (err) {
      // Not sent, so not counted against the resend interval.
      await this.deps.codes.remove(issued.id);
      throw err;
    }
  }

  /** Uses the code and sets the address in one transaction. */
  private async moveTo(userId: number, email: string, code: string): Promise<UserRow> {
    try {
      return await this.deps.codes.run(async (tx) => {
        await this.deps.codes.check(tx, 'change_email', codeKey(userId, email), code);
        // Only the new mailbox's owner gets here. An address taken since the code was sent is refused (and the
        // use of the code rolled back); a taken address never had its code mailed, so it cannot get here otherwise.
        const holder = await repo.findUserByEmail(tx, email);
        if (holder && holder.id !== userId) throw emailTaken();
        const updated = await repo.setEmail(tx, userId, email);
        if (!updated) throw AppError.unauthorized('Your session has expired. Please sign in again.');
        return updated;
      }, invalidCode);
    } catch (err) {
      // Taken by another account at the same moment: the unique index refused the second.
      if (uniqueViolation(err)?.includes('email')) throw emailTaken();
      throw err;
    }
  }

  /** POST /user/change_email: moves the account to the new address with its code; the old address is told. */
  async change(userId: number, input: TEmailChange, meta: EmailChangeMeta): Promise<UserRow> {
    const { limiter } = this.deps;
    await enforce(limiter, EMAIL_CHANGES_PER_USER, String(userId));
    await enforce(limiter, EMAIL_CHANGES_PER_IP, meta.ip);
    const user = await this.provePassword(userId, input.password);
    const email = input.new_email;
    this.refuseSameAddress(user, email);
    await enforce(limiter, EMAIL_CHANGES_PER_ADDRESS, email.toLowerCase());

    const row = await this.moveTo(userId, email, input.code);

    const notice = emailChangedMail(
      meta.lang,
      user.username,
      maskEmail(email),
      this.deps.now(),
      { support: `${this.deps.publicUrl}/contact-ezrecharge` },
      this.deps.timeZone,
    );
    try {
      await this.deps.mailer.send({ to: user.email, ...notice });
    } catch (err) {
      // The change is committed; a mail failure must not undo it or fail the answer.
      this.deps.log.warn({ userId, err: (err as Error).message }, 'e-mail-changed notice not sent');
    }
    return row;
  }
}
