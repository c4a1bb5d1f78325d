import { ORDER_STATUSES, orderNote } from '@ezrecharge/shared';
import { riskCardFailures } from '../../db/schema';
import type { CardFailureReport, PaymentProvider } from '../../gateways';
import type { DbOrTx } from '../../infra/db';
import { noteOrder } from '../order-lifecycle/order-moves';
import { findOrder } from '../order-lifecycle/order-row';

/**
 * Issue #29: a card the gateway declined while the order's payment stays open (Stripe Checkout lets the buyer try
 * another card): kept in `risk_card_failures` with the card's fingerprint and country, where the risk rules count it
 * as an unsuccessful payment of the order's keys (and of the card), and written on the order's history. Once per
 * declined attempt, however often the gateway reports it.
 */
export async function recordCardFailure(
  db: DbOrTx,
  provider: Pick<PaymentProvider, 'id' | 'displayName'>,
  orderNum: string | null,
  failure: CardFailureReport,
): Promise<'card_declined' | 'unknown_order' | 'repeat'> {
  const order = orderNum ? await findOrder(db, orderNum) : undefined;
  if (!order || order.gateway !== provider.id) return 'unknown_order';
  const [row] = await db
    .insert(riskCardFailures)
    .values({
      orderId: order.id,
      gateway: provider.id,
      attemptRef: failure.attemptRef.slice(0, 255),
      cardFingerprint: failure.cardFingerprint,
      cardCountry: failure.cardCountry,
      reason: failure.reason.slice(0, 100),
    })
    .onConflictDoNothing()
    .returning({ id: riskCardFailures.id });
  if (!row) return 'repeat';
  await noteOrder(db, order.orderNum, ORDER_STATUSES, {
    cause: orderNote('card_declined', {
      gateway: provider.displayName,
      reason: failure.reason.slice(0, 100),
    }),
    actor: `gateway:${provider.id}`,
    detail: {
      risk: 'card_declined',
      attempt: failure.attemptRef,
      card_fingerprint: failure.cardFingerprint,
      card_country: failure.cardCountry,
    },
  });
  return 'card_declined';
}
