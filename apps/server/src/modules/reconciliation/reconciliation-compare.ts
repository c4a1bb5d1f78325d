import {
  parseMajorToMinor,
  ORDER_STATUS as S,
  type TMismatchKind,
  type TReconciliationState,
} from '@ezrecharge/shared';
import type { GatewayRecord, GatewayRecords } from '../../gateways';

/**
 * Issue #28: the comparison of one shop day, pure. What each gateway recorded (its report or lists, fetched over a
 * window a little wider than the day so that a payment near midnight is found on either side) beside our orders of
 * the day, and what we recorded of their deliveries. Every difference is one mismatch with its evidence:
 *
 * - paid_at_gateway_not_here: the gateway took the money, our order is not paid (a lost notification). Action
 *   `apply`: the payment is checked with the gateway again and applied as a notification is.
 * - paid_here_unknown_to_gateway: our order is paid, the gateway's records hold no payment of it.
 * - amount_differs: the gateway's amount or currency is not the order's (or we hold the payment for it).
 * - refunded_at_gateway_not_here: a refund or chargeback at the gateway of an order we never refunded.
 * - delivered_not_paid: diamonds delivered for an order that is not paid.
 * - paid_not_delivered: paid more than 10 minutes ago and still not delivered.
 * - multiple_deliveries: more than one delivery recorded for an order.
 */

/** Paid more than this long ago and still not delivered: a mismatch. */
export const DELIVERY_GRACE_MS = 10 * 60_000;

/** What we hold of an order, for the comparison. */
export interface OurOrder {
  orderNum: string;
  gateway: string;
  status: number;
  amount: number;
  currency: string;
  gatewayRef: string | null;
  paymentHeld: boolean;
  createdAt: Date;
  paidAt: Date | null;
  deliveredAt: Date | null;
  /** Deliveries recorded: moves into 9 and BIGO answers "delivered" (rescode 0). */
  deliveries: number;
  /** The gateway references of its extra payments (issue #26) we refund or refunded. */
  extraRefunds: readonly string[];
}

export interface MismatchDraft {
  kind: TMismatchKind;
  gateway: string | null;
  orderNum: string | null;
  gatewayRef: string | null;
  evidence: Record<string, unknown>;
  action: 'apply' | null;
}

export interface DayTotal {
  gateway: string;
  currency: string;
  gateway_paid: number;
  gateway_count: number;
  our_paid: number;
  our_count: number;
  gateway_refunded: number;
  our_refunded: number;
}

export interface DayComparison {
  state: TReconciliationState;
  sources: { gateway: string; ok: boolean; records: number; error: string | null }[];
  totals: DayTotal[];
  mismatches: MismatchDraft[];
}

const REFUND_STATUSES: readonly number[] = [S.REFUNDING, S.REFUNDED, S.REFUND_FAILED];
const UNDELIVERED_PAID: readonly number[] = [S.PAYMENT_COMPLETED, S.CHARGING, S.CHARGE_FAILED];

const inWindow = (at: Date | string | null, w: { from: Date; to: Date }) => {
  if (at === null) return false;
  const t = new Date(at).getTime();
  return t >= w.from.getTime() && t < w.to.getTime();
};

function ours(order: OurOrder): Record<string, unknown> {
  return {
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    gateway_ref: order.gatewayRef,
    payment_held: order.paymentHeld,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    deliveries: order.deliveries,
  };
}

function theirs(record: GatewayRecord): Record<string, unknown> {
  return {
    kind: record.kind,
    state: record.state,
    ref: record.ref,
    amount: record.amount,
    currency: record.currency,
    at: record.at,
    ...record.detail,
  };
}

/** The record's amount in the minor units of its currency (the order's where the gateway names none). */
function minorOf(record: GatewayRecord, fallbackCurrency: string): number | null {
  if (record.amount === null) return null;
  return parseMajorToMinor(record.amount, record.currency ?? fallbackCurrency);
}

