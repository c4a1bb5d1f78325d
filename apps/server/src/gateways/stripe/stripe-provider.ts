import { createHash } from 'node:crypto';
import { fromStripeAmount, MSG, ORDER_NUM_PATTERN, orderNote } from '@ezrecharge/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../infra/http';
import type {
  DisputeReport,
  EndpointReply,
  PaymentEndpoint,
  PaymentProvider,
  PaymentReport,
  PaymentStatus,
  ReceivedNotification,
  RefundReference,
} from '../payment-provider';
import { createStripeDisputes } from './stripe-disputes';
import { stripeChannelsFor } from './stripe-methods';
import { createStripePayments, createStripeSdk } from './stripe-payments';
import { readStripeRadar, ZStripeCard } from './stripe-radar';
import { stripeRecords } from './stripe-records';
import type { StripeSettings } from './stripe-settings';

/**
 * Stripe Checkout as a PaymentProvider (DESIGN.md §7): a hand-off opens a Checkout Session (or keeps the order's
 * open one, so a buyer never holds two payable sessions); results are signed webhook events, each event id applied
 * once; the buyer's "back" from Checkout lands on the cancel endpoint, which proves nothing and so is checked
 * against Stripe before the order moves.
 */

/**
 * A Checkout Session lives a minute past our deadline (and so past Stripe's 30-minute minimum), so the timeout job
 * finds it still open and expires it itself rather than racing Stripe's own expiry.
 */
export const STRIPE_SESSION_GRACE_MS = 60_000;

/** Largest raw body kept for an unverified delivery (enough to investigate, not a storage sink). */
const MAX_UNVERIFIED_BODY = 64 * 1024;

const ENDPOINTS: readonly PaymentEndpoint[] = [
  {
    name: 'webhook',
    method: 'POST',
    role: 'notification',
    summary: 'Stripe webhook (checkout.session.*, payment_intent.payment_failed and charge.dispute.* events)',
    description:
      'Signature checked on the raw body (300 s tolerance either way); each event id handled once. 400 on a bad ' +
      'signature, and on a signed event that does not have the shape of a Stripe event or of its checkout.session ' +
      'or charge.dispute type; other event types are acknowledged (200) and ignored. A dispute (created, updated, ' +
      'closed) is attached to the order of its payment. A declined card (payment_intent.payment_failed) counts as ' +
      'an unsuccessful payment of its order for the risk rules, with the card fingerprint.',
  },
  {
    name: 'cancel',
    method: 'GET',
    role: 'abandon',
    summary: 'Stripe Checkout cancel_url: the buyer went back from the payment page',
    description:
      'Paid meanwhile → counts as paid; otherwise the session is expired and the order cancelled (4). Answers 303 ' +
      'to /home-order. At most 20 calls per client address in 10 minutes.',
  },
];

const validOrderNum = (value: string | null | undefined): string | null =>
  value && ORDER_NUM_PATTERN.test(value) ? value : null;

/**
 * What a signed event must look like to be read at all (issue #26): Stripe's Event object has a string `id` and
 * `type` and a `data` object. A signature proves who sent the bytes, not that they are an event: `[]`, a number for
 * `type` or no `data` are answered 400, never read with fallbacks (a TypeError there was a 500, retried for days).
 */
const ZStripeEvent = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.unknown().optional(),
  data: z.looseObject({ object: z.unknown() }).optional(),
});

/**
 * The Checkout Session of a checkout.session.* event, as far as the shop reads it (Stripe's API reference, "The
 * Checkout Session object"): its id, the order it names, whether it is paid, and what it charged.
 */
const ZCheckoutSession = z.looseObject({
  object: z.literal('checkout.session'),
  id: z.string().min(1).max(255),
  metadata: z.record(z.string(), z.string()).nullish(),
  client_reference_id: z.string().nullish(),
  payment_status: z.string().max(64).nullish(),
  amount_total: z.number().int().nonnegative().nullish(),
  /** Issue #29: its PaymentIntent (an id, or the object when expanded), whose latest charge Radar assessed. */
  payment_intent: z
    .union([
      z.string().min(1).max(255),
      z.looseObject({ id: z.string().min(1).max(255) }).transform((o) => o.id),
    ])
    .nullish(),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/)
    .nullish(),
});
type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

/** The events the shop acts on (DESIGN.md §7); every other type is acknowledged and ignored. */
const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
type TCheckoutEvent = (typeof CHECKOUT_EVENTS)[number];
const isCheckoutEvent = (type: string): type is TCheckoutEvent =>
  (CHECKOUT_EVENTS as readonly string[]).includes(type);

