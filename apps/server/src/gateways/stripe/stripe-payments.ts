import { MESSAGES } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../infra/http';
import type { StripeSettings } from '../gateway-settings';
import type { OrderForPayment, PaymentStatus, StripeCheckout, StripeGateway } from '../ports';
import { describeStripeFailure, redactStripeSecrets, stripeSdkOptions } from './stripe-http-client';
import { createStripeRefunds } from './stripe-refunds';

/**
 * Stripe Checkout for the currencies Fiuu does not take (DESIGN.md §7): one Checkout Session per payment attempt,
 * its state read back for the timeout job and the cancel return, and webhook signatures checked on the raw body.
 * Events are believed only through constructEvent; a session's state is read only from Stripe itself.
 */

/** Stripe's default signature tolerance, stated so that nobody widens it by accident. */
export const WEBHOOK_TOLERANCE_SEC = 300;

export function productLine(order: Pick<OrderForPayment, 'amountGame'>): string {
  return `${order.amountGame} BIGO LIVE diamonds`;
}

/** What a retrieved session means for the order (DESIGN.md §6/§7). */
export function sessionStatus(session: Stripe.Checkout.Session): PaymentStatus {
  const base = { ref: session.id };
  if (session.status === 'complete' && session.payment_status === 'paid') {
    return {
      ...base,
      state: 'paid',
      ...(session.amount_total !== null ? { amount: session.amount_total } : {}),
      ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
    };
  }
  if (session.status === 'expired') return { ...base, state: 'failed', reason: 'expired' };
  // open, or complete with an asynchronous payment (bank debit…) still on its way: not decided yet.
  return { ...base, state: 'pending' };
}

export function createStripePayments(settings: StripeSettings, log: FastifyBaseLogger): StripeGateway {
  const stripe = new Stripe(settings.secretKey, stripeSdkOptions(settings.apiBase));

  return {
    sandbox: settings.sandbox,
    ...createStripeRefunds(stripe, log),

    async createCheckout(order, urls, expiresAt): Promise<StripeCheckout> {
      const expiresAtSec = Math.floor(expiresAt.getTime() / 1000);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: order.currency.toLowerCase(),
                  unit_amount: order.amount,
                  product_data: { name: productLine(order) },
                },
              },
            ],
            customer_email: order.email,
            client_reference_id: order.orderNum,
            metadata: { order_num: order.orderNum },
            payment_intent_data: { metadata: { order_num: order.orderNum } },
            expires_at: expiresAtSec,
            success_url: urls.successUrl,
            cancel_url: urls.cancelUrl,
            locale: order.lang === 'zh' ? 'zh' : 'en',
          },
          // One key per order and attempt (each attempt has its own deadline): a retried create is the same session.
          { idempotencyKey: `checkout-${order.orderNum}-${expiresAtSec}` },
        );
        if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
        return { id: session.id, url: session.url };
      } catch (err) {
        log.error(
          { orderNum: order.orderNum, stripe: describeStripeFailure(err) },
          'stripe checkout create failed',
        );
        const detail = redactStripeSecrets(err instanceof Error ? err.message : 'Stripe answered an error');
        throw new AppError('service_unavailable', MESSAGES.payment_unavailable, detail);
      }
    },

    async retrieveCheckout(sessionId) {
      try {
        return sessionStatus(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (err) {
        log.warn({ sessionId, stripe: describeStripeFailure(err) }, 'stripe checkout retrieve failed');
        return { state: 'unknown', ref: sessionId, reason: 'Stripe did not answer the session retrieve' };
      }
    },

    async expireCheckout(sessionId) {
      try {
        const session = await stripe.checkout.sessions.expire(sessionId);
        return session.status === 'expired';
      } catch (err) {
        log.warn({ sessionId, stripe: describeStripeFailure(err) }, 'stripe checkout expire refused');
        return false;
      }
    },

    constructEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(
        rawBody,
        signature,
        settings.webhookSecret,
        WEBHOOK_TOLERANCE_SEC,
      );
    },
  };
}