export function compareDay(input: {
  window: { from: Date; to: Date };
  now: Date;
  /** Each payment gateway's records over the widened window. */
  sources: ReadonlyMap<string, GatewayRecords>;
  /** Our orders of the day (created or paid in it) and every order a gateway record of the day names. */
  orders: readonly OurOrder[];
}): DayComparison {
  const { window, now, sources } = input;
  const byNum = new Map(input.orders.map((o) => [o.orderNum, o]));
  const mismatches: MismatchDraft[] = [];
  const totals = new Map<string, DayTotal>();
  const total = (gateway: string, currency: string): DayTotal => {
    const key = `${gateway}:${currency}`;
    let row = totals.get(key);
    if (!row) {
      row = {
        gateway,
        currency,
        gateway_paid: 0,
        gateway_count: 0,
        our_paid: 0,
        our_count: 0,
        gateway_refunded: 0,
        our_refunded: 0,
      };
      totals.set(key, row);
    }
    return row;
  };

  const sourceRows: DayComparison['sources'] = [];
  for (const [gateway, answer] of sources) {
    if (!answer.ok) {
      sourceRows.push({ gateway, ok: false, records: 0, error: answer.reason });
      continue;
    }
    sourceRows.push({ gateway, ok: true, records: answer.records.length, error: null });
    const paidHere = new Set<string>();
    for (const record of answer.records) {
      if (record.kind === 'payment' && record.state === 'paid' && record.orderNum)
        paidHere.add(record.orderNum);
      if (!inWindow(record.at, window)) continue;
      const order = record.orderNum ? byNum.get(record.orderNum) : undefined;
      const currency = record.currency ?? order?.currency ?? '?';
      const minor = minorOf(record, order?.currency ?? 'MYR');
      if (record.kind === 'payment' && record.state === 'paid') {
        const row = total(gateway, currency);
        row.gateway_paid += minor ?? 0;
        row.gateway_count += 1;
        const base = { gateway, orderNum: record.orderNum, gatewayRef: record.ref };
        if (!order || order.gateway !== gateway) {
          mismatches.push({
            ...base,
            kind: 'paid_at_gateway_not_here',
            evidence: { gateway_record: theirs(record), order: null },
            action: null,
          });
        } else if (
          order.paymentHeld ||
          minor !== order.amount ||
          (record.currency !== null && record.currency !== order.currency)
        ) {
          // Applying would only hold it again: the operator settles the difference (refund, or a new order).
          mismatches.push({
            ...base,
            kind: 'amount_differs',
            evidence: { gateway_record: theirs(record), order: ours(order), gateway_amount_minor: minor },
            action: null,
          });
        } else if (order.paidAt === null) {
          mismatches.push({
            ...base,
            kind: 'paid_at_gateway_not_here',
            evidence: { gateway_record: theirs(record), order: ours(order) },
            action: 'apply',
          });
        }
      }
      if (record.kind === 'refund') {
        total(gateway, currency).gateway_refunded += minor ?? 0;
        // The refund of a payment besides the order's own (paid twice) is ours when we refund that payment.
        const ofOurExtra = record.paymentRef !== undefined && order?.extraRefunds.includes(record.paymentRef);
        if (!ofOurExtra && (!order || !REFUND_STATUSES.includes(order.status))) {
          mismatches.push({
            kind: 'refunded_at_gateway_not_here',
            gateway,
            orderNum: record.orderNum,
            gatewayRef: record.ref,
            evidence: { gateway_record: theirs(record), order: order ? ours(order) : null },
            action: null,
          });
        }
      }
    }
    for (const order of input.orders) {
      if (order.gateway !== gateway) continue;
      if (inWindow(order.paidAt, window)) {
        const row = total(gateway, order.currency);
        row.our_paid += order.amount;
        row.our_count += 1;
        if (!paidHere.has(order.orderNum)) {
          mismatches.push({
            kind: 'paid_here_unknown_to_gateway',
            gateway,
            orderNum: order.orderNum,
            gatewayRef: order.gatewayRef,
            evidence: { order: ours(order), gateway_record: null },
            action: null,
          });
        }
      }
      if (inWindow(order.paidAt, window) && REFUND_STATUSES.includes(order.status)) {
        total(gateway, order.currency).our_refunded += order.amount;
      }
    }
  }

  for (const order of input.orders) {
    const base = {
      gateway: order.gateway,
      orderNum: order.orderNum,
      gatewayRef: order.gatewayRef,
      action: null,
    };
    const delivered = order.status === S.CHARGED || order.deliveredAt !== null || order.deliveries > 0;
    if (delivered && order.paidAt === null) {
      mismatches.push({ ...base, kind: 'delivered_not_paid', evidence: { order: ours(order) } });
    }
    if (
      order.paidAt !== null &&
      UNDELIVERED_PAID.includes(order.status) &&
      now.getTime() - order.paidAt.getTime() > DELIVERY_GRACE_MS
    ) {
      mismatches.push({
        ...base,
        kind: 'paid_not_delivered',
        evidence: {
          order: ours(order),
          minutes_since_paid: Math.floor((now.getTime() - order.paidAt.getTime()) / 60_000),
        },
      });
    }
    if (order.deliveries > 1) {
      mismatches.push({ ...base, kind: 'multiple_deliveries', evidence: { order: ours(order) } });
    }
  }

  const allRead = sourceRows.every((s) => s.ok);
  return {
    state: !allRead ? 'incomplete' : mismatches.length > 0 ? 'mismatched' : 'reconciled',
    sources: sourceRows,
    totals: [...totals.values()].sort(
      (a, b) => a.gateway.localeCompare(b.gateway) || a.currency.localeCompare(b.currency),
    ),
    mismatches,
  };
}
