import { formatEventTime } from '@ezrecharge/shared';
import { z } from 'zod';
import type { BigoDenied } from '../../gateways/ports';
import { defineJob, type Job, type JobHandler, type PayloadOf } from '../../infra/jobs';
import type { Mailer } from '../../infra/mail';
import {
  balanceWarningMail,
  bigoAccessAlertMail,
  deliveryUncertainMail,
  extraPaymentMail,
  refundOverdueMail,
} from './alert-mails';

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
 * Issue #26: an order's delivery failed after a call that may have delivered. One e-mail per move into 10 (`move`
 * counts them, as the buyer's notices do), so an operator's retry that fails again is told again.
 */
export const deliveryUncertainAlertJob = defineJob({
  kind: 'delivery-uncertain-alert',
  payload: z.strictObject({
    order_num: z.string().min(1).max(64),
    move: z.number().int().min(1),
    bigo_id: z.string(),
    diamonds: z.number().int(),
    reason: z.string(),
    calls: z
      .array(
        z.strictObject({
          at: z.iso.datetime(),
          mark: z.string(),
          seqid: z.string().nullable(),
          rescode: z.number().int().nullable(),
          cause: z.string(),
        }),
      )
      .max(100),
  }),
  maxAttempts: ALERT_MAX_ATTEMPTS,
  key: (p) => `delivery-uncertain:${p.order_num}:${p.move}`,
  once: true,
});

/** Issue #26: a refund past the time its gateway documents; once per refund attempt. */
export const refundOverdueAlertJob = defineJob({
  kind: 'refund-overdue-alert',
  payload: z.strictObject({
    order_num: z.string().min(1).max(64),
    /** The refund's reference for the key: `R2` (the order's second attempt), `E7R1` (extra payment 7's first). */
    refund: z.string().min(1).max(40),
    what: z.string(),
    gateway: z.string(),
    started_at: z.iso.datetime(),
    days: z.number().int(),
    last_answer: z.string(),
  }),
  maxAttempts: ALERT_MAX_ATTEMPTS,
  key: (p) => `refund-overdue:${p.order_num}:${p.refund}`,
  once: true,
});

/** Issue #26: a second payment captured for an order; once per payment. */
export const extraPaymentAlertJob = defineJob({
  kind: 'extra-payment-alert',
  payload: z.strictObject({
    extra_payment_id: z.number().int().min(1),
    order_num: z.string().min(1).max(64),
    gateway: z.string(),
    ref: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    auto_refund: z.boolean(),
  }),
  maxAttempts: ALERT_MAX_ATTEMPTS,
  key: (p) => `extra-payment:${p.extra_payment_id}`,
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
  /** SHOP_TIME_ZONE: the alerts' times are the shop's. */
  timeZone: string;
}

export function balanceWarningHandler(deps: AlertDeps): JobHandler<PayloadOf<typeof balanceWarningJob>> {
  return async (p) => {
    await deps.mailer.send({
      to: deps.adminEmail,
      ...balanceWarningMail(p.balance, p.threshold, new Date(p.checked_at), deps.timeZone),
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
        timeZone: deps.timeZone,
      }),
    });
    return undefined;
  };
}

export function deliveryUncertainAlertHandler(
  deps: AlertDeps,
): JobHandler<PayloadOf<typeof deliveryUncertainAlertJob>> {
  return async (p) => {
    await deps.mailer.send({
      to: deps.adminEmail,
      ...deliveryUncertainMail({
        orderNum: p.order_num,
        bigoId: p.bigo_id,
        diamonds: p.diamonds,
        reason: p.reason,
        calls: p.calls.map((c) => ({ ...c, at: new Date(c.at) })),
        timeZone: deps.timeZone,
      }),
    });
    return undefined;
  };
}

export function refundOverdueAlertHandler(
  deps: AlertDeps,
): JobHandler<PayloadOf<typeof refundOverdueAlertJob>> {
  return async (p) => {
    await deps.mailer.send({
      to: deps.adminEmail,
      ...refundOverdueMail({
        orderNum: p.order_num,
        gateway: p.gateway,
        what: p.what,
        startedAt: new Date(p.started_at),
        days: p.days,
        lastAnswer: p.last_answer,
        timeZone: deps.timeZone,
      }),
    });
    return undefined;
  };
}

export function extraPaymentAlertHandler(
  deps: AlertDeps,
): JobHandler<PayloadOf<typeof extraPaymentAlertJob>> {
  return async (p) => {
    await deps.mailer.send({
      to: deps.adminEmail,
      ...extraPaymentMail({
        orderNum: p.order_num,
        gateway: p.gateway,
        ref: p.ref,
        amount: p.amount,
        currency: p.currency,
        autoRefund: p.auto_refund,
      }),
    });
    return undefined;
  };
}
