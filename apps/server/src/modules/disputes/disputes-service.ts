import {
  ANSWERABLE_DISPUTE_STATUSES,
  CLOSED_DISPUTE_STATUSES,
  formatMinor,
  MSG,
  ORDER_STATUSES,
  orderNote,
  type TDispute,
  type TDisputeEvidence,
  type TDisputeEvidenceSubmit,
  type TDisputeStatus,
  type TOrderDisputes,
} from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DisputeEvidenceFields, DisputeReport, PaymentProviders } from '../../gateways';
import { auditChange } from '../../infra/audit';
import type { Db, DbOrTx } from '../../infra/db';
import { AppError } from '../../infra/http';
import { enqueueJob, type JobQueue } from '../../infra/jobs';
import { noteOrder } from '../order-lifecycle/order-moves';
import { findOrder, type OrderRow } from '../order-lifecycle/order-row';
import { disputeAlertJob } from './disputes-jobs';
import {
  countOpenDisputes,
  type DisputeRow,
  deliveryConfirmation,
  disputesOfOrder,
  findDispute,
  isExtraPaymentOf,
  receiptSentAt,
  recordEvidenceSubmitted,
  upsertDispute,
} from './disputes-repository';

/**
 * Issue #28: card holders' disputes of payments. A gateway's verified dispute event is attached to its order (a row
 * of `disputes`, never an order status), noted on the order's history and told to the operator once when it opens
 * and once when it closes. The order page gathers the evidence the shop holds, and a superuser submits it with the
 * gateway's disputes API in one step (audited).
 */

/** What a dispute event did, as payment_notifications.outcome records it. */
export type DisputeOutcome = 'dispute' | 'dispute_stale' | 'unknown_order';

/** The superuser who acts, and from where (for the audit row). */
export interface DisputeActor {
  id: number;
  ip: string;
}

