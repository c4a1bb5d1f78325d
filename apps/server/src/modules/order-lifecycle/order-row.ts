import {
  isCurrency,
  isOrderNoteJson,
  isOrderStatus,
  ORDER_STATUS,
  type TCurrency,
  type TExtraPayment,
  type TOrder,
  type TOrderBonus,
  type TOrderEvent,
  type TOrderStatus,
} from '@ezrecharge/shared';
import { maskEmail } from '@ezrecharge/shared/email';
import { asc, eq, inArray } from 'drizzle-orm';
import { disputes, orderBonuses, type orderEvents, orders, promotions } from '../../db/schema';
import type { OrderForPayment, PaymentOrder } from '../../gateways';
import type { DbOrTx } from '../../infra/db';
import { extraPaymentsOfOrders, toApiExtraPayment } from './extra-payments';
import { deliveryHeld } from './order-holds';

/**
 * The order as every module sees it: its row and event types, and its shapes for the API and for a payment
 * provider. Part of the order-lifecycle core (README.md in this folder).
 */

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
/** An event as a move or the creation writes it: the order and the time are filled in by the database. */
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, 'id' | 'orderId' | 'createdAt'>;

/** The order with this number, as it is now (no lock: moves and notes take their own). */
export async function findOrder(db: DbOrTx, orderNum: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNum, orderNum)).limit(1);
  return row;
}

