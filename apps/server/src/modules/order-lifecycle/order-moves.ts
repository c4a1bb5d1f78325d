import {
  canMove,
  isOrderStatus,
  MSG,
  ORDER_STATUS_LABELS,
  orderNoteText,
  type TOrderNote,
  type TOrderStatus,
} from '@ezrecharge/shared';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { orderEvents, orders } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { AppError } from '../../infra/http';
import { eventNoteColumns } from './event-note';
import type { OrderRow } from './order-row';

/**
 * The writes of an order's life after its creation (DESIGN.md §6; creation is order-creation.ts), and the only
 * writer of order events. A move locks the order row, checks the move against the shared table of allowed moves,
 * updates the row and writes the `order_events` row, all in one transaction, so two gateways' copies of one
 * notification, a timeout job and an admin action can race safely: whoever locks the row first moves it, the
 * others see the new status and get `{ moved: false }`. Moves are made through `OrderLifecycle.move`
 * (order-lifecycle.ts), which runs the subscribers' reactions in the same transaction; `writeMove` here is its
 * primitive (and the way a test puts an order into a state without reactions).
 */

/**
 * Columns a move may set together with the status (e.g. paid_at with 7, the failure with 1, 5, 10). `failure` is the
 * order's failure reason as a note of the shared catalogue (issue #32): written as failure_note with its English
 * text in failure_reason; null clears both.
 */
export type OrderMoveSet = { failure?: TOrderNote | null } & Partial<
  Pick<
    OrderRow,
    | 'gatewayRef'
    | 'paymentChannel'
    | 'refundBeneficiary'
    | 'payCheckoutSessionUrl'
    | 'paymentDeadline'
    | 'paymentHeld'
    /** Issue #26: the order's delivery failed after a call that may have delivered (fulfilment, on the move to 10). */
    | 'deliveryUncertain'
    /** Issue #26: the refund in 11 passed its gateway's documented time (refunds); cleared when a refund ends. */
    | 'refundOverdueAt'
    | 'paidAt'
    | 'deliveredAt'
    /** Rewards (issue #16): a bonus granted or withdrawn while the order is in 7 (never once it reached 8). */
    | 'bonusGame'
    /** Rewards (issue #16): the diamonds the order counts towards its buyer's spins, fixed in the move to 7. */
    | 'spinDiamonds'
  >
>;

export interface OrderMove {
  orderNum: string;
  to: TOrderStatus;
  /** Only move from one of these (on top of the allowed-moves table); e.g. a timeout only from 2 or 3. */
  from?: readonly TOrderStatus[];
  /**
   * Why, as a note of the shared catalogue (issue #32): `orderNote('fiuu_report', { endpoint: 'notify', status:
   * '00' })`. The event stores it with its English text ('fiuu notify 00').
   */
  cause: TOrderNote;
  /** 'system', 'gateway:fiuu', 'gateway:stripe', 'user:12', 'admin:1', … */
  actor: string;
  /** Stored as JSON on the event row; never secrets. */
  detail?: Record<string, unknown>;
  set?: OrderMoveSet;
}

export type OrderMoveResult =
  /**
   * `from` → `to`: the move made; `eventId`: its `order_events` row. `order`: the row as the move wrote it, or, from
   * OrderLifecycle.move, as the reactions to it left it (which may have moved it on).
   */
  | { moved: true; from: TOrderStatus; to: TOrderStatus; order: OrderRow; eventId: number }
  | { moved: false; reason: 'not_found' }
  /** The order is already in the target status (a repeat); nothing changed. */
  | { moved: false; reason: 'already'; order: OrderRow }
  /** The move is not allowed from the current status; nothing changed. */
  | { moved: false; reason: 'not_allowed'; order: OrderRow };

/** The order columns a move's `set` writes: its failure note as failure_note and its English failure_reason. */
export function orderColumnsOf(set: OrderMoveSet | undefined): Partial<OrderRow> {
  if (!set) return {};
  const { failure, ...columns } = set;
  if (failure === undefined) return columns;
  return {
    ...columns,
    failureReason: failure === null ? null : orderNoteText(failure),
    failureNote: failure,
  };
}

/** The order row, locked until the transaction ends; undefined when there is none. */
export async function lockOrder(tx: DbOrTx, orderNum: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.orderNum, orderNum)).for('update').limit(1);
  return order;
}

/**
 * Moves one order and writes its event, without anyone's reactions: OrderLifecycle.move is the way to move an
 * order. Pass a transaction to make the move part of a larger one.
 */
