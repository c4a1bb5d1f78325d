import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorGuard, StripeSandboxOptions } from './sandbox-options';
import type { SandboxStore } from './sandbox-store';
import { deliverStripeEvent } from './stripe-checkout-sandbox';
import { STRIPE_SESSION, type StoredSession } from './stripe-records';
import { noSuch, nowSeconds, stripeError, stripeId } from './stripe-wire';

/**
 * Stripe disputes as the sandbox plays them, from Stripe's API reference "Disputes" (the Dispute object, retrieve,
 * update) and "Use the API to respond to disputes"; the API routes are registered inside the scope that checks the
 * secret key:
 *
 *   GET  {prefix}/stripe/v1/disputes/{id}      retrieve
 *   POST {prefix}/stripe/v1/disputes/{id}      update: `evidence[...]` text fields, `metadata[...]`, `submit`
 *                                              (default true: needs_response → under_review, one more submission)
 *
 * A card holder's bank is not something a shop can call, so opening and deciding a dispute are operator controls
 * (the shop's sign-in), as a test mode's "trigger" would be:
 *
 *   POST {prefix}/stripe/disputes              { payment_intent | session, reason? } opens one on a paid session
 *   POST {prefix}/stripe/disputes/{id}/close   { outcome: won | lost } decides it
 *
 * Each change sends its signed event to the shop's webhook, as Stripe does: charge.dispute.created, .updated (after an
 * update), .closed.
 */

export const STRIPE_DISPUTE = 'stripe_dispute';

/** The text fields of Stripe's dispute evidence ("Dispute evidence" object); the file fields take file ids. */
const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
] as const;
type TEvidenceField = (typeof EVIDENCE_FIELDS)[number];

/** Stripe: "The combined character count of all fields is limited to 150,000." */
const EVIDENCE_MAX_CHARS = 150_000;

/** Stripe's dispute reasons ("The Dispute object", `reason`). */
const REASONS = [
  'bank_cannot_process',
  'check_returned',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const;

/** How long the sandbox gives to answer (Stripe shows the issuer's deadline; a week or more is usual). */
const EVIDENCE_DAYS = 7;

export interface SandboxDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  evidence: Record<TEvidenceField, string | null>;
  evidence_details: {
    due_by: number;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
  };
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  created: number;
}

const emptyEvidence = (): SandboxDispute['evidence'] =>
  Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null])) as SandboxDispute['evidence'];

const ZOpen = z
  .object({
    payment_intent: z.string().min(1).max(255).optional(),
    session: z.string().min(1).max(255).optional(),
    reason: z.enum(REASONS).default('fraudulent'),
  })
  .refine((v) => v.payment_intent !== undefined || v.session !== undefined, {
    message: 'payment_intent or session is required',
  });

const ZClose = z.object({ outcome: z.enum(['won', 'lost']) });

interface DisputeContext {
  stripe: StripeSandboxOptions;
  store: SandboxStore;
}

function send(context: DisputeContext, log: FastifyBaseLogger, type: string, dispute: SandboxDispute) {
  return deliverStripeEvent(context.stripe, log, type, dispute);
}

