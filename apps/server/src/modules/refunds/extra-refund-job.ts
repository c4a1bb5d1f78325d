import { orderNote, orderNoteText, type TOrderNote } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Gateways, PaymentProvider, RefundResult } from '../../gateways';
import type { Db } from '../../infra/db';
import { enqueueJob, type JobHandler, type PayloadOf } from '../../infra/jobs';
import { extraPaymentAlertJob, refundOverdueAlertJob } from '../alerts/alert-jobs';
import {
  type ExtraPaymentRow,
  type ExtraPaymentSet,
  findExtraPayment,
  updateExtraPayment,
} from '../order-lifecycle/extra-payments';
import { findOrderById } from '../order-lifecycle/order-row';
import {
  daysSince,
  lookAtRefund,
  recheckLater,
  refundCause,
  refundDetail,
  refundOverdueAt,
} from './refund-attempt';
import { extraPaymentMailJob, type extraPaymentRecordedJob, type extraRefundJob } from './refunds-common';
import type { RefundsService } from './refunds-service';

/**
 * Issue #26: the refunds of extra payments (captures for an order besides the one that paid it), by the same rules
 * as the order's own refund (refund-job.ts): the state is the gateway's word only, earlier attempts are asked about
 * before anything is sent, an undecided refund is asked about with growing pauses and goes to the operator's queue
 * past its gateway's documented time. The extra payment's row carries the state (refunding → refunded |
 * refund_failed); every change writes an event on its order.
 */

export interface ExtraRefundDeps {
  db: Db;
  gateways: Gateways;
  secret: string;
  now: () => Date;
}

const SYSTEM = 'system';

export function extraRefundHandler(deps: ExtraRefundDeps): JobHandler<PayloadOf<typeof extraRefundJob>> {
  const { db } = deps;

  async function settle(
    extra: ExtraPaymentRow,
    provider: PaymentProvider,
    change: { set: ExtraPaymentSet; cause: TOrderNote; detail: Record<string, unknown> },
    log: FastifyBaseLogger,
  ): Promise<void> {
    const attempt = extra.refundAttempts;
    const done = await db.transaction(async (tx) => {
      const row = await updateExtraPayment(tx, extra.id, ['refunding'], {
        // The refund has ended: the buyer's bank details are not kept a moment longer.
        set: { ...change.set, refundBeneficiary: null, refundOverdueAt: null },
        cause: change.cause,
        actor: `gateway:${provider.id}`,
        detail: change.detail,
      });
      if (row?.state === 'refunded') {
        await enqueueJob(
          tx,
          extraPaymentMailJob.of({ extra_payment_id: row.id, event: 'refunded', attempt }),
        );
      }
      return row;
    });
    if (done) log.info({ extraPayment: extra.id, state: done.state }, orderNoteText(change.cause));
  }

  async function markOverdue(
    extra: ExtraPaymentRow,
    orderNum: string,
    provider: PaymentProvider,
    startedAt: Date,
    result: RefundResult,
  ): Promise<void> {
    const now = deps.now();
    const days = daysSince(startedAt, now);
    const lastAnswer = result.reason ?? `${provider.displayName} says the refund is ${result.state}`;
    await db.transaction(async (tx) => {
      const row = await updateExtraPayment(tx, extra.id, ['refunding'], {
        set: { refundOverdueAt: now },
        cause: orderNote('extra_refund_overdue', { gateway: provider.displayName, days }),
        actor: SYSTEM,
        detail: { attempt: extra.refundAttempts, last_answer: lastAnswer },
      });
      if (!row) return;
      await enqueueJob(
        tx,
        refundOverdueAlertJob.of({
          order_num: orderNum,
          refund: `E${extra.id}R${extra.refundAttempts}`,
          what: `the extra payment ${extra.ref}`,
          gateway: provider.displayName,
          started_at: startedAt.toISOString(),
          days,
          last_answer: lastAnswer.slice(0, 500),
        }),
      );
    });
  }

  return async ({ extra_payment_id: id, attempt }, { log }) => {
    const extra = await findExtraPayment(db, id);
    // A job of an attempt that is not the current one (an operator's retry came since) has nothing to do.
    if (extra?.state !== 'refunding' || extra.refundAttempts !== attempt) return undefined;
    const order = await findOrderById(db, extra.orderId);
    if (!order) return undefined;
    const provider = deps.gateways.payments.ofOrder(order);
    const startedAt = extra.refundStartedAt ?? extra.updatedAt;

    const result = await lookAtRefund({
      provider,
      orderNum: order.orderNum,
      paymentRef: extra.ref,
      amount: extra.amount,
      currency: extra.currency,
      reference: { payment: 'extra', id: extra.id, attempt },
      refundRef: extra.refundRef,
      sealedBank: extra.refundBeneficiary,
      secret: deps.secret,
    });
    const ownRef = result.earlier ? null : (result.ref ?? null);
    if (!extra.refundRef && ownRef) {
      await updateExtraPayment(db, extra.id, ['refunding'], {
        set: { refundRef: ownRef },
        cause: orderNote('extra_refund_sent', { gateway: provider.displayName }),
        actor: `gateway:${provider.id}`,
        detail: { attempt, refund_ref: ownRef },
      });
    }
    const detail = refundDetail(provider, attempt, extra.refundRef, result);

    switch (result.state) {
      case 'succeeded':
        await settle(
          extra,
          provider,
          {
            set: { state: 'refunded', failureReason: null },
            cause: refundCause(provider, result, { ref: extra.ref }),
            detail,
          },
          log,
        );
        return undefined;
      case 'failed': {
        const reason = (result.reason ?? `${provider.id} refused the refund`).slice(0, 500);
        await settle(
          extra,
          provider,
          {
            set: { state: 'refund_failed', failureReason: reason },
            cause: orderNote('extra_refund_failed', { gateway: provider.id, ref: extra.ref }),
            detail,
          },
          log,
        );
        return undefined;
      }
      case 'pending':
      case 'unknown': {
        const now = deps.now();
        const overdueAt = refundOverdueAt(provider, startedAt);
        if (overdueAt && now >= overdueAt && !extra.refundOverdueAt) {
          await markOverdue(extra, order.orderNum, provider, startedAt, result);
        }
        return recheckLater(provider, { ...result, state: result.state }, startedAt, now);
      }
    }
  };
}

/**
 * The job that follows a newly recorded extra payment: the operator's e-mail, and with EXTRA_PAYMENT_REFUND=auto the
 * refund started at once (RefundsService.afterExtraPaymentRecorded).
 */
export function extraPaymentRecordedHandler(deps: {
  db: Db;
  gateways: Gateways;
  refunds: Pick<RefundsService, 'afterExtraPaymentRecorded'>;
}): JobHandler<PayloadOf<typeof extraPaymentRecordedJob>> {
  return async ({ extra_payment_id: id }) => {
    const extra = await findExtraPayment(deps.db, id);
    if (!extra) return undefined;
    const order = await findOrderById(deps.db, extra.orderId);
    if (!order) return undefined;
    const provider = deps.gateways.payments.ofOrder(order);
    // Safe to run twice: a refund already started is not started again (its state moved on).
    const { autoRefund } = await deps.refunds.afterExtraPaymentRecorded(id);
    await enqueueJob(
      deps.db,
      extraPaymentAlertJob.of({
        extra_payment_id: extra.id,
        order_num: order.orderNum,
        gateway: provider.displayName,
        ref: extra.ref,
        amount: extra.amount,
        currency: extra.currency,
        auto_refund: autoRefund,
      }),
    );
    return undefined;
  };
}
