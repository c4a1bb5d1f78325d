import type { TOrderNote } from '@ezrecharge/shared';
import type { PaymentProvider, PaymentStatus } from '../../gateways';
import type { OrderRow } from '../order-lifecycle/order-row';
import type { PaymentOutcome } from '../order-lifecycle/payment-outcomes';

/**
 * The outcome of a status query that found the order paid (at Pay Now, on the buyer's return, at the payment
 * deadline): the amount, currency, reference and channel the provider reports, the reference we hold where it
 * reports none.
 */
export function paidByStatus(
  provider: PaymentProvider,
  order: OrderRow,
  status: PaymentStatus,
  cause: TOrderNote,
): PaymentOutcome {
  return {
    orderNum: order.orderNum,
    gateway: provider.id,
    result: 'paid',
    amount: status.amount ?? null,
    currency: status.currency ?? null,
    ref: status.ref ?? order.gatewayRef,
    channel: status.channel,
    cause,
    ...(status.risk ? { risk: status.risk } : {}),
  };
}