/** The API side: retrieve and update (evidence). */
export function registerStripeDisputeApi(api: FastifyInstance, context: DisputeContext): void {
  const { store } = context;

  api.get('/stripe/v1/disputes/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const dispute = await store.get<SandboxDispute>(STRIPE_DISPUTE, id);
    return dispute ?? noSuch(reply, 'dispute', id, 'dispute');
  });

  api.post('/stripe/v1/disputes/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const dispute = await store.get<SandboxDispute>(STRIPE_DISPUTE, id);
    if (!dispute) return noSuch(reply, 'dispute', id, 'dispute');
    // Read here rather than with formFields: evidence texts are far longer than a form field of the other APIs.
    const body = (request.body ?? {}) as Record<string, unknown>;
    const evidence: Partial<Record<TEvidenceField, string>> = {};
    const metadata: Record<string, string> = {};
    let submit = true;
    let chars = 0;
    for (const [key, raw] of Object.entries(body)) {
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (typeof value !== 'string') continue;
      const evidenceKey = /^evidence\[([a-z_]+)\]$/.exec(key)?.[1];
      const metadataKey = /^metadata\[(.{1,40})\]$/.exec(key)?.[1];
      if (evidenceKey !== undefined) {
        if (!(EVIDENCE_FIELDS as readonly string[]).includes(evidenceKey)) {
          return stripeError(
            reply,
            400,
            `Received unknown parameter: evidence[${evidenceKey.slice(0, 60)}]`,
            {
              code: 'parameter_unknown',
              param: `evidence[${evidenceKey.slice(0, 60)}]`,
            },
          );
        }
        evidence[evidenceKey as TEvidenceField] = value;
        chars += value.length;
      } else if (metadataKey !== undefined) {
        metadata[metadataKey] = value.slice(0, 500);
      } else if (key === 'submit') {
        submit = value !== 'false';
      } else if (key !== 'expand[]' && !key.startsWith('expand[')) {
        return stripeError(reply, 400, `Received unknown parameter: ${key.slice(0, 60)}`, {
          code: 'parameter_unknown',
          param: key.slice(0, 60),
        });
      }
    }
    if (chars > EVIDENCE_MAX_CHARS) {
      return stripeError(
        reply,
        400,
        'The combined character count of all evidence fields is limited to 150,000.',
        {
          param: 'evidence',
        },
      );
    }
    if (dispute.status !== 'needs_response') {
      return stripeError(
        reply,
        400,
        `This dispute is ${dispute.status.replace('_', ' ')}: its evidence can no longer be updated.`,
      );
    }
    const updated: SandboxDispute = {
      ...dispute,
      evidence: { ...dispute.evidence, ...evidence },
      metadata: { ...dispute.metadata, ...metadata },
      status: submit ? 'under_review' : dispute.status,
      evidence_details: {
        ...dispute.evidence_details,
        has_evidence: dispute.evidence_details.has_evidence || Object.keys(evidence).length > 0,
        submission_count: dispute.evidence_details.submission_count + (submit ? 1 : 0),
      },
    };
    await store.put(STRIPE_DISPUTE, id, updated);
    await send(context, request.log, 'charge.dispute.updated', updated);
    return updated;
  });
}

/** The operators' side: a card holder opens a dispute, the bank decides it. */
export function registerStripeDisputeControls(
  app: FastifyInstance,
  context: DisputeContext & { requireOperator: OperatorGuard },
): void {
  const { store, requireOperator } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['sandbox'], security: [{ bearer: [] }] };

  routes.post(
    '/stripe/disputes',
    {
      preHandler: requireOperator,
      schema: {
        ...schema,
        summary: 'Stripe sandbox: the card holder disputes a paid session (sends charge.dispute.created)',
        body: ZOpen,
      },
    },
    async (request, reply) => {
      const { payment_intent: pi, session: sessionId, reason } = request.body;
      const stored =
        sessionId !== undefined
          ? await store.get<StoredSession>(STRIPE_SESSION, sessionId)
          : (await store.findBy<StoredSession>(STRIPE_SESSION, ['session', 'payment_intent'], pi ?? ''))[0];
      const session = stored?.session;
      if (session?.payment_status !== 'paid' || !session.payment_intent) {
        return stripeError(reply, 404, 'No paid session with this payment_intent or id', {
          code: 'resource_missing',
        });
      }
      const now = nowSeconds();
      const dispute: SandboxDispute = {
        id: stripeId('du'),
        object: 'dispute',
        amount: session.amount_total,
        currency: session.currency,
        charge: `ch_${session.payment_intent.slice(3)}`,
        payment_intent: session.payment_intent,
        reason,
        status: 'needs_response',
        evidence: emptyEvidence(),
        evidence_details: {
          due_by: now + EVIDENCE_DAYS * 86_400,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        created: now,
      };
      await store.put(STRIPE_DISPUTE, dispute.id, dispute);
      await send(context, request.log, 'charge.dispute.created', dispute);
      return dispute;
    },
  );

  routes.post(
    '/stripe/disputes/:id/close',
    {
      preHandler: requireOperator,
      schema: {
        ...schema,
        summary: 'Stripe sandbox: the bank decides a dispute, won or lost (sends charge.dispute.closed)',
        params: z.object({ id: z.string().min(1).max(255) }),
        body: ZClose,
      },
    },
    async (request, reply) => {
      const dispute = await store.get<SandboxDispute>(STRIPE_DISPUTE, request.params.id);
      if (!dispute) return noSuch(reply, 'dispute', request.params.id, 'dispute');
      if (dispute.status === 'won' || dispute.status === 'lost') {
        return stripeError(reply, 400, `This dispute is already closed (${dispute.status}).`);
      }
      const closed: SandboxDispute = { ...dispute, status: request.body.outcome };
      await store.put(STRIPE_DISPUTE, closed.id, closed);
      await send(context, request.log, 'charge.dispute.closed', closed);
      return closed;
    },
  );
}