/** Issue #28: the dispute events the shop acts on, and what each one is to the dispute. */
const DISPUTE_EVENTS: Readonly<Record<string, DisputeReport['event']>> = {
  'charge.dispute.created': 'created',
  'charge.dispute.updated': 'updated',
  'charge.dispute.closed': 'closed',
};

const ZExpandableId = z.union([
  z.string().min(1).max(255),
  z.looseObject({ id: z.string().min(1).max(255) }).transform((o) => o.id),
]);

/**
 * The Dispute of a charge.dispute.* event, as far as the shop reads it (Stripe's API reference, "The Dispute
 * object"): its id, the payment disputed, the amount, reason and status, and when evidence is due.
 */
const ZStripeDispute = z.looseObject({
  object: z.literal('dispute'),
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[a-zA-Z]{3}$/),
  charge: ZExpandableId.nullish(),
  payment_intent: ZExpandableId.nullish(),
  reason: z.string().min(1).max(100),
  status: z.string().min(1).max(100),
  evidence_details: z.looseObject({ due_by: z.number().int().nullish() }).nullish(),
});

/**
 * Issue #29: a card Stripe declined on the Checkout page (the session stays open for another card). Its
 * PaymentIntent ("The PaymentIntent object") names the order in the metadata the shop gave it
 * (`payment_intent_data.metadata.order_num`), and `last_payment_error` carries the declined charge and its
 * `payment_method` with the card's fingerprint and country: all there without another call.
 */
const PAYMENT_FAILED_EVENT = 'payment_intent.payment_failed';

