import { canMove, isOrderStatus, ORDER_STATUS_LABELS, type TOrderStatus } from '@ezrecharge/shared';
import { eq, sql } from 'drizzle-orm';
import { orderEvents, orders } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';

/**
 * The only way an order changes status (DESIGN.md §6). A move locks the order row, checks the move against the
 * shared table of allowed moves, updates the row and writes the `order_events` row, all in one transaction, so
 * two gateways' copies of one notification, a timeout job and an admin action can race safely: whoever locks
 * the row first moves it, the others see the new status and get `{ moved: false }`.
 */

export type OrderRow = typeof orders.$inferSelect;

/** Columns a move may set together with the status (e.g. paid_at with 7, failure_reason with 1, 5, 10). */
export type OrderMoveSet = Partial<
  Pick<
    OrderRow,
    | 'gatewayRef'
    | 'payCheckoutSessionUrl'
    | 'paymentDeadline'
    | 'paymentHeld'
    | 'failureReason'
    | 'paidAt'
    | 'deliveredAt'
  >
>;

export interface OrderMove {
  orderNum: string;
  to: TOrderStatus;
  /** Only move from one of these (on top of the allowed-moves table); e.g. a timeout only from 2 or 3. */
  from?: readonly TOrderStatus[];
  /** Why, in a few words an operator can read: 'fiuu notify 00', 'payment deadline passed', … */
  cause: string;
  /** 'system', 'gateway:fiuu', 'gateway:stripe', 'user:12', 'admin:1', … */
  actor: string;
  /** Stored as JSON on the event row; never secrets. */
  detail?: Record<string, unknown>;
  set?: OrderMoveSet;
  /** Runs inside the same transaction after the move, e.g. to enqueue the fulfilment job for status 7. */
  after?: (tx: DbOrTx, order: OrderRow) => Promise<void>;
}

export type OrderMoveResult =
  | { moved: true; from: TOrderStatus; order: OrderRow }
  | { moved: false; reason: 'not_found' }
  /** The order is already in the target status (a repeat); nothing changed. */
  | { moved: false; reason: 'already'; order: OrderRow }
  /** The move is not allowed from the current status; nothing changed. */
  | { moved: false; reason: 'not_allowed'; order: OrderRow };

/** Moves one order; see the module comment. Pass a transaction to make the move part of a larger one. */
export async function moveOrder(db: DbOrTx, move: OrderMove): Promise<OrderMoveResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderNum, move.orderNum))
      .for('update')
      .limit(1);
    if (!order) return { moved: false, reason: 'not_found' };
    const from = order.orderStatus;
    if (!isOrderStatus(from)) return { moved: false, reason: 'not_allowed', order };
    if (from === move.to) return { moved: false, reason: 'already', order };
    if (!canMove(from, move.to) || (move.from && !move.from.includes(from))) {
      return { moved: false, reason: 'not_allowed', order };
    }
    const [updated] = await tx
      .update(orders)
      .set({ ...move.set, orderStatus: move.to, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error(`order ${order.id} vanished while locked`);
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: move.to,
      cause: move.cause,
      actor: move.actor,
      detail: move.detail ?? null,
    });
    await move.after?.(tx, updated);
    return { moved: true, from, order: updated };
  });
}

/** A short line for logs: "ORD123 3 Pending payment → 7 Payment completed (fiuu notify 00)". */
export function describeMove(orderNum: string, from: TOrderStatus, to: TOrderStatus, cause: string): string {
  return `${orderNum} ${from} ${ORDER_STATUS_LABELS[from]} → ${to} ${ORDER_STATUS_LABELS[to]} (${cause})`;
}