export interface DisputesDeps {
  db: Db;
  payments: PaymentProviders;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

const isClosed = (status: string) => (CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status);
const isAnswerable = (status: string) => (ANSWERABLE_DISPUTE_STATUSES as readonly string[]).includes(status);

export function toApiDispute(row: DisputeRow, orderNum: string): TDispute {
  return {
    id: row.id,
    order_num: orderNum,
    gateway: row.gateway,
    dispute_ref: row.disputeRef,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    evidence_due_by: row.evidenceDueBy?.toISOString() ?? null,
    evidence_submitted_at: row.evidenceSubmittedAt?.toISOString() ?? null,
    evidence_submitted_by: row.evidenceSubmittedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A time in UTC, to the second, as evidence states it: `2026-12-06 03:14:08 UTC`. */
const utc = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The explanation the order page offers, for the operator to edit. */
function explanationOf(e: Omit<TDisputeEvidence, 'explanation'>): string {
  const delivered = e.delivered_at
    ? `BIGO credited the ${e.diamonds} diamonds to BIGO ID ${e.bigo_id} on ${utc(new Date(e.delivered_at))}` +
      (e.delivery_confirmation ? ` (BIGO's answer: ${e.delivery_confirmation})` : '') +
      '.'
    : 'The diamonds have not been delivered.';
  const receipt = e.receipt_sent_at
    ? ` The receipt was e-mailed to ${e.email} on ${utc(new Date(e.receipt_sent_at))}.`
    : '';
  return [
    `The buyer ordered ${e.diamonds} BIGO LIVE diamonds (${e.product}) for their BIGO ID ${e.bigo_id} on our site on`,
    `${utc(new Date(e.placed_at))}${e.client_ip ? ` from IP address ${e.client_ip}` : ''}, with the e-mail address`,
    `${e.email}, and paid ${e.currency} ${formatMinor(e.amount, e.currency)}. ${delivered}${receipt}`,
    'Diamonds credited to a BIGO LIVE account are a digital good delivered at once and cannot be taken back.',
  ].join(' ');
}

/** The evidence fields Stripe's dispute API takes, from what the shop holds and the operator's explanation. */
export function evidenceFields(e: TDisputeEvidence, explanation: string): DisputeEvidenceFields {
  const log = [
    `Order ${e.order_num} placed: ${utc(new Date(e.placed_at))}`,
    `Buyer's IP address: ${e.client_ip ?? 'not recorded'}`,
    `Buyer's browser (User-Agent): ${e.user_agent ?? 'not recorded'}`,
    `Buyer's e-mail: ${e.email}`,
    `BIGO ID credited: ${e.bigo_id}`,
    `Paid: ${e.paid_at ? utc(new Date(e.paid_at)) : 'not recorded'}`,
    `Delivered: ${e.delivered_at ? utc(new Date(e.delivered_at)) : 'not delivered'}` +
      (e.delivery_confirmation ? ` (BIGO's answer: ${e.delivery_confirmation})` : ''),
    `Receipt e-mailed: ${e.receipt_sent_at ? utc(new Date(e.receipt_sent_at)) : 'not recorded'}`,
  ].join('\n');
  return {
    customer_email_address: e.email,
    ...(e.client_ip ? { customer_purchase_ip: e.client_ip } : {}),
    product_description: `${e.diamonds} BIGO LIVE diamonds (${e.product}), credited to BIGO ID ${e.bigo_id}`,
    ...(e.delivered_at ? { service_date: e.delivered_at.slice(0, 10) } : {}),
    access_activity_log: log,
    uncategorized_text: explanation,
  };
}

export class DisputesService {
  constructor(private readonly deps: DisputesDeps) {}

  /**
   * Applies a verified dispute event in the caller's transaction (the one that holds the event's lock): the
   * dispute attached to the order of `payment` (what the gateway said the disputed payment is), an event on the
   * order's history when it opens or its status changes, and the operator's e-mail when it opens and when it
   * closes. `payment` null: the gateway knows no order of ours for it (logged, acknowledged).
   */
  async record(
    tx: DbOrTx,
    gateway: string,
    dispute: DisputeReport,
    payment: { orderNum: string; ref: string } | null,
  ): Promise<DisputeOutcome> {
    const order = payment ? await findOrder(tx, payment.orderNum) : undefined;
    if (!payment || !order || order.gateway !== gateway || !(await paidWith(tx, order, payment.ref))) {
      this.deps.log.warn(
        { gateway, dispute: dispute.ref, payment: dispute.paymentRef, orderNum: payment?.orderNum },
        'dispute for a payment of no order of ours',
      );
      return 'unknown_order';
    }
    const amount = dispute.amount ?? (dispute.currency === order.currency ? order.amount : 0);
    const applied = await upsertDispute(tx, {
      orderId: order.id,
      gateway,
      disputeRef: dispute.ref,
      paymentRef: dispute.paymentRef,
      amount,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      evidenceDueBy: dispute.evidenceDueBy,
      lastEventAt: dispute.eventAt,
    });
    if (!applied.applied) return 'dispute_stale';
    const { row } = applied;
    if (applied.inserted || applied.before !== row.status) {
      const cause = applied.inserted
        ? orderNote('dispute_opened', {
            gateway,
            ref: row.disputeRef,
            reason: row.reason,
            currency: row.currency,
            amount: formatMinor(row.amount, row.currency),
            status: row.status,
          })
        : orderNote('dispute_status_changed', {
            gateway,
            ref: row.disputeRef,
            from: applied.before ?? '',
            to: row.status,
          });
      await noteOrder(tx, order.orderNum, ORDER_STATUSES, {
        cause,
        actor: `gateway:${gateway}`,
        detail: { dispute: row.disputeRef, status: row.status },
      });
    }
    const alert = (phase: 'opened' | 'closed') =>
      disputeAlertJob.of({
        phase,
        order_num: order.orderNum,
        gateway,
        dispute_ref: row.disputeRef,
        amount: row.amount,
        currency: row.currency,
        reason: row.reason.slice(0, 100),
        status: row.status.slice(0, 100),
        evidence_due_by: row.evidenceDueBy?.toISOString() ?? null,
      });
    // Once each (the jobs' keys): the first event seen opens it, whichever type it was.
    await enqueueJob(tx, alert('opened'));
    if (isClosed(row.status)) await enqueueJob(tx, alert('closed'));
    this.deps.jobs.kick();
    return 'dispute';
  }

  /** GET /order/disputes: the order's disputes and the evidence the shop holds for them. */
  async forOrder(orderNum: string): Promise<TOrderDisputes> {
    const { db } = this.deps;
    const order = await findOrder(db, orderNum);
    if (!order) throw AppError.notFound(MSG.order_not_found);
    const [rows, evidence] = await Promise.all([disputesOfOrder(db, order.id), this.evidence(order)]);
    return { disputes: rows.map((row) => toApiDispute(row, order.orderNum)), evidence };
  }

  /** What the shop holds about an order that answers a dispute (issue #28), with a prefilled explanation. */
  async evidence(order: OrderRow): Promise<TDisputeEvidence> {
    const { db } = this.deps;
    const [confirmation, receipt] = await Promise.all([
      deliveryConfirmation(db, order.id),
      receiptSentAt(db, order.orderNum),
    ]);
    const facts: Omit<TDisputeEvidence, 'explanation'> = {
      order_num: order.orderNum,
      email: order.email,
      placed_at: order.createdAt.toISOString(),
      client_ip: order.clientIp,
      user_agent: order.userAgent,
      bigo_id: order.gameId,
      product: order.productName,
      diamonds: order.amountGame + order.bonusGame,
      amount: order.amount,
      currency: order.currency,
      paid_at: order.paidAt?.toISOString() ?? null,
      delivered_at: order.deliveredAt?.toISOString() ?? confirmation?.at.toISOString() ?? null,
      delivery_confirmation: confirmation ? `${confirmation.cause} (${utc(confirmation.at)})` : null,
      receipt_sent_at: receipt?.toISOString() ?? null,
    };
    return { ...facts, explanation: explanationOf(facts) };
  }

  /**
   * POST /order/dispute/evidence: the gathered evidence and the operator's explanation submitted to the gateway
   * (Stripe: one dispute update with submit=true), then recorded on the dispute with an audit row. A dispute that no
   * longer takes evidence (already submitted, decided) is refused before the gateway is called.
   */
  async submitEvidence(actor: DisputeActor, input: TDisputeEvidenceSubmit): Promise<TDispute> {
    const { db, log } = this.deps;
    const order = await findOrder(db, input.order_num);
    const dispute = await findDispute(db, input.dispute_id);
    if (!order || !dispute || dispute.orderId !== order.id) throw AppError.notFound(MSG.dispute_not_found);
    if (!isAnswerable(dispute.status)) throw AppError.badRequest(MSG.dispute_not_answerable);
    const api = this.deps.payments.ofOrder(order).disputes;
    if (!api) throw AppError.badRequest(MSG.dispute_not_answerable);
    const fields = evidenceFields(await this.evidence(order), input.explanation);
    const result = await api.submitEvidence(dispute.disputeRef, fields);
    if (!result.ok) throw new AppError('service_unavailable', MSG.dispute_submit_failed, result.reason);
    const row = await db.transaction(async (tx) => {
      const updated = await recordEvidenceSubmitted(tx, dispute.id, {
        by: actor.id,
        status: result.status as TDisputeStatus,
      });
      await auditChange(tx, actor, 'order.dispute_evidence', order.orderNum, {
        dispute: dispute.disputeRef,
        gateway: dispute.gateway,
        status: result.status,
        explanation: input.explanation.slice(0, 2000),
      });
      await noteOrder(tx, order.orderNum, ORDER_STATUSES, {
        cause: orderNote('dispute_evidence_submitted', { gateway: dispute.gateway, ref: dispute.disputeRef }),
        actor: `user:${actor.id}`,
        detail: { dispute: dispute.disputeRef },
      });
      return updated;
    });
    log.info({ orderNum: order.orderNum, dispute: dispute.disputeRef }, 'dispute evidence submitted');
    return toApiDispute(row, order.orderNum);
  }

  /** Orders with a dispute not decided yet (the overview's card). */
  countOpen(): Promise<number> {
    return countOpenDisputes(this.deps.db);
  }
}

/** The disputed payment is the order's own (its session) or one of its extra payments' (issue #26). */
async function paidWith(db: DbOrTx, order: OrderRow, ref: string): Promise<boolean> {
  return order.gatewayRef === ref || (await isExtraPaymentOf(db, order.id, order.gateway, ref));
}
