import { formatMinor } from '@ezrecharge/shared';
import { z } from 'zod';
import { defineJob, type JobHandler, type PayloadOf } from '../../infra/jobs';
import type { Mailer, MailMessage } from '../../infra/mail';
import { oneLine } from '../../infra/mail-text';
import { shopMinute } from '../../infra/shop-time';

/**
 * Issue #28: the operator's e-mail about a dispute (to ADMIN_EMAIL, English, plain text), once when it opens and once
 * when it closes (won or lost), queued in the transaction that applies the webhook. Its key makes each once ever,
 * however often Stripe delivers the events.
 */

/** Mail retries back off to 10 minutes apart: about two hours of an unreachable SMTP server. */
const ALERT_MAX_ATTEMPTS = 20;

export const disputeAlertJob = defineJob({
  kind: 'dispute-alert',
  payload: z.strictObject({
    phase: z.enum(['opened', 'closed']),
    order_num: z.string().min(1).max(64),
    gateway: z.string().max(40),
    dispute_ref: z.string().min(1).max(255),
    amount: z.number().int(),
    currency: z.string().max(8),
    reason: z.string().max(100),
    status: z.string().max(100),
    evidence_due_by: z.iso.datetime().nullable(),
  }),
  maxAttempts: ALERT_MAX_ATTEMPTS,
  key: (p) => `dispute-alert:${p.gateway}:${p.dispute_ref}:${p.phase}`,
  once: true,
});

type Mail = Omit<MailMessage, 'to'>;

/** The operator's e-mail about a dispute that opened or closed. */
export function disputeMail(p: PayloadOf<typeof disputeAlertJob>, timeZone: string): Mail {
  const money = `${oneLine(p.currency)} ${formatMinor(p.amount, p.currency)}`;
  const order = oneLine(p.order_num);
  const ref = oneLine(p.dispute_ref);
  if (p.phase === 'opened') {
    const due = p.evidence_due_by ? shopMinute(new Date(p.evidence_due_by), timeZone) : 'not given';
    return {
      subject: `EzRecharge: payment of order ${order} disputed (${money}, ${oneLine(p.reason)})`,
      text: [
        `The card holder disputed the payment of order ${order} with their bank.`,
        '',
        `Dispute: ${ref} (${p.gateway})`,
        `Amount: ${money}`,
        `Reason: ${oneLine(p.reason)}`,
        `Status: ${oneLine(p.status)}`,
        `Evidence due by: ${due}`,
        '',
        'The disputed amount is held until the bank decides. Open the order in the console ("Disputes open" on the',
        'overview): it gathers what the shop holds (when and from where the order was placed, the BIGO ID, when BIGO',
        'confirmed the delivery, the receipt sent). Check it, add your explanation, and submit it before the due date.',
        '',
        'EzRecharge',
      ].join('\n'),
    };
  }
  const won = p.status === 'won';
  return {
    subject: `EzRecharge: dispute of order ${order} closed: ${won ? 'won' : oneLine(p.status)} (${money})`,
    text: [
      `The bank decided the dispute of the payment of order ${order}: ${oneLine(p.status)}.`,
      '',
      `Dispute: ${ref} (${p.gateway})`,
      `Amount: ${money}`,
      `Reason: ${oneLine(p.reason)}`,
      '',
      won
        ? 'The disputed amount is returned to the shop.'
        : p.status === 'lost'
          ? 'The disputed amount stays with the card holder, and the gateway keeps its dispute fee.'
          : 'Nothing is left to answer.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

export function disputeAlertHandler(deps: {
  mailer: Mailer;
  adminEmail: string;
  timeZone: string;
}): JobHandler<PayloadOf<typeof disputeAlertJob>> {
  return async (p) => {
    await deps.mailer.send({ to: deps.adminEmail, ...disputeMail(p, deps.timeZone) });
    return undefined;
  };
}
