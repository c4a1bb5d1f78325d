import { z } from 'zod';
import { defineJob, type JobHandler, type PayloadOf } from '../../infra/jobs';
import { MAIL_MAX_ATTEMPTS, type MailMessage } from '../../infra/mail';
import { oneLine } from '../../infra/mail-text';

/**
 * Issue #28: a shop day the daily reconciliation could not mark reconciled is e-mailed to ADMIN_EMAIL once (the
 * day's row records it, and the job's key is kept for good): how many mismatches of each kind, and where to see them.
 */
export const reconciliationAlertJob = defineJob({
  kind: 'reconciliation-alert',
  payload: z.strictObject({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    state: z.enum(['mismatched', 'incomplete']),
    kinds: z.record(z.string(), z.number().int()),
    unread: z.array(z.string()).max(10),
  }),
  maxAttempts: MAIL_MAX_ATTEMPTS,
  key: (p) => `reconciliation-alert:${p.day}`,
  once: true,
});

const KIND_TEXT: Record<string, string> = {
  paid_at_gateway_not_here: 'paid at the gateway but not here (a lost notification)',
  paid_here_unknown_to_gateway: 'paid here but unknown to the gateway',
  amount_differs: 'amount or currency differs',
  refunded_at_gateway_not_here: 'refunded at the gateway but not here',
  delivered_not_paid: 'delivered but not paid here',
  paid_not_delivered: 'paid but not delivered after 10 minutes',
  multiple_deliveries: 'more than one delivery recorded',
};

export function reconciliationMail(
  p: PayloadOf<typeof reconciliationAlertJob>,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const lines = Object.entries(p.kinds).map(
    ([kind, count]) => `  ${count} × ${KIND_TEXT[kind] ?? oneLine(kind)}`,
  );
  return {
    subject: `EzRecharge: ${p.day} is not reconciled (${p.state === 'incomplete' ? 'a gateway could not be read' : 'mismatches found'})`,
    text: [
      `The daily reconciliation of ${p.day} (the shop's day) did not find every record in agreement.`,
      '',
      ...(p.unread.length > 0
        ? [`Could not be read: ${p.unread.map(oneLine).join(', ')}. Run it again from the console later.`, '']
        : []),
      ...(lines.length > 0 ? ['Mismatches:', ...lines, ''] : []),
      `Each one is listed with its evidence in the console: ${publicUrl}/reconciliation?date=${p.day}`,
      'A payment the gateway took and never told us of can be applied there; it is checked with the gateway first.',
      '',
      'This e-mail is sent once per day.',
      '',
      'EzRecharge',
    ].join('\n'),
  };
}

export function reconciliationAlertHandler(deps: {
  mailer: { send(message: MailMessage): Promise<void> };
  adminEmail: string;
  publicUrl: string;
}): JobHandler<PayloadOf<typeof reconciliationAlertJob>> {
  return async (p) => {
    await deps.mailer.send({ to: deps.adminEmail, ...reconciliationMail(p, deps.publicUrl) });
    return undefined;
  };
}
