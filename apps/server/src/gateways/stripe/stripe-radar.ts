import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentRisk } from '../payment-provider';
import { describeStripeFailure } from './stripe-http-client';

/**
 * Issue #29: Stripe Radar's assessment of a paid Checkout Session. The session (and its checkout.session.* event)
 * names only its PaymentIntent; Radar's verdict is on the PaymentIntent's latest charge ("The Charge object":
 * `outcome.risk_level` normal | elevated | highest | not_assessed | unknown, `outcome.risk_score` 0-100 where Radar
 * gives one; `payment_method_details.card.fingerprint` and `.country`), read with one call: "Retrieve a
 * PaymentIntent" with `expand[]=latest_charge` ("Expanding responses"). Charges Radar blocked never pay (outcome
 * `blocked`): such a session is never complete, so it never reaches here.
 */

/** A card as Stripe describes it on a charge or a payment method: its fingerprint and issuing country. */
export const ZStripeCard = z.looseObject({
  fingerprint: z.string().min(1).max(255).nullish(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .nullish(),
});

const ZCharge = z.looseObject({
  object: z.literal('charge'),
  outcome: z
    .looseObject({
      risk_level: z.string().min(1).max(40).nullish(),
      risk_score: z.number().int().min(0).max(100).nullish(),
    })
    .nullish(),
  payment_method_details: z
    .looseObject({
      card: ZStripeCard.nullish(),
    })
    .nullish(),
});

/** What Radar said of a PaymentIntent's latest charge (already retrieved with `latest_charge` expanded). */
export function radarOf(intent: { latest_charge?: unknown }): PaymentRisk {
  const charge = ZCharge.safeParse(intent.latest_charge);
  if (!charge.success) {
    return {
      read: false,
      reason:
        intent.latest_charge === null || intent.latest_charge === undefined
          ? 'the PaymentIntent has no charge'
          : 'the latest charge is not a Charge object',
    };
  }
  const { outcome, payment_method_details: details } = charge.data;
  return {
    read: true,
    // No outcome or no level at all is Radar's "unknown" (an error in the evaluation), never "normal".
    level: outcome?.risk_level ?? 'unknown',
    score: outcome?.risk_score ?? null,
    cardFingerprint: details?.card?.fingerprint ?? null,
    cardCountry: details?.card?.country?.toUpperCase() ?? null,
  };
}

/** Retrieves the PaymentIntent with its latest charge and reads Radar's verdict; never throws. */
export async function readStripeRadar(
  stripe: Stripe,
  log: FastifyBaseLogger,
  paymentIntentId: string | null | undefined,
): Promise<PaymentRisk> {
  if (!paymentIntentId) return { read: false, reason: 'the session names no PaymentIntent' };
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
    return radarOf(intent);
  } catch (err) {
    log.warn(
      { paymentIntentId, stripe: describeStripeFailure(err) },
      'stripe radar: PaymentIntent retrieve failed',
    );
    return { read: false, reason: 'Stripe did not answer the PaymentIntent retrieve' };
  }
}