const ZFailedPaymentIntent = z.looseObject({
  object: z.literal('payment_intent'),
  id: z.string().min(1).max(255),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z
    .looseObject({
      charge: z.string().min(1).max(255).nullish(),
      code: z.string().max(100).nullish(),
      decline_code: z.string().max(100).nullish(),
      payment_method: z
        .looseObject({
          card: ZStripeCard.nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

/** What a verified event says about its session's payment (DESIGN.md §7). */
function resultOf(type: TCheckoutEvent, session: TCheckoutSession): PaymentReport['result'] {
  switch (type) {
    case 'checkout.session.completed':
      // A delayed payment method completes the session before the money arrives (async_payment_succeeded).
      return session.payment_status === 'paid' ? 'paid' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.expired':
      return 'expired';
    case 'checkout.session.async_payment_failed':
      return 'failed';
  }
}

/** "data.object.currency: Invalid string" — where the shape broke, for the log (never the values). */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'not an event';
}

/**
 * The idempotency key of one refund attempt: `refund-{order}-{attempt}` for the order's own payment,
 * `refund-{order}-e{id}-{attempt}` for an extra payment of it (issue #26).
 */
export function stripeRefundKey(orderNum: string, reference: RefundReference): string {
  const payment = reference.payment === 'extra' ? `e${reference.id}-` : '';
  return `refund-${orderNum}-${payment}${reference.attempt}`;
}

/** Issue #30: a channel as Stripe reports it is the chosen one by its name, in any case. */
export function stripeSameChannel(chosen: string, reported: string): boolean {
  return chosen.toLowerCase() === reported.toLowerCase();
}

export function createStripeProvider(
  settings: StripeSettings,
  publicUrl: string,
  log: FastifyBaseLogger,
  options: Parameters<typeof createStripePayments>[2] = {},
): PaymentProvider {
  const sdk = options.stripe ?? createStripeSdk(settings);
  const client = createStripePayments(settings, log, { ...options, stripe: sdk });
  const paymentUnavailable = () => new AppError('service_unavailable', MSG.payment_unavailable);
  /** Issue #29: a paid status with Radar's verdict on its payment (stripe-radar.ts); others as they are. */
  const withRadar = async (status: PaymentStatus): Promise<PaymentStatus> =>
    status.state === 'paid' ? { ...status, risk: await readStripeRadar(sdk, log, status.riskRef) } : status;

  return {
    id: 'stripe',
    displayName: 'Stripe',
    sandbox: settings.sandbox,
    statelessHandoff: false,
    endpoints: ENDPOINTS,

    // Issue #30: the methods Stripe takes the currency in (stripe-methods.ts), narrowed by STRIPE_METHODS.
    channels(currency) {
      return stripeChannelsFor(currency, settings.methods);
    },

    sameChannel: stripeSameChannel,

    async handOff(order, deadline) {
      // Keep an open session: a second one would let the buyer pay twice. One already paid settles the order.
      if (order.ref) {
        const status = await client.retrieveCheckout(order.ref);
        if (status.state === 'paid') return { kind: 'paid', status: await withRadar(status) };
        if (status.state === 'unknown') {
          log.warn({ orderNum: order.orderNum, reason: status.reason }, 'stripe session state unknown');
          throw paymentUnavailable();
        }
        if (status.state === 'pending' && order.checkoutUrl) {
          return {
            kind: 'page',
            body: { method: 'redirect', order_num: order.orderNum, payment_url: order.checkoutUrl },
            session: { ref: order.ref, url: order.checkoutUrl, reused: true },
          };
        }
      }
      const num = encodeURIComponent(order.orderNum);
      const session = await client.createCheckout(
        order,
        {
          successUrl: `${publicUrl}/home-order?order_num=${num}&success=true`,
          cancelUrl: `${publicUrl}/api/v1/payment/stripe/cancel?order_num=${num}`,
        },
        new Date(deadline.getTime() + STRIPE_SESSION_GRACE_MS),
      );
      return {
        kind: 'page',
        body: { method: 'redirect', order_num: order.orderNum, payment_url: session.url },
        session: { ref: session.id, url: session.url, reused: false },
      };
    },

    receive(request): ReceivedNotification {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = client.constructEvent(request.body, signature);
      } catch (err) {
        return {
          payload: {
            body: request.body.toString('utf8').slice(0, MAX_UNVERIFIED_BODY),
            signature: signature ?? null,
          },
          orderNum: null,
          dedupeKey: null,
          onceByKey: true,
          report: null,
          rejection: err instanceof Error ? err.message : String(err),
          label: 'unverified',
        };
      }
      return readEvent(event as unknown, request.body);
    },

    // Stripe takes the 2xx answer to the webhook as its acknowledgement.
    async acknowledge() {},

    reply(endpoint, outcome): EndpointReply {
      if (endpoint === 'cancel') return { kind: 'result-page' };
      if (outcome.malformed) {
        const message = 'The event does not have the shape of its type';
        return { kind: 'error', code: 'bad_request', message, detail: message };
      }
      // Not acknowledged: Stripe delivers the event again.
      if (outcome.failed) {
        const detail = 'The event could not be handled';
        return { kind: 'error', code: 'internal_error', message: 'Internal Server Error', detail };
      }
      if (!outcome.verified) {
        const message = 'Invalid Stripe signature';
        return { kind: 'error', code: 'bad_request', message, detail: message };
      }
      return { kind: 'json', body: { received: true } };
    },

    abandonedOrder(request) {
      return validOrderNum(request.query.order_num);
    },

    async queryStatus(order) {
      // No session was ever opened (Stripe refused at commit and Pay Now was not used): nothing can be paid.
      if (!order.ref) return { state: 'failed', reason: 'no checkout session was created' };
      return withRadar(await client.retrieveCheckout(order.ref));
    },

    paymentRisk(riskRef) {
      return readStripeRadar(sdk, log, riskRef);
    },

    async expire(order) {
      if (!order.ref) return true;
      return client.expireCheckout(order.ref);
    },

    // Stripe refunds go back to the card or wallet that paid.
    refundBankDetails() {
      return 'none';
    },

    refund(request) {
      return client.refund({
        orderNum: request.orderNum,
        sessionId: request.paymentRef,
        amount: request.amount,
        currency: request.currency,
        idempotencyKey: stripeRefundKey(request.orderNum, request.reference),
      });
    },

    // Stripe documents no time for a refund to settle; it ends every one in succeeded, failed or canceled.
    refundSettlesWithinMs: null,

    async refundStatus(query) {
      if (!query.refundRef) return { state: 'unknown', reason: 'Stripe gave no refund id yet' };
      return client.refundStatus(query.refundRef);
    },

    disputes: createStripeDisputes(sdk, log),
    records(window) {
      return stripeRecords(sdk, log, window);
    },
  };
}

/** A verified event read through its schema: a report, an ignored type, or what makes it malformed. */
function readEvent(event: unknown, body: Buffer): ReceivedNotification {
  const envelope = ZStripeEvent.safeParse(event);
  if (!envelope.success) {
    return {
      payload: { body: body.toString('utf8').slice(0, MAX_UNVERIFIED_BODY) },
      orderNum: null,
      // No event id to tell repeats by: the body's digest stands in for it, so a repeat is logged once.
      dedupeKey: `body:${createHash('sha256').update(body).digest('hex')}`,
      onceByKey: true,
      report: null,
      malformed: firstIssue(envelope.error),
      label: 'malformed',
    };
  }
  const { id, type } = envelope.data;
  const base = {
    payload: envelope.data as Record<string, unknown>,
    dedupeKey: id,
    onceByKey: true,
    label: type,
  };
  const disputeEvent = DISPUTE_EVENTS[type];
  if (disputeEvent) return readDispute(disputeEvent, envelope.data, base);
  if (type === PAYMENT_FAILED_EVENT) return readPaymentFailed(envelope.data, base);
  if (!isCheckoutEvent(type)) {
    const report: PaymentReport = {
      result: 'ignored',
      amount: null,
      currency: null,
      ref: null,
      cause: orderNote('stripe_event', { type }),
      detail: { eventId: id },
    };
    return { ...base, orderNum: null, report };
  }
  const parsed = ZCheckoutSession.safeParse(envelope.data.data?.object);
  if (!parsed.success) {
    return { ...base, orderNum: null, report: null, malformed: `data.object: ${firstIssue(parsed.error)}` };
  }
  const session = parsed.data;
  const report: PaymentReport = {
    result: resultOf(type, session),
    // In Stripe's unit (ISK in hundredths…): compared with the order only once back in ISO minor units.
    amount:
      session.amount_total !== null && session.amount_total !== undefined && session.currency
        ? fromStripeAmount(session.amount_total, session.currency)
        : null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    ref: session.id,
    session: session.id,
    cause: orderNote('stripe_event', { type }),
    detail: { eventId: id, sessionId: session.id },
    riskRef: session.payment_intent ?? null,
  };
  return {
    ...base,
    orderNum: validOrderNum(session.metadata?.order_num ?? session.client_reference_id),
    report,
  };
}

/** A verified payment_intent.payment_failed event: the declined card attempt, or what makes it malformed. */
function readPaymentFailed(
  envelope: z.infer<typeof ZStripeEvent>,
  base: Pick<ReceivedNotification, 'payload' | 'dedupeKey' | 'onceByKey' | 'label'>,
): ReceivedNotification {
  const parsed = ZFailedPaymentIntent.safeParse(envelope.data?.object);
  if (!parsed.success) {
    return { ...base, orderNum: null, report: null, malformed: `data.object: ${firstIssue(parsed.error)}` };
  }
  const intent = parsed.data;
  const error = intent.last_payment_error;
  const card = error?.payment_method?.card;
  const report: PaymentReport = {
    result: 'ignored',
    amount: null,
    currency: null,
    ref: null,
    cause: orderNote('stripe_event', { type: PAYMENT_FAILED_EVENT }),
    detail: { eventId: envelope.id, paymentIntent: intent.id },
  };
  return {
    ...base,
    orderNum: validOrderNum(intent.metadata?.order_num),
    report,
    cardFailure: {
      attemptRef: error?.charge ?? intent.id,
      cardFingerprint: card?.fingerprint ?? null,
      cardCountry: card?.country?.toUpperCase() ?? null,
      reason: error?.decline_code ?? error?.code ?? 'declined',
    },
  };
}

/** A verified charge.dispute.* event: its dispute, or what makes it malformed (issue #28). */
function readDispute(
  event: DisputeReport['event'],
  envelope: z.infer<typeof ZStripeEvent>,
  base: Pick<ReceivedNotification, 'payload' | 'dedupeKey' | 'onceByKey' | 'label'>,
): ReceivedNotification {
  const created = z.number().int().positive().safeParse(envelope.created);
  if (!created.success) return { ...base, orderNum: null, report: null, malformed: 'created: not a time' };
  const parsed = ZStripeDispute.safeParse(envelope.data?.object);
  if (!parsed.success) {
    return { ...base, orderNum: null, report: null, malformed: `data.object: ${firstIssue(parsed.error)}` };
  }
  const d = parsed.data;
  const dueBy = d.evidence_details?.due_by;
  const dispute: DisputeReport = {
    event,
    ref: d.id,
    paymentRef: d.payment_intent ?? null,
    amount: fromStripeAmount(d.amount, d.currency),
    currency: d.currency.toUpperCase(),
    reason: d.reason,
    status: d.status,
    evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
    eventAt: new Date(created.data * 1000),
  };
  const report: PaymentReport = {
    result: 'ignored',
    amount: null,
    currency: null,
    ref: null,
    cause: orderNote('stripe_event', { type: `charge.dispute.${event}` }),
    detail: { eventId: envelope.id, disputeId: d.id },
  };
  return { ...base, orderNum: null, report, dispute };
}
