import { MSG, ORDER_STATUS, orderNote, type TOrderHandoff, type TOrderStatus } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Gateways, Handoff, PaymentProvider, PaymentProviderId } from '../../gateways';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import type { JobQueue } from '../../infra/jobs';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { type OrderMoveSet, updateOrderIn } from '../order-lifecycle/order-moves';
import { type OrderRow, paymentOrderOf } from '../order-lifecycle/order-row';
import { paidByStatus } from './paid-by-status';
import { PAYMENT_TIMEOUT_MS, paymentTimeoutJob } from './payment-jobs';

export interface HandoffDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  gateways: Gateways;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Hands an order awaiting payment (2 or 3) to its payment provider, for the commit and for Pay Now (SPEC.md §7
 * "Payment hand-off", DESIGN.md §7): Fiuu's hosted-form fields, or a Stripe Checkout Session to redirect to. The
 * order then waits in 3 with a deadline 30 minutes ahead and a timeout job queued in the same transaction.
 */
export class PaymentHandoff {
  constructor(private readonly deps: HandoffDeps) {}

  /**
   * `deadline`: when the order times out, default 30 minutes from now. The commit passes the one its timeout job
   * was queued with, so the job is due exactly then.
   */
  async handOff(order: OrderRow, actor: string, deadline?: Date): Promise<TOrderHandoff> {
    const until = deadline ?? new Date(this.deps.now().getTime() + PAYMENT_TIMEOUT_MS);
    const provider = this.deps.gateways.payments.ofOrder(order);
    const handoff = await this.ask(provider, order, until);
    if (handoff.kind === 'paid') {
      // The provider has the money already (its notification may be late): settle it, nothing is left to pay.
      await this.deps.lifecycle.applyPaymentOutcome(
        this.deps.db,
        paidByStatus(provider, order, handoff.status, orderNote('paid_at_pay_now')),
      );
      throw AppError.badRequest(MSG.order_not_payable);
    }
    const { body, session } = handoff;
    // A kept session keeps its deadline: the provider closes it then, whatever we record here.
    if (!session?.reused) {
      await this.record(
        order,
        actor,
        provider.id,
        until,
        session ? { gatewayRef: session.ref, payCheckoutSessionUrl: session.url } : {},
      );
    }
    return { ...body, order_status: ORDER_STATUS.PENDING_PAYMENT };
  }

  /**
   * The hand-off of an order the commit stored already awaiting payment, with its deadline and timeout job (a
   * provider whose hand-off needs no call out): nothing more to write.
   */
  async stored(order: OrderRow): Promise<TOrderHandoff> {
    const provider = this.deps.gateways.payments.ofOrder(order);
    const handoff = await this.ask(provider, order, order.paymentDeadline ?? this.deps.now());
    if (handoff.kind !== 'page')
      throw new Error(`${provider.id} reported a stored order paid at its hand-off`);
    return { ...handoff.body, order_status: ORDER_STATUS.PENDING_PAYMENT };
  }

  private async ask(provider: PaymentProvider, order: OrderRow, deadline: Date): Promise<Handoff> {
    try {
      return await provider.handOff(paymentOrderOf(order), deadline);
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The order stays as it was (2 or 3): the buyer can try again with Pay Now.
      this.deps.log.warn(
        { orderNum: order.orderNum, provider: provider.id, err: (err as Error).message },
        'payment hand-off failed',
      );
      throw new AppError('service_unavailable', MSG.payment_unavailable);
    }
  }

  /** Records the hand-off: 2 → 3 (or a 3 kept in 3) with a fresh deadline and the timeout job, in one transaction. */
  private async record(
    order: OrderRow,
    actor: string,
    gateway: PaymentProviderId,
    deadline: Date,
    set: OrderMoveSet,
  ): Promise<OrderRow> {
    const full: OrderMoveSet = { ...set, paymentDeadline: deadline };
    const { db, jobs, lifecycle } = this.deps;
    if (order.orderStatus === ORDER_STATUS.PRECHECK_OK) {
      const result = await db.transaction(async (tx) => {
        const moved = await lifecycle.move(tx, {
          orderNum: order.orderNum,
          to: ORDER_STATUS.PENDING_PAYMENT,
          from: [ORDER_STATUS.PRECHECK_OK],
          cause: orderNote('payment_handoff', { gateway }),
          actor,
          detail: { gateway, ref: set.gatewayRef ?? null },
          set: full,
        });
        if (moved.moved) {
          await jobs.enqueue(tx, paymentTimeoutJob.of({ order_num: order.orderNum }, { runAt: deadline }));
        }
        return moved;
      });
      if (result.moved) return result.order;
      // Another request handed it off at the same moment: keep the order in 3 with this hand-off's data.
      if (result.reason === 'not_found') throw AppError.notFound(MSG.order_not_found);
    }
    const awaiting: readonly TOrderStatus[] = [ORDER_STATUS.PENDING_PAYMENT];
    const updated = await db.transaction(async (tx) => {
      const row = await updateOrderIn(tx, order.orderNum, awaiting, full);
      if (row)
        await jobs.enqueue(tx, paymentTimeoutJob.of({ order_num: order.orderNum }, { runAt: deadline }));
      return row;
    });
    if (!updated) throw AppError.badRequest(MSG.order_not_payable);
    return updated;
  }
}
