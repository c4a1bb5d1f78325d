import {
  ORDER_STATUS,
  orderNote,
  type TOrder,
  type TOrderAction,
  type TOrderOverview,
  type TOrderStatus,
} from '@ezrecharge/shared';
import { auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import type { JobQueue } from '../../infra/jobs';
import type { DisputesService } from '../disputes/disputes-service';
import type { OrderLifecycle } from '../order-lifecycle/order-lifecycle';
import { movedByOperator, type OrderMoveSet } from '../order-lifecycle/order-moves';
import { apiOrderOf } from '../order-lifecycle/order-row';
import {
  countByStatus,
  countHeldPayments,
  countOperatorQueues,
  latestPrecheckBalance,
} from './fulfilment-repository';

export interface FulfilmentServiceDeps {
  db: Db;
  lifecycle: OrderLifecycle;
  jobs: JobQueue;
  /** BIGO_BALANCE_ALERT_BELOW. */
  balanceAlertBelow: number;
  /** Issue #28: counts the orders with an open dispute for the overview. */
  disputes: Pick<DisputesService, 'countOpen'>;
}

/** The superuser who acts, and from where (for the audit row). */
export interface Operator {
  id: number;
  ip: string;
}

/**
 * What operators do about delivery (DESIGN.md §6): retry a failed charge, mark one delivered, and see what needs
 * their attention.
 */
export class FulfilmentService {
  constructor(private readonly deps: FulfilmentServiceDeps) {}

  /**
   * POST /order/retry: 10 → 8 with the operator's reason and an audit row, in one transaction; the delivery is
   * queued again by fulfilment's subscriber to 8. Safe whatever BIGO did before: BIGO never credits one order number
   * twice. Its 7212010 answer then ends in 9 only if an earlier call may have delivered, else in 10 again for the
   * operator (delivery-job.ts).
   */
  async retryCharge(operator: Operator, orderNum: string, action: TOrderAction): Promise<TOrder> {
    return this.operatorMove(operator, orderNum, action, {
      to: ORDER_STATUS.CHARGING,
      cause: 'admin_retry',
      audit: 'order.retry_charge',
      set: { failure: null },
    });
  }

  /**
   * POST /order/mark-delivered: 10 → 9 for an order whose diamonds the operator found credited in BIGO's reseller
   * console (typically after BIGO answered 7212010 and our record could not tell). With the reason and an audit
   * row; the subscribers to 9 mark its bonuses delivered (its one call carried them) and queue the receipt, in the
   * same transaction. BIGO is not called.
   */
  async markDelivered(operator: Operator, orderNum: string, action: TOrderAction): Promise<TOrder> {
    return this.operatorMove(operator, orderNum, action, {
      to: ORDER_STATUS.CHARGED,
      cause: 'admin_marked_delivered',
      audit: 'order.mark_delivered',
      set: { deliveredAt: new Date(), failure: null },
    });
  }

  /** A move out of 10 (charge failed) with the operator's reason and an audit row, in one transaction. */
  private async operatorMove(
    operator: Operator,
    orderNum: string,
    action: TOrderAction,
    move: {
      to: TOrderStatus;
      /** The note of the move, with the operator's reason as its value. */
      cause: 'admin_retry' | 'admin_marked_delivered';
      audit: `order.${string}`;
      set: OrderMoveSet;
    },
  ): Promise<TOrder> {
    const from = ORDER_STATUS.CHARGE_FAILED;
    const { db, lifecycle } = this.deps;
    const result = await db.transaction(async (tx) => {
      const moved = await lifecycle.move(tx, {
        orderNum,
        to: move.to,
        from: [from],
        cause: orderNote(move.cause, { reason: action.reason }),
        actor: `admin:${operator.id}`,
        detail: { reason: action.reason },
        set: move.set,
      });
      if (moved.moved) {
        await auditChange(tx, operator, move.audit, orderNum, { reason: action.reason, from, to: move.to });
      }
      return moved;
    });
    const order = movedByOperator(result);
    this.deps.jobs.kick();
    return apiOrderOf(this.deps.db, order, { maskEmail: false });
  }

  /**
   * GET /order/overview: the reseller balance from the latest precheck and the orders waiting for an operator,
   * issue #26's and #32's queues included (each counted as the order list's `attention` filter lists it).
   */
  async overview(): Promise<TOrderOverview> {
    const { db } = this.deps;
    const [balance, counts, held, queues, disputesOpen] = await Promise.all([
      latestPrecheckBalance(db),
      countByStatus(db, [ORDER_STATUS.CHARGE_FAILED, ORDER_STATUS.REFUND_FAILED]),
      countHeldPayments(db),
      countOperatorQueues(db),
      this.deps.disputes.countOpen(),
    ]);
    return {
      reseller_balance: balance?.balance ?? null,
      balance_checked_at: balance?.checkedAt.toISOString() ?? null,
      balance_alert_below: this.deps.balanceAlertBelow,
      charge_failed: counts.get(ORDER_STATUS.CHARGE_FAILED) ?? 0,
      refund_failed: counts.get(ORDER_STATUS.REFUND_FAILED) ?? 0,
      payment_held: held,
      delivery_late: queues.deliveryLate,
      delivery_uncertain: queues.deliveryUncertain,
      paid_twice: queues.paidTwice,
      risk_held: queues.riskHeld,
      refund_overdue: queues.refundOverdue,
      disputes_open: disputesOpen,
    };
  }
}
