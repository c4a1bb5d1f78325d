import { formatMinor, fromStripeAmount } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { GatewayRecord, GatewayRecords } from '../payment-provider';
import { describeStripeFailure } from './stripe-http-client';

/**
 * Issue #28: what Stripe recorded in a window, from its list endpoints ("List all Checkout Sessions" and "List all
 * refunds", filtered by `created`, paged with starting_after by the SDK's auto-pagination): each Checkout Session
 * created in it (paid, expired or still open) and each refund created in it, with the session its PaymentIntent
 * belongs to (our order number is the session's client_reference_id).
 */

/** Stripe's amount of `currency` in major units as we write it ("39.00"), or null when it has no exact value. */
function major(amount: number | null, currency: string | null): string | null {
  if (amount === null || !currency) return null;
  const minor = fromStripeAmount(amount, currency);
  return minor === null ? null : formatMinor(minor, currency.toUpperCase());
}

const orderNumOf = (session: Stripe.Checkout.Session): string | null =>
  session.client_reference_id ?? session.metadata?.order_num ?? null;

const idOf = (ref: string | { id: string } | null): string | null =>
  ref === null ? null : typeof ref === 'string' ? ref : ref.id;

function sessionRecord(session: Stripe.Checkout.Session): GatewayRecord {
  const paid = session.status === 'complete' && session.payment_status === 'paid';
  const pi = idOf(session.payment_intent);
  return {
    kind: 'payment',
    state: paid ? 'paid' : session.status === 'expired' ? 'failed' : 'pending',
    orderNum: orderNumOf(session),
    ref: session.id,
    amount: major(session.amount_total, session.currency),
    currency: session.currency ? session.currency.toUpperCase() : null,
    at: new Date(session.created * 1000).toISOString(),
    detail: {
      status: String(session.status),
      payment_status: session.payment_status,
      ...(pi ? { payment_intent: pi } : {}),
    },
  };
}

export async function stripeRecords(
  stripe: Stripe,
  log: FastifyBaseLogger,
  window: { from: Date; to: Date },
): Promise<GatewayRecords> {
  const created = {
    gte: Math.floor(window.from.getTime() / 1000),
    lt: Math.ceil(window.to.getTime() / 1000),
  };
  try {
    const records: GatewayRecord[] = [];
    const byIntent = new Map<string, Stripe.Checkout.Session>();
    for await (const session of stripe.checkout.sessions.list({ created, limit: 100 })) {
      records.push(sessionRecord(session));
      const pi = idOf(session.payment_intent);
      if (pi) byIntent.set(pi, session);
    }
    for await (const refund of stripe.refunds.list({ created, limit: 100 })) {
      if (refund.status !== 'succeeded' && refund.status !== 'pending') continue;
      const pi = idOf(refund.payment_intent);
      let session = pi ? byIntent.get(pi) : undefined;
      if (!session && pi) {
        // A refund of a payment made before the window: its session, by the PaymentIntent.
        [session] = (await stripe.checkout.sessions.list({ payment_intent: pi, limit: 1 })).data;
      }
      records.push({
        kind: 'refund',
        state: 'refunded',
        orderNum: session ? orderNumOf(session) : (refund.metadata?.order_num ?? null),
        ref: refund.id,
        amount: major(refund.amount, refund.currency),
        currency: refund.currency.toUpperCase(),
        at: new Date(refund.created * 1000).toISOString(),
        detail: {
          status: String(refund.status),
          ...(pi ? { payment_intent: pi } : {}),
          ...(session ? { session: session.id } : {}),
        },
      });
    }
    return { ok: true, records };
  } catch (err) {
    log.warn({ stripe: describeStripeFailure(err) }, 'stripe lists for the reconciliation failed');
    return { ok: false, reason: 'Stripe did not answer the list of sessions or refunds' };
  }
}
