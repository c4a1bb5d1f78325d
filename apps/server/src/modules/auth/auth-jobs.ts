import { z } from 'zod';
import type { Db } from '../../infra/db';
import { defineJob, type JobHandler, type PayloadOf } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import { unseal } from '../../infra/sealed';
import { accountAttackMail, signInCodeMail } from './auth-mails';
import * as repo from './auth-repository';
import { CODE_TTL_MINUTES } from './email-codes';

/**
 * The account-protection e-mails of login-guard.ts, sent by the job queue: queued in the request, mailed by a
 * worker, retried if the mail server is down.
 */

/** Purpose of the seal around a sign-in code in its job's payload: the jobs table never holds it in clear. */
export const SIGN_IN_CODE_SEAL = 'sign-in-code-mail';

/** The code is dead after CODE_TTL_MINUTES: a few tries are all that is worth making. */
export const signInCodeMailJob = defineJob({
  kind: 'sign-in-code-mail',
  payload: z.strictObject({ sealed: z.string(), lang: z.enum(['en', 'zh']) }),
  maxAttempts: 4,
});

const ZSealedSignInCode = z.object({ code: z.string(), user_id: z.number().int().nullable() });

/** Mail retries back off to 10 minutes apart: about two hours of an unreachable SMTP server. */
const NOTICE_MAX_ATTEMPTS = 20;

/** One notice per account and protection window (`once`), however many failures and processes see it start. */
export const accountAttackNoticeJob = defineJob({
  kind: 'account-attack-notice',
  payload: z.strictObject({
    user_id: z.number().int(),
    failures: z.number().int(),
    window_minutes: z.number().int(),
    /** The minute the protection ends (UTC, ISO without seconds): names the window in the job's key. */
    window_ends_at: z.string(),
  }),
  maxAttempts: NOTICE_MAX_ATTEMPTS,
  key: (p) => `account-attack:${p.user_id}:${p.window_ends_at}`,
  once: true,
});

export interface AuthMailDeps {
  db: Db;
  mailer: Mailer;
  /** APP_SECRET: opens the sealed sign-in codes. */
  secret: string;
  /** Base of links in e-mails. */
  publicUrl: string;
}

export function signInCodeMailHandler(deps: AuthMailDeps): JobHandler<PayloadOf<typeof signInCodeMailJob>> {
  return async (p) => {
    const opened = unseal(deps.secret, SIGN_IN_CODE_SEAL, p.sealed);
    const payload = opened === null ? null : ZSealedSignInCode.safeParse(JSON.parse(opened));
    if (!payload?.success) throw new Error('sign-in code payload does not open with this APP_SECRET');
    // A wrong password or an unknown name: the request wrote the same rows, and nothing is mailed.
    if (payload.data.user_id === null) return undefined;
    const user = await repo.findUserById(deps.db, payload.data.user_id);
    if (!user?.isActive) return undefined;
    await deps.mailer.send({
      to: user.email,
      ...signInCodeMail(p.lang, user.username, payload.data.code, CODE_TTL_MINUTES, {
        reset: `${deps.publicUrl}/reset-password`,
      }),
    });
    return undefined;
  };
}

export function accountAttackNoticeHandler(
  deps: AuthMailDeps,
): JobHandler<PayloadOf<typeof accountAttackNoticeJob>> {
  return async (p) => {
    const user = await repo.findUserById(deps.db, p.user_id);
    if (!user) return undefined;
    const lang = user.lang === 'en' || user.lang === 'zh' ? user.lang : null;
    await deps.mailer.send({
      to: user.email,
      ...accountAttackMail(lang, user.username, {
        failures: p.failures,
        windowMinutes: p.window_minutes,
        reset: `${deps.publicUrl}/reset-password`,
        profile: `${deps.publicUrl}/two-factor`,
      }),
    });
    return undefined;
  };
}
