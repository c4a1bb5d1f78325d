import { formatEventTime } from '@ezrecharge/shared';
import { z } from 'zod';
import type { BigoDenied } from '../../gateways/ports';
import { defineJob, type Job, type JobHandler, type PayloadOf } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import { balanceWarningMail, bigoAccessAlertMail } from './alert-mails';

/**
 * The operator's alerts as jobs, queued in the transaction (or right after the call) that saw the cause: the order
 * commit whose precheck reported a low balance or was refused, a delivery BIGO refused. Each is an e-mail to
 * ADMIN_EMAIL, at most one per kind and UTC+8 hour however many orders see it: while the keys or the allow-list are
 * wrong every call fails the same way, and one e-mail says what to fix (later ones are in the log and the orders'
 * events).
 */

/** Mail retries back off to 10 minutes apart: about two hours of an unreachable SMTP server. */
const ALERT_MAX_ATTEMPTS = 20;

/** The UTC+8 hour of `at`: `2026112118`. */
const utc8Hour = (at: Date): string => formatEventTime(at).slice(0, 10);

export const balanceWarningJob = defineJob({
  kind: 'balance-warning',
  payload: z.strictObject({
    balance: z.number(),
    threshold: z.number(),
    checked_at: z.iso.datetime(),
  }),
  maxAttempts: ALERT_MAX_ATTEMPTS,
  key: (p) => `balance-warning:${utc8Hour(new Date(p.checked_at))}`,
  once: true,
});

export const bigoAccessAlertJob = defineJob({
  kind: 'bigo-access-alert',
  payload: z.strictObject({
    call: z.enum(['precheck', 'recharge']),
    order_num: z.string().nullable(),
    rescode: z.number().int().nullable(),
    http_status: z.number().int().nullable(),
    reason: z.string(),
    check: z.string(),
    seen_at: z.iso.datetime(),
  }),
  maxAttempts: ALERT_MAX_ATTEMPTS,
  key: (p) => `bigo-access-alert:${utc8Hour(new Date(p.seen_at))}`,
  once: true,
});

/**
 * The low-balance warning, or null when the balance is unknown, fine, or the alert is off: due when `balance`
 * (BIGO's recharge_balance at a precheck) is below `threshold` (BIGO_BALANCE_ALERT_BELOW; 0 = off).
 */
export function balanceWarning(balance: number | null, threshold: number, now: Date): Job | null {
  if (balance === null || threshold <= 0 || balance >= threshold) return null;
  return balanceWarningJob.of({ balance, threshold, checked_at: now.toISOString() });
}

/** The alert that BIGO refused our access at the precheck of an order commit or at a delivery. */
export function bigoAccessAlert(
  denied: BigoDenied,
  context: { call: 'precheck' | 'recharge'; orderNum: string | null },
  now: Date,
): Job {
  return bigoAccessAlertJob.of({
    call: context.call,
    order_num: context.orderNum,
    rescode: denied.rescode,
    http_status: denied.httpStatus,
    reason: denied.reason,
    check: denied.check,
    seen_at: now.toISOString(),
  });
}

export interface AlertDeps {
  mailer: Mailer;
  adminEmail: string;
}

export function balanceWarningHandler(deps: AlertDeps): JobHandler<PayloadOf<typeof balanceWarningJob>> {
  return async (p) => {
    await deps.mailer.send({
      to: deps.adminEmail,
      ...balanceWarningMail(p.balance, p.threshold, new Date(p.checked_at)),
    });
    return undefined;
  };
}

export function bigoAccessAlertHandler(deps: AlertDeps): JobHandler<PayloadOf<typeof bigoAccessAlertJob>> {
  return async (p) => {
    await deps.mailer.send({
      to: deps.adminEmail,
      ...bigoAccessAlertMail({
        call: p.call,
        orderNum: p.order_num,
        rescode: p.rescode,
        httpStatus: p.http_status,
        reason: p.reason,
        check: p.check,
        seenAt: new Date(p.seen_at),
      }),
    });
    return undefined;
  };
}
