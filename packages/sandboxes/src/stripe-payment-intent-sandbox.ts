import type { FastifyInstance } from 'fastify';
import type { SandboxStore } from './sandbox-store';
import type { SandboxCharge, SandboxPaymentIntent } from './stripe-charges';
import { STRIPE_SESSION, type StoredSession } from './stripe-records';
import { noSuch, stripeError } from './stripe-wire';

/**
 * PaymentIntents and Charges of the sandbox's Checkout Sessions, from Stripe's API reference ("Retrieve a
 * PaymentIntent", "Retrieve a charge", "Expanding responses"):
 *
 *   GET {prefix}/stripe/v1/payment_intents/{id}   the PaymentIntent; `expand[]=latest_charge` puts the Charge object
 *                                                 in place of its id (any other expansion: 400, as Stripe answers a
 *                                                 path it cannot expand)
 *   GET {prefix}/stripe/v1/charges/{id}           the Charge
 *
 * A session gets its PaymentIntent at the buyer's first attempt on the hosted page (stripe-checkout-sandbox.ts);
 * the card chosen there sets the charge's Radar outcome and card details (stripe-charges.ts).
 */
export function registerStripePaymentIntentApi(
  api: FastifyInstance,
  { store }: { store: SandboxStore },
): void {
  const sessionOf = async (intentId: string): Promise<StoredSession | undefined> =>
    (await store.findBy<StoredSession>(STRIPE_SESSION, ['session', 'payment_intent'], intentId)).find(
      (s) => s.intent?.id === intentId,
    );

  api.get('/stripe/v1/payment_intents/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = request.query as Record<string, string | string[] | undefined>;
    // `expand[]=a`, `expand[0]=a` (the SDKs' form encoding) or `expand=a`, each possibly repeated.
    const expand = Object.entries(query)
      .filter(([key]) => /^expand(\[\d*\])?$/.test(key))
      .flatMap(([, value]) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
    const unknown = expand.find((path) => path !== 'latest_charge');
    if (unknown !== undefined) {
      return stripeError(reply, 400, `This property cannot be expanded (${unknown.slice(0, 80)}).`, {
        param: 'expand[0]',
      });
    }
    const stored = await sessionOf(id);
    const intent = stored?.intent;
    if (!intent) return noSuch(reply, 'payment_intent', id, 'intent');
    if (!expand.includes('latest_charge') || intent.latest_charge === null) return intent;
    const charge = stored.charges?.find((c) => c.id === intent.latest_charge) ?? null;
    return { ...intent, latest_charge: charge } satisfies Omit<SandboxPaymentIntent, 'latest_charge'> & {
      latest_charge: SandboxCharge | null;
    };
  });

  api.get('/stripe/v1/charges/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const sessions = await store.findBy<StoredSession>(
      STRIPE_SESSION,
      ['session', 'object'],
      'checkout.session',
    );
    for (const s of sessions) {
      const charge = s.charges?.find((c) => c.id === id);
      if (charge) return charge;
    }
    return noSuch(reply, 'charge', id, 'charge');
  });
}
