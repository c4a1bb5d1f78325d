import {
  EXTRA_PAYMENT_REFUNDABLE,
  EXTRA_PAYMENT_STATES,
  orderNote,
  type TExtraPayment,
  type TExtraPaymentState,
  type TOrderNote,
} from '@ezrecharge/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { extraPayments, orderEvents, orders } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import { eventNoteColumns } from './event-note';

/**
 * Payments a gateway captured for an order besides the one that paid it (issue #26): a buyer who paid in two tabs,
 * or paid again after a timeout they did not trust. The order is delivered once, against its first payment; every
 * other capture is recorded here when it is reported — with an event on the order, in the same transaction as the
 * report is applied — and refunded through the gateway (the refunds module: after an operator confirms, or at once
 * with EXTRA_PAYMENT_REFUND=auto). A report that repeats a recorded capture records nothing more.
 */

export type ExtraPaymentRow = typeof extraPayments.$inferSelect;
/** The order row (order-row.ts's OrderRow, named here so that order-row.ts may import this module). */
type OrderRow = typeof orders.$inferSelect;

export interface CapturedPayment {
  gateway: string;
  ref: string;
  amount: number | null;
  currency: string | null;
  channel?: string | null | undefined;
  /** What reported it: 'fiuu notify 00', 'stripe checkout.session.completed', … */
  cause: TOrderNote;
  actor: string;
}

/**
 * Records a capture for `order` (locked by the caller's transaction) beyond the payment that paid it: the row and an
 * event on the order (OrderLifecycle.recordExtraPayment then lets its subscribers react: the operator told, the
 * refund by the setting). Undefined when the same capture was recorded before.
 */
export async function recordExtraPayment(
  tx: DbOrTx,
  order: OrderRow,
  payment: CapturedPayment,
): Promise<ExtraPaymentRow | undefined> {
  const [row] = await tx
    .insert(extraPayments)
    .values({
      orderId: order.id,
      gateway: payment.gateway,
      ref: payment.ref.slice(0, 200),
      // Never delivered against, so what the gateway says it took is what is refunded, even if it differs.
      amount: payment.amount ?? order.amount,
      currency: (payment.currency ?? order.currency).toUpperCase().slice(0, 8),
      channel: payment.channel ? payment.channel.slice(0, 100) : null,
    })
    .onConflictDoNothing({ target: [extraPayments.gateway, extraPayments.ref] })
    .returning();
  if (!row) return undefined;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.orderStatus,
    toStatus: order.orderStatus,
    ...eventNoteColumns(
      orderNote('extra_payment_captured', {
        currency: row.currency,
        amount: row.amount,
        ref: row.ref,
        cause: payment.cause,
      }),
    ),
    actor: payment.actor,
    detail: {
      extra_payment: row.id,
      gateway: row.gateway,
      ref: row.ref,
      amount: row.amount,
      currency: row.currency,
      ...(row.channel ? { channel: row.channel } : {}),
    },
  });
  return row;
}

/** The extra payments of these orders, oldest first per order, in one query. */
export async function extraPaymentsOfOrders(
  db: DbOrTx,
  orderIds: readonly number[],
): Promise<Map<number, ExtraPaymentRow[]>> {
  const byOrder = new Map<number, ExtraPaymentRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(extraPayments)
    .where(inArray(extraPayments.orderId, [...new Set(orderIds)]))
    .orderBy(asc(extraPayments.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

export async function findExtraPayment(db: DbOrTx, id: number): Promise<ExtraPaymentRow | undefined> {
  const [row] = await db.select().from(extraPayments).where(eq(extraPayments.id, id)).limit(1);
  return row;
}

/** The extra payment, locked until the transaction ends. */
export async function lockExtraPayment(tx: DbOrTx, id: number): Promise<ExtraPaymentRow | undefined> {
  const [row] = await tx.select().from(extraPayments).where(eq(extraPayments.id, id)).for('update').limit(1);
  return row;
}

/** Columns of an extra payment its refund changes. */
export type ExtraPaymentSet = Partial<
  Pick<
    ExtraPaymentRow,
    | 'state'
    | 'refundAttempts'
    | 'refundRef'
    | 'refundBeneficiary'
    | 'failureReason'
    | 'refundStartedAt'
    | 'refundOverdueAt'
  >
>;

/**
 * Changes an extra payment that is in one of `states`, with an event on its order saying why, in one transaction;
 * undefined (nothing written) when it is not (or no longer) in one of them. A caller that writes more with the change
 * (its jobs, an audit row) passes a transaction and writes them there once this resolved with the row.
 */
export async function updateExtraPayment(
  db: DbOrTx,
  id: number,
  states: readonly TExtraPaymentState[],
  change: {
    set: ExtraPaymentSet;
    /** A new refund attempt: refund_attempts counts up, and the row passed to `after` carries the new number. */
    newAttempt?: boolean;
    cause: TOrderNote;
    actor: string;
    detail?: Record<string, unknown>;
  },
): Promise<ExtraPaymentRow | undefined> {
  return db.transaction(async (tx) => {
    const current = await lockExtraPayment(tx, id);
    if (!current || !(states as readonly string[]).includes(current.state)) return undefined;
    const [row] = await tx
      .update(extraPayments)
      .set({
        ...change.set,
        ...(change.newAttempt ? { refundAttempts: sql`${extraPayments.refundAttempts} + 1` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(extraPayments.id, id))
      .returning();
    if (!row) throw new Error(`extra payment ${id} vanished while locked`);
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).limit(1);
    if (!order) throw new Error(`extra payment ${id} has no order`);
    await tx.insert(orderEvents).values({
      orderId: row.orderId,
      fromStatus: order.orderStatus,
      toStatus: order.orderStatus,
      ...eventNoteColumns(change.cause),
      actor: change.actor,
      detail: {
        extra_payment: row.id,
        ref: row.ref,
        state: row.state,
        ...(change.newAttempt ? { attempt: row.refundAttempts } : {}),
        ...change.detail,
      },
    });
    return row;
  });
}

const isState = (value: string): value is TExtraPaymentState =>
  (EXTRA_PAYMENT_STATES as readonly string[]).includes(value);

export const isRefundableExtraPayment = (row: Pick<ExtraPaymentRow, 'state'>): boolean =>
  (EXTRA_PAYMENT_REFUNDABLE as readonly string[]).includes(row.state);

/** An extra payment as superusers see it. */
export function toApiExtraPayment(
  row: ExtraPaymentRow,
  refundBankDetails: TExtraPayment['refund_bank_details'],
): TExtraPayment {
  return {
    id: row.id,
    gateway_ref: row.ref,
    amount: row.amount,
    currency: row.currency,
    channel: row.channel,
    state: isState(row.state) ? row.state : 'recorded',
    refund_bank_details: refundBankDetails,
    failure_reason: row.failureReason,
    refund_overdue_at: row.refundOverdueAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An order (of the query's `orders`) with an extra payment waiting for an operator's refund ("paid twice"). */
export const paidTwiceCondition = sql`exists (select 1 from ${extraPayments} x where x.order_id = ${orders.id}
    and x.state in (${sql.join(
      EXTRA_PAYMENT_REFUNDABLE.map((s) => sql`${s}`),
      sql`, `,
    )}))`;

/** An order (of the query's `orders`) with an extra payment whose refund passed its gateway's documented time. */
export const extraRefundOverdueCondition = sql`exists (select 1 from ${extraPayments} x
    where x.order_id = ${orders.id} and x.state = 'refunding' and x.refund_overdue_at is not null)`;
