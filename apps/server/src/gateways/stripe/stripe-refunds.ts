import { toStripeAmount } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { RefundResult } from '../payment-provider';
import { describeStripeFailure } from './stripe-http-client';
import type { StripeClient } from './stripe-types';

/**
 * Stripe refunds (DESIGN.md §6, §7): a Checkout Session is refunded through its PaymentIntent with
 * `refunds.create({ payment_intent, amount }, { idempotencyKey })`, and followed with `refunds.retrieve`. The
 * idempotency key names one refund attempt, so a job that runs again after a crash gets the same refund back. Before a
 * create, the PaymentIntent's refunds are listed (`refunds.list({ payment_intent })`): one pending or done under
 * another key (an earlier attempt's, or one made in the Dashboard) means this attempt sends nothing (issue #26).
 */

/** A refund that may still return money or has: anything but failed and canceled (Stripe's decided failures). */
const isLive = (refund: Pick<Stripe.Refund, 'status'>) =>
  refund.status !== 'failed' && refund.status !== 'canceled';

/** A refund's status in Stripe's words, as our RefundResult (pending and requires_action are not decided yet). */
export function refundState(refund: Pick<Stripe.Refund, 'id' | 'status' | 'failure_reason'>): RefundResult {
  const base = { ref: refund.id };
  switch (refund.status) {
    case 'succeeded':
      return { ...base, state: 'succeeded' };
    case 'pending':
    case 'requires_action':
      return { ...base, state: 'pending' };
    case 'failed':
    case 'canceled':
      return {
        ...base,
        state: 'failed',
        reason: `Stripe: refund ${refund.status}${refund.failure_reason ? ` (${refund.failure_reason})` : ''}`,
      };
    default:
      return { ...base, state: 'unknown', reason: `Stripe refund status ${refund.status ?? 'missing'}` };
  }
}

/**
 * Whether a failed call is Stripe saying no (a 4xx other than "try again": 409 idempotency in flight, 429 rate
 * limit), which no retry will change, rather than no answer at all.
 */
export function isStripeRefusal(err: unknown): err is Stripe.errors.StripeError {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  const status = err.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

function refusal(err: Stripe.errors.StripeError, what: string): RefundResult {
  return { state: 'failed', reason: `Stripe refused ${what}: ${err.code ?? err.type}`.slice(0, 200) };
}

export function createStripeRefunds(
  stripe: Stripe,
  log: FastifyBaseLogger,
): Pick<StripeClient, 'refund' | 'refundStatus'> {
  return {
    async refund(request) {
      let paymentIntent: string | null;
      try {
        const session = await stripe.checkout.sessions.retrieve(request.sessionId);
        const pi = session.payment_intent;
        paymentIntent = typeof pi === 'string' ? pi : (pi?.id ?? null);
      } catch (err) {
        log.warn(
          { orderNum: request.orderNum, stripe: describeStripeFailure(err) },
          'stripe refund: session retrieve failed',
        );
        if (isStripeRefusal(err)) return refusal(err, 'the session retrieve');
        return { state: 'unknown', reason: 'Stripe did not answer the session retrieve' };
      }
      if (!paymentIntent) return { state: 'failed', reason: 'The Checkout Session has no payment to refund' };
      let existing: Stripe.Refund[];
      try {
        // A full refund per payment: a PaymentIntent has a handful of refunds at most, so one page holds them all.
        existing = (await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })).data;
      } catch (err) {
        log.warn(
          { orderNum: request.orderNum, stripe: describeStripeFailure(err) },
          'stripe refund: listing the payment’s refunds failed',
        );
        return {
          state: 'unknown',
          reason: 'Stripe did not answer the list of the payment’s refunds: nothing sent',
        };
      }
      const own = existing.find((r) => r.metadata?.refund_key === request.idempotencyKey);
      if (own) return refundState(own);
      const other = existing.find(isLive);
      if (other) return { ...refundState(other), earlier: { reference: `Stripe refund ${other.id}` } };
      let amount: number;
      try {
        amount = toStripeAmount(request.amount, request.currency);
      } catch {
        // The payment was taken in this amount, so this means a row edited by hand: no refund of a guessed amount.
        return {
          state: 'failed',
          reason: `Stripe cannot refund ${request.amount} minor units of ${request.currency} exactly`,
        };
      }
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount,
            metadata: { order_num: request.orderNum, refund_key: request.idempotencyKey },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundState(refund);
      } catch (err) {
        log.warn(
          { orderNum: request.orderNum, stripe: describeStripeFailure(err) },
          'stripe refund create failed',
        );
        if (isStripeRefusal(err)) return refusal(err, 'the refund');
        return { state: 'unknown', reason: 'Stripe did not answer the refund' };
      }
    },

    async refundStatus(refundId) {
      try {
        return refundState(await stripe.refunds.retrieve(refundId));
      } catch (err) {
        log.warn({ refundId, stripe: describeStripeFailure(err) }, 'stripe refund retrieve failed');
        if (isStripeRefusal(err)) return { ...refusal(err, 'the refund retrieve'), ref: refundId };
        return { state: 'unknown', ref: refundId, reason: 'Stripe did not answer the refund retrieve' };
      }
    },
  };
}
