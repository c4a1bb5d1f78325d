import { ORDER_NUM_PATTERN } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { DisputeApi } from '../payment-provider';
import { describeStripeFailure, redactStripeSecrets } from './stripe-http-client';
import { isStripeRefusal } from './stripe-refunds';

/**
 * Stripe's disputes API (issue #28; Stripe's API reference "Disputes", and "Use the API to respond to disputes"): a
 * disputed payment is a PaymentIntent, and the shop recorded the Checkout Session that made it, so the session is
 * found again with `checkout.sessions.list({ payment_intent })`, which also names the order (`metadata.order_num`,
 * `client_reference_id`). Evidence goes in one `disputes.update(id, { evidence, submit: true })`.
 */
export function createStripeDisputes(stripe: Stripe, log: FastifyBaseLogger): DisputeApi {
  return {
    async paymentOf(dispute) {
      if (!dispute.paymentRef) return null;
      try {
        const sessions = await stripe.checkout.sessions.list({
          payment_intent: dispute.paymentRef,
          limit: 1,
        });
        const session = sessions.data[0];
        if (!session) return null;
        const orderNum = session.metadata?.order_num ?? session.client_reference_id ?? '';
        return ORDER_NUM_PATTERN.test(orderNum) ? { orderNum, ref: session.id } : null;
      } catch (err) {
        log.warn(
          { dispute: dispute.ref, stripe: describeStripeFailure(err) },
          'stripe dispute: the session of the disputed payment could not be listed',
        );
        return 'unknown';
      }
    },

    async submitEvidence(disputeRef, evidence) {
      try {
        const dispute = await stripe.disputes.update(disputeRef, { evidence, submit: true });
        return { ok: true, status: dispute.status };
      } catch (err) {
        log.warn({ dispute: disputeRef, stripe: describeStripeFailure(err) }, 'stripe dispute update failed');
        const reason = isStripeRefusal(err)
          ? `Stripe refused the evidence: ${err.code ?? err.type}: ${redactStripeSecrets(err.message)}`
          : 'Stripe did not answer the dispute update';
        return { ok: false, reason: reason.slice(0, 300) };
      }
    },
  };
}
