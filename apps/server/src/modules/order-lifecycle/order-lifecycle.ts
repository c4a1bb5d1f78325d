import type { DbOrTx } from '../../infra/db';
import { orderMoved } from '../../infra/metrics';
import { type CapturedPayment, type ExtraPaymentRow, recordExtraPayment } from './extra-payments';
import type { OrderSubscribers } from './order-events';
import { lockOrder, type OrderMove, type OrderMoveResult, writeMove } from './order-moves';
import type { OrderRow } from './order-row';
import { applyPaymentOutcome, type PaymentOutcome, type PaymentOutcomeResult } from './payment-outcomes';

/**
 * The order's life as the other modules use it (issue #27): its moves, the verified payment outcomes that move it,
 * and the extra payments recorded on it, each with the reactions of the site's subscribers (order-events.ts) run in
 * the same transaction. One instance per process, built by the composition root with the subscribers of every
 * module; services and job handlers receive it. Creation (order-creation.ts) and notes (order-moves.ts noteOrder)
 * announce nothing.
 */
export class OrderLifecycle {
  constructor(private readonly subscribers: OrderSubscribers) {}

  /**
   * Moves one order (order-moves.ts writeMove) and runs the reactions to its arrival, in one transaction. A moved
   * result's `order` is the row as it stands after the reactions: one may move the order on in the same transaction
   * (issue #29: a payment Radar rates highest, 7 → 11), and the caller reports where the order is, not where this
   * move put it.
   */
  async move(db: DbOrTx, move: OrderMove): Promise<OrderMoveResult> {
    const moved = await db.transaction(async (tx): Promise<OrderMoveResult> => {
      const result = await writeMove(tx, move);
      if (result.moved && this.subscribers.namesOn(move.to).length > 0) {
        await this.subscribers.moved(tx, {
          order: result.order,
          from: result.from,
          to: move.to,
          cause: move.cause,
          actor: move.actor,
          detail: move.detail,
          eventId: result.eventId,
        });
        // Still locked by this transaction: read again, as the reactions left it.
        return { ...result, order: (await lockOrder(tx, move.orderNum)) ?? result.order };
      }
      return result;
    });
    // Counted for /metrics once made (payments, deliveries, refunds by outcome; paid → delivered).
    if (moved.moved) orderMoved(moved.from, moved.to, moved.order);
    return moved;
  }

  /** What a verified gateway answer does to its order (payment-outcomes.ts). */
  applyPaymentOutcome(db: DbOrTx, outcome: PaymentOutcome): Promise<PaymentOutcomeResult> {
    return applyPaymentOutcome(this, db, outcome);
  }

  /** Records a capture beyond the payment that paid the order, and lets the subscribers react (extra-payments.ts). */
  async recordExtraPayment(
    tx: DbOrTx,
    order: OrderRow,
    payment: CapturedPayment,
  ): Promise<ExtraPaymentRow | undefined> {
    const row = await recordExtraPayment(tx, order, payment);
    if (row) await this.subscribers.extraPayment(tx, { order, payment: row });
    return row;
  }
}
