import { EMAIL_CODE_RESEND_SECONDS } from '@ezrecharge/shared';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import { enqueueJob } from '../../infra/jobs';
import type { Limit, RateLimiter } from '../../infra/rate-limit';
import { seal } from '../../infra/sealed';
import { accountAttackNoticeJob, SIGN_IN_CODE_SEAL, signInCodeMailJob } from './auth-jobs';
import type { MailLang } from './auth-mails';
import type { UserRow } from './auth-repository';
import type { EmailCodes } from './email-codes';

/**
 * Sign-in protection of one account, whatever addresses the attempts come from (issues #15, #33). The per-address
 * limit (LOGIN_FAILURES in auth-service.ts) stops one address; an attacker with many addresses is stopped here.
 *
 * After ACCOUNT_LOGIN_FAILURES.max wrong passwords for one username within its window, from any addresses, the
 * account is protected until that window ends: a sign-in then needs, besides the password, a 6-digit code e-mailed
 * to the account's address. This is a choice against the alternatives:
 * - A lockout, or a delay that grows with each failure, would be a weapon: whoever keeps failing keeps the owner
 *   out too (an attacker firing the moment each delay ends takes every slot). Here the owner always has a way in,
 *   however long the attack lasts, and needs nothing but the password and their mailbox.
 * - Only a right password makes a code, and only a right password uses the account's one-code-a-minute slot. A
 *   wrong password stores no code, takes no slot and retires no code (issue #33: when it did, one wrong password
 *   every 50 s kept the owner's right password from ever getting a code). So attackers can neither flood the
 *   owner's mailbox, nor keep the owner's code from being sent, nor kill a code already sent.
 * - The answer to an attempt without a code is the same whether the password was right or wrong, Retry-After
 *   included (the resend interval, not how long the slot really has left, which would tell a right guess from a
 *   wrong one a moment later), and so is the work: one mail job is written either way, sealed, and only the sealed
 *   payload says whether it mails anything.
 * - With a code, a wrong password and a wrong code answer alike too, and only a right password counts a try
 *   against the code, so an attacker without the password cannot use up the owner's code.
 * - Unknown usernames are counted and protected the same way, so protection does not tell which names exist.
 * The owner is e-mailed once per window when protection starts, in the account's language (both if unknown).
 * E-mail is not a second factor here (ASVS 5.0 V6.3.5): the password is still checked; the code only proves that
 * the sign-in comes from the owner's mailbox while the password is under attack. Two-factor sign-in, where on,
 * comes after both.
 */

const MINUTE = 60_000;
/** Wrong passwords for one username, from any addresses, before sign-in needs an e-mailed code. */
export const ACCOUNT_LOGIN_FAILURES: Limit = { name: 'login-account-fail', max: 20, windowMs: 60 * MINUTE };

const keyOf = (name: string) => `${ACCOUNT_LOGIN_FAILURES.name}:${name}`;

/**
 * The answer to a sign-in without a code while the account is protected for `protectedForSec` more seconds.
 * Retry-After says when a new code can be asked for: the resend interval (or the end of the protection, if
 * sooner), the same for every request, since the slot's real state depends on whether the password was right.
 */
export function signInCodeRequired(protectedForSec: number): AppError {
  const retryAfterSec = Math.max(1, Math.min(EMAIL_CODE_RESEND_SECONDS, protectedForSec));
  return new AppError('rate_limited', 'sign_in_code_required', undefined, undefined, {
    'retry-after': String(retryAfterSec),
  });
}

export const signInCodeWrong = (): AppError =>
  AppError.badRequest('sign_in_code_wrong', { sign_in_code: 'sign_in_code_wrong' });

export interface LoginGuardDeps {
  db: Db;
  limiter: RateLimiter;
  codes: EmailCodes;
  /** APP_SECRET: seals the code inside its mail job. */
  secret: string;
  now: () => Date;
}

export class LoginGuard {
  constructor(private readonly deps: LoginGuardDeps) {}

  /** Seconds until the account `name` (lower-case username) is no longer protected; 0 when it is not. */
  async protectedFor(name: string): Promise<number> {
    const r = await this.deps.limiter.peek(keyOf(name), ACCOUNT_LOGIN_FAILURES.windowMs);
    return r.count >= ACCOUNT_LOGIN_FAILURES.max ? r.retryAfterSec : 0;
  }

  /** Counts a wrong password for `name`; the failure that starts the protection queues the owner's notice. */
  async countFailure(name: string, user: UserRow | undefined): Promise<void> {
    const r = await this.deps.limiter.hit(keyOf(name), ACCOUNT_LOGIN_FAILURES.windowMs);
    if (r.count !== ACCOUNT_LOGIN_FAILURES.max || !user) return;
    const windowEnds = new Date(this.deps.now().getTime() + r.retryAfterSec * 1000);
    await enqueueJob(
      this.deps.db,
      accountAttackNoticeJob.of({
        user_id: user.id,
        failures: r.count,
        window_minutes: ACCOUNT_LOGIN_FAILURES.windowMs / MINUTE,
        window_ends_at: windowEnds.toISOString().slice(0, 16),
      }),
    );
  }

  /**
   * A sign-in without a code while protected. `recipient` is the account whose right password was sent (null for a
   * wrong password or an unknown name): it gets a new code for `name` unless one went out less than a minute ago
   * (that one is still live). Anyone else gets nothing stored and no slot used: a mail job is written all the same,
   * and mails no one.
   */
  async offerCode(name: string, recipient: UserRow | null, lang: MailLang): Promise<void> {
    await this.deps.codes.offer('sign_in', name, recipient !== null, async (tx, code, sent) => {
      const userId = sent ? (recipient?.id ?? null) : null;
      const sealed = seal(this.deps.secret, SIGN_IN_CODE_SEAL, JSON.stringify({ code, user_id: userId }));
      await enqueueJob(tx, signInCodeMailJob.of({ sealed, lang }));
    });
  }

  /** Uses up the live sign-in code of `name` if `code` is it; otherwise counts a try and throws sign_in_code_wrong. */
  async useCode(name: string, code: string): Promise<void> {
    await this.deps.codes.run((tx) => this.deps.codes.check(tx, 'sign_in', name, code), signInCodeWrong);
  }
}