export async function findOrderById(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

function currencyOf(row: OrderRow): TCurrency {
  // Orders are only written with a currency the price had, and prices only with the shop's currencies.
  if (!isCurrency(row.currency)) throw new Error(`order ${row.orderNum} has an unsupported currency`);
  return row.currency;
}

function statusOf(value: number, orderNum: string): TOrderStatus {
  if (!isOrderStatus(value)) throw new Error(`order ${orderNum} has an unknown status ${value}`);
  return value;
}

/**
 * What superusers see of an order besides what its buyer sees: what its payment provider needs for a refund, and
 * the order's extra payments (issue #26) with what each one's refund needs.
 */
export interface OperatorView {
  refundBankDetails: TOrder['refund_bank_details'];
  extraPayments: readonly TExtraPayment[];
  /** Issue #28: the status of the order's newest dispute, null when none. */
  disputeStatus: string | null;
}

/**
 * An order as the API shows it; the e-mail masked unless the caller may see it. `operator` adds what superusers
 * see (refund needs, delivery uncertain, refund overdue, extra payments); elsewhere those read as nothing.
 */
export function toApiOrder(
  row: OrderRow,
  options: {
    maskEmail: boolean;
    operator?: OperatorView | undefined;
    /** The order's bonuses (`bonusesOfOrders`); none when left out. */
    bonuses?: readonly TOrderBonus[];
    /** Issue #29: held for review: how long checking usually takes (RISK_REVIEW_HOURS); null when not held. */
    reviewHours?: number | null;
  },
): TOrder {
  const { operator } = options;
  return {
    id: row.id,
    order_num: row.orderNum,
    game_type: row.gameType,
    game_id: row.gameId,
    order_status: statusOf(row.orderStatus, row.orderNum),
    pay_payment_num: options.maskEmail ? maskEmail(row.email) : row.email,
    amount: row.amount,
    amount_game: row.amountGame,
    quantity: row.quantity,
    pay_currency: currencyOf(row),
    price_id: row.priceId,
    price: row.unitAmount,
    game_amount: row.gameAmount,
    product_name: row.productName,
    page_info: row.pageInfo,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    pay_checkout_session_url: row.payCheckoutSessionUrl,
    paid_at: row.paidAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    failure_reason: row.failureReason,
    failure_note: isOrderNoteJson(row.failureNote) ? row.failureNote : null,
    payment_channel: row.paymentChannel,
    payment_channel_choice: row.paymentChannelChoice,
    refund_bank_details: operator?.refundBankDetails ?? 'none',
    bonus_game: row.bonusGame,
    bonuses: [...(options.bonuses ?? [])],
    delivery_uncertain: operator ? row.deliveryUncertain : false,
    refund_overdue_at: operator ? (row.refundOverdueAt?.toISOString() ?? null) : null,
    extra_payments: [...(operator?.extraPayments ?? [])],
    dispute_status: operator?.disputeStatus ?? null,
    review_hours: options.reviewHours ?? null,
  };
}

type BonusState = TOrderBonus['state'];
const BONUS_STATES: readonly string[] = ['granted', 'delivered', 'withdrawn'] satisfies BonusState[];
const BONUS_KINDS: readonly string[] = ['code', 'welcome', 'channel'] satisfies TOrderBonus['kind'][];

/**
 * The bonuses of these orders (issue #16: the rewards module writes them), oldest first per order, in one query: a
 * page of orders loads its bonuses at once. Read here, beside `toApiOrder`, so every module that shows an order
 * shows its bonuses the same way.
 */
export async function bonusesOfOrders(
  db: DbOrTx,
  orderIds: readonly number[],
): Promise<Map<number, TOrderBonus[]>> {
  const byOrder = new Map<number, TOrderBonus[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderBonuses.orderId,
      kind: orderBonuses.kind,
      diamonds: orderBonuses.diamonds,
      state: orderBonuses.state,
      name: promotions.name,
      // The code as it was when granted: an operator may rename the promotion's code later.
      code: orderBonuses.code,
    })
    .from(orderBonuses)
    .innerJoin(promotions, eq(promotions.id, orderBonuses.promotionId))
    .where(inArray(orderBonuses.orderId, [...new Set(orderIds)]))
    .orderBy(asc(orderBonuses.id));
  for (const row of rows) {
    if (!BONUS_KINDS.includes(row.kind) || !BONUS_STATES.includes(row.state)) continue;
    const list = byOrder.get(row.orderId) ?? [];
    list.push({
      kind: row.kind as TOrderBonus['kind'],
      name: row.name,
      code: row.kind === 'code' ? row.code : null,
      diamonds: row.diamonds,
      state: row.state as BonusState,
    });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** What a payment provider tells of refunds of a payment made through `channel` (its refundBankDetails). */
export type RefundNeeds = (payment: { paymentChannel: string | null }) => TOrder['refund_bank_details'];

/** The operator's view of these orders (`refundNeeds` is the orders' provider's, per order), in one query. */
export async function operatorViewsOf(
  db: DbOrTx,
  rows: readonly OrderRow[],
  refundNeeds: (row: OrderRow) => RefundNeeds,
): Promise<Map<number, OperatorView>> {
  const ids = rows.map((r) => r.id);
  const [extras, disputeStatuses] = await Promise.all([
    extraPaymentsOfOrders(db, ids),
    newestDisputeStatuses(db, ids),
  ]);
  return new Map(
    rows.map((row) => {
      const needs = refundNeeds(row);
      const extraPayments = (extras.get(row.id) ?? []).map((extra) =>
        toApiExtraPayment(extra, needs({ paymentChannel: extra.channel })),
      );
      const disputeStatus = disputeStatuses.get(row.id) ?? null;
      return [row.id, { refundBankDetails: needs(row), extraPayments, disputeStatus }] as const;
    }),
  );
}

/** Issue #28: the status of each order's newest dispute (disputes_order_idx), for the orders that have one. */
async function newestDisputeStatuses(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, string>> {
  const byOrder = new Map<number, string>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: disputes.orderId, status: disputes.status })
    .from(disputes)
    .where(inArray(disputes.orderId, [...new Set(orderIds)]))
    .orderBy(asc(disputes.id));
  for (const row of rows) byOrder.set(row.orderId, row.status);
  return byOrder;
}

/** `toApiOrder` with the order's bonuses read, and its operator's view when `refundNeeds` is given (superusers). */
export async function apiOrderOf(
  db: DbOrTx,
  row: OrderRow,
  options: {
    maskEmail: boolean;
    refundNeeds?: RefundNeeds;
    /** Issue #29: RISK_REVIEW_HOURS, answered as `review_hours` when the order is held for review. */
    reviewHours?: number;
  },
): Promise<TOrder> {
  const bonuses = (await bonusesOfOrders(db, [row.id])).get(row.id) ?? [];
  const held =
    options.reviewHours !== undefined &&
    row.orderStatus === ORDER_STATUS.PAYMENT_COMPLETED &&
    (await deliveryHeld(db, row.id));
  const { refundNeeds } = options;
  const operator = refundNeeds
    ? (await operatorViewsOf(db, [row], () => refundNeeds)).get(row.id)
    : undefined;
  return toApiOrder(row, {
    maskEmail: options.maskEmail,
    bonuses,
    operator,
    reviewHours: held ? options.reviewHours : null,
  });
}

/** One event row as the API shows it: a single move (count 1) until collapseRepeatedEvents joins it with its repeats. */
export function toApiEvent(row: OrderEventRow): TOrderEvent {
  return {
    from_status: row.fromStatus === null ? null : statusOf(row.fromStatus, String(row.orderId)),
    to_status: statusOf(row.toStatus, String(row.orderId)),
    cause: row.cause,
    note: isOrderNoteJson(row.note) ? row.note : null,
    actor: row.actor,
    created_at: row.createdAt.toISOString(),
    count: 1,
    last_at: row.createdAt.toISOString(),
  };
}

/** The parts of an order a gateway sees. */
export function orderForPayment(row: OrderRow): OrderForPayment {
  return {
    orderNum: row.orderNum,
    amount: row.amount,
    currency: currencyOf(row),
    email: row.email,
    gameId: row.gameId,
    amountGame: row.amountGame,
    productName: row.productName,
    lang: row.lang === 'zh' ? 'zh' : 'en',
    registered: row.createdBy !== null,
    channel: row.paymentChannelChoice,
    threeDSecure: row.riskThreeDSecure,
  };
}

/** An order as its payment provider works with it: the order and the provider's references to it. */
export function paymentOrderOf(row: OrderRow): PaymentOrder {
  return { ...orderForPayment(row), ref: row.gatewayRef, checkoutUrl: row.payCheckoutSessionUrl };
}
