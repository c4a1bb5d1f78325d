import {
  ORDER_REVIEW_TEXTS,
  ORDER_STATUS,
  orderNote,
  orderNoteText,
  type TOrderNoteJson,
} from '@ezrecharge/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { orders, riskHolds } from '../../db/schema';
import type { Db } from '../../infra/db';
import { defineJob, type JobHandler, type PayloadOf } from '../../infra/jobs';
import { MAIL_MAX_ATTEMPTS, type Mailer } from '../../infra/mail';
import { ZOrderJobPayload } from '../order-lifecycle/order-job-payload';
import { orderMail, orderMailFacts, orderSubject } from '../order-lifecycle/order-mail';
import { noteOrder } from '../order-lifecycle/order-moves';
import { findOrder } from '../order-lifecycle/order-row';

/**
 * Issue #29: an order held for review that nobody decided within RISK_HOLD_ALERT_HOURS is e-mailed to ADMIN_EMAIL,
 * once (the job's key; the hold's alerted_at). It is never delivered by default: it keeps waiting in the queue.
 */
export const riskHoldAlertJob = defineJob({
  kind: 'risk-hold-alert',
  payload: z.strictObject({
    order_num: z.string().min(1).max(64),
    hours: z.number().int().min(1),
  }),
  maxAttempts: MAIL_MAX_ATTEMPTS,
  key: (p) => `risk-hold-alert:${p.order_num}`,
  once: true,
});

export function riskHoldAlertHandler(deps: {
  db: Db;
  mailer: Mailer;
  adminEmail: string;
  publicUrl: string;
}): JobHandler<PayloadOf<typeof riskHoldAlertJob>> {
  const { db } = deps;
  return async (p) => {
    const [held] = await db
      .select({ holdId: riskHolds.id, note: riskHolds.note, createdAt: riskHolds.createdAt })
      .from(riskHolds)
      .innerJoin(orders, eq(orders.id, riskHolds.orderId))
      .where(and(eq(orders.orderNum, p.order_num), eq(riskHolds.state, 'held'), isNull(riskHolds.alertedAt)))
      .limit(1);
    // Decided meanwhile (or told already): nothing to say.
    if (!held) return undefined;
    const why = orderNoteText(held.note as TOrderNoteJson);
    await deps.mailer.send({
      to: deps.adminEmail,
      subject: `EzRecharge: order ${p.order_num} held for review for ${p.hours} h`,
      text: [
        `Order ${p.order_num} was paid and is held for review since ${held.createdAt.toISOString()}:`,
        '',
        why,
        '',
        'It is not delivered until an operator approves it. Approve or refuse (refund) it in the console:',
        `${deps.publicUrl}/order?attention=risk_held`,
        '',
        'EzRecharge',
      ].join('\n'),
    });
    await db.transaction(async (tx) => {
      await tx.update(riskHolds).set({ alertedAt: new Date() }).where(eq(riskHolds.id, held.holdId));
      await noteOrder(tx, p.order_num, [ORDER_STATUS.PAYMENT_COMPLETED], {
        cause: orderNote('risk_hold_alerted', { hours: p.hours }),
        actor: 'system',
      });
    });
    return undefined;
  };
}

/**
 * Issue #29: the buyer's e-mail that their paid order is being checked and how long that usually takes
 * (RISK_REVIEW_HOURS), in the order's language; once per order. The result page says the same (`review_hours`).
 */
export const riskReviewMailJob = defineJob({
  kind: 'risk-review-mail',
  payload: ZOrderJobPayload.extend({ hours: z.number().int().min(1) }),
  maxAttempts: MAIL_MAX_ATTEMPTS,
  key: (p) => `risk-review-mail:${p.order_num}`,
  once: true,
});

const REVIEW_HEADINGS = {
  en: { next: 'What happens next: ', todo: 'What to do: ' },
  zh: { next: '接下来：', todo: '您需要做的：' },
} as const;

export function riskReviewMailHandler(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}): JobHandler<PayloadOf<typeof riskReviewMailJob>> {
  return async (p) => {
    const order = await findOrder(deps.db, p.order_num);
    // Decided before the mail went out (approved or refunded): that mail tells the buyer instead.
    if (!order || order.orderStatus !== ORDER_STATUS.PAYMENT_COMPLETED) return undefined;
    const facts = orderMailFacts(order, deps.publicUrl);
    const text = ORDER_REVIEW_TEXTS[facts.lang];
    const heading = REVIEW_HEADINGS[facts.lang];
    await deps.mailer.send({
      to: order.email,
      ...orderMail(
        facts,
        orderSubject(facts.lang, facts.orderNum, text.headline),
        [
          { text: text.headline, strong: true },
          { text: `${heading.next}${text.next.replace('{hours}', String(p.hours))}` },
          { text: `${heading.todo}${text.todo}` },
        ],
        [],
      ),
    });
    return undefined;
  };
}