export async function writeMove(db: DbOrTx, move: OrderMove): Promise<OrderMoveResult> {
  return db.transaction(async (tx): Promise<OrderMoveResult> => {
    const order = await lockOrder(tx, move.orderNum);
    if (!order) return { moved: false, reason: 'not_found' };
    const from = order.orderStatus;
    if (!isOrderStatus(from)) return { moved: false, reason: 'not_allowed', order };
    if (from === move.to) return { moved: false, reason: 'already', order };
    if (!canMove(from, move.to) || (move.from && !move.from.includes(from))) {
      return { moved: false, reason: 'not_allowed', order };
    }
    const [updated] = await tx
      .update(orders)
      .set({ ...orderColumnsOf(move.set), orderStatus: move.to, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error(`order ${order.id} vanished while locked`);
    const [event] = await tx
      .insert(orderEvents)
      .values({
        orderId: order.id,
        fromStatus: from,
        toStatus: move.to,
        ...eventNoteColumns(move.cause),
        actor: move.actor,
        detail: move.detail ?? null,
      })
      .returning({ id: orderEvents.id });
    if (!event) throw new Error(`order ${order.id}: its event was not written`);
    return { moved: true, from, to: move.to, order: updated, eventId: event.id };
  });
}

/** What a note says; `set` changes columns of the order with it (never its status). */
export interface OrderNote {
  /** What the note says, as a note of the shared catalogue (see OrderMove.cause). */
  cause: TOrderNote;
  actor: string;
  detail?: Record<string, unknown>;
  set?: OrderMoveSet;
}

/**
 * Writes a note: an event that explains what is happening to an order without moving it (from = to), such as
 * "BIGO not reached, will retry" or "payment held". Only while the order is in one of `statuses` (the row locked
 * meanwhile), so a note never lands after a move it would contradict. `note` may be a function of the locked order
 * that reads more in the same transaction (the order's earlier events) to decide what it says, or null to say
 * nothing after all. Resolves with the order as the note left it, or undefined when the order is not (or no
 * longer) in one of `statuses`. A caller that writes more with the note (a job, an alert) passes a transaction and
 * writes it there once the note resolved.
 */
export async function noteOrder(
  db: DbOrTx,
  orderNum: string,
  statuses: readonly TOrderStatus[],
  note: OrderNote | ((tx: DbOrTx, order: OrderRow) => Promise<OrderNote | null>),
): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderNum);
    if (!order || !isOrderStatus(order.orderStatus) || !statuses.includes(order.orderStatus))
      return undefined;
    const said = typeof note === 'function' ? await note(tx, order) : note;
    if (said === null) return order;
    let noted = order;
    if (said.set && Object.keys(said.set).length > 0) {
      const [updated] = await tx
        .update(orders)
        .set({ ...orderColumnsOf(said.set), updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
        .returning();
      if (!updated) throw new Error(`order ${order.id} vanished while locked`);
      noted = updated;
    }
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.orderStatus,
      toStatus: order.orderStatus,
      ...eventNoteColumns(said.cause),
      actor: said.actor,
      detail: said.detail ?? null,
    });
    return noted;
  });
}

/**
 * Sets columns of an order that is still in one of `statuses`, without a move or an event: a new payment session or
 * a later deadline for an order already awaiting payment. Undefined when the order is no longer there.
 */
export async function updateOrderIn(
  tx: DbOrTx,
  orderNum: string,
  statuses: readonly TOrderStatus[],
  set: OrderMoveSet,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...orderColumnsOf(set), updatedAt: sql`now()` })
    .where(and(eq(orders.orderNum, orderNum), inArray(orders.orderStatus, [...statuses])))
    .returning();
  return row;
}

/** A short line for logs: "ORD123 3 Pending payment → 7 Payment completed (fiuu notify 00)". */
export function describeMove(
  orderNum: string,
  from: TOrderStatus,
  to: TOrderStatus,
  cause: TOrderNote,
): string {
  return `${orderNum} ${from} ${ORDER_STATUS_LABELS[from]} → ${to} ${ORDER_STATUS_LABELS[to]} (${orderNoteText(cause)})`;
}

/**
 * The order an operator's move moved; a refusal as the answer the console shows: 404 for an unknown order, 400
 * "not allowed" for one that is not (or no longer) in a status the action starts from.
 */
export function movedByOperator(result: OrderMoveResult): OrderRow {
  if (result.moved) return result.order;
  if (result.reason === 'not_found') throw AppError.notFound(MSG.order_not_found);
  throw AppError.badRequest(MSG.order_action_not_allowed);
}

/**
 * How many times the order moved into `status` (at least 1: called right after such a move): numbers the mails and
 * alerts that tell of one arrival each, so a second arrival is a new one and a repeat of the same is not.
 */
export async function countMovesInto(tx: DbOrTx, orderId: number, status: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderEvents)
    // Moves only: a note an order got while in this status (from = to) is not an arrival.
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.toStatus, status),
        ne(orderEvents.fromStatus, status),
      ),
    );
  return Math.max(1, Number(row?.n ?? 0));
}
