import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formFields } from './form-fields';
import { refundControls, type TInquiryMode } from './refund-controls';
import type { SandboxRecords, SandboxStore } from './sandbox-store';
import { listPage, listParams } from './stripe-list';
import { STRIPE_SESSION, type StoredSession } from './stripe-records';
import { bracketed, idempotencyKeyOf, noSuch, nowSeconds, stripeError } from './stripe-wire';

/**
 * Stripe refunds as the sandbox plays them, from Stripe's API reference "Refunds" (create, retrieve; the Refund
 * object: status pending / succeeded / failed, failure_reason) and "Idempotent requests"; registered inside the
 * Stripe sandbox's scope that checks the secret key:
 *
 *   POST {prefix}/stripe/v1/refunds         create (payment_intent, amount; Idempotency-Key honoured)
 *   GET  {prefix}/stripe/v1/refunds/{id}    retrieve
 *   GET  {prefix}/stripe/v1/refunds         list ("List all refunds"): every refund, or a PaymentIntent's
 *                                           (payment_intent=), newest first, created[gte|gt|lte|lt], `limit`
 *                                           1-100 (default 10), starting_after (stripe-list.ts)
 *
 * Only the PaymentIntent of a paid session can be refunded, never for more than was paid (Stripe's
 * charge_already_refunded and amount_too_large). How a refund ends is set by the control record (kind
 * stripe_refund_controls, key default): `succeed` (the default), `pending` (succeeded when next retrieved or
 * listed), `stuck` (pending for good) or `fail` (status failed, failure_reason declined). Its `inquiry` makes retrieve
 * and list answer Stripe's 429 rate_limit (`busy`) or a 503 (`down`) while the refunds themselves go through.
 */

export const STRIPE_REFUND = 'stripe_refund';
export const STRIPE_REFUND_CONTROLS = 'stripe_refund_controls';
const STRIPE_REFUND_IDEMPOTENCY = 'stripe_refund_idempotency';

const MODES = ['succeed', 'pending', 'stuck', 'fail'] as const;
export type TStripeRefundMode = (typeof MODES)[number];
export const stripeRefundControls = refundControls(STRIPE_REFUND_CONTROLS, MODES);

/** Sets how the sandbox's next refunds end (tests; operators use PUT {prefix}/stripe/refund-controls). */
export async function setStripeRefundControls(
  store: SandboxRecords,
  controls: { mode?: TStripeRefundMode; inquiry?: TInquiryMode },
): Promise<void> {
  await stripeRefundControls.write(store, controls);
}

/** A refund as the sandbox stores and serves it, in Stripe's shape. */
export interface SandboxRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: null;
  status: 'succeeded' | 'pending' | 'failed';
  failure_reason: string | null;
  metadata: Record<string, string>;
  reason: null;
  created: number;
  /** Sandbox only (not sent): a pending refund that never settles (`stuck`). */
  stuck?: boolean;
}

/** What Stripe shows of a refund: the stored one without the sandbox's own marks. */
const shown = ({ stuck: _stuck, ...refund }: SandboxRefund) => refund;

class IdempotencyConflict extends Error {}

type Refused = { status: number; message: string; code: string };

export function registerStripeRefundApi(api: FastifyInstance, { store }: { store: SandboxStore }): void {
  api.post('/stripe/v1/refunds', async (request, reply) => {
    const f = formFields(request.body);
    const idempotencyKey = idempotencyKeyOf(request);
    if (idempotencyKey) {
      const known = await store.get<{ id: string }>(STRIPE_REFUND_IDEMPOTENCY, idempotencyKey);
      const refund = known ? await store.get<SandboxRefund>(STRIPE_REFUND, known.id) : undefined;
      if (refund) return shown(refund);
    }
    const pi = f.payment_intent ?? '';
    if (pi === '') {
      return stripeError(reply, 400, 'Missing required param: payment_intent.', {
        code: 'parameter_missing',
        param: 'payment_intent',
      });
    }
    const requested = f.amount === undefined ? null : Number(f.amount);
    if (requested !== null && (!Number.isSafeInteger(requested) || requested <= 0)) {
      return stripeError(reply, 400, 'Invalid positive integer', { param: 'amount' });
    }
    const { mode } = await stripeRefundControls.read(store);

    const outcome = await store
      .transaction(async (tx): Promise<{ refund: SandboxRefund } | Refused> => {
        // The paid session is locked until this ends, so refunds of one payment take turns.
        const stored = await tx.lockBy<StoredSession>(STRIPE_SESSION, ['session', 'payment_intent'], pi);
        const session = stored?.session;
        if (session?.payment_status !== 'paid') {
          return {
            status: 404,
            message: `No such payment_intent: '${pi.slice(0, 80)}'`,
            code: 'resource_missing',
          };
        }
        const refunded = (await tx.findBy<SandboxRefund>(STRIPE_REFUND, ['payment_intent'], pi))
          .filter((r) => r.status !== 'failed')
          .reduce((sum, r) => sum + r.amount, 0);
        const left = session.amount_total - refunded;
        if (left <= 0) {
          return {
            status: 400,
            message: `Charge for ${pi} has already been refunded.`,
            code: 'charge_already_refunded',
          };
        }
        const amount = requested ?? left;
        if (amount > left) {
          return {
            status: 400,
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
            code: 'amount_too_large',
          };
        }
        const refund: SandboxRefund = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount,
          currency: session.currency,
          payment_intent: pi,
          charge: null,
          status: mode === 'fail' ? 'failed' : mode === 'succeed' ? 'succeeded' : 'pending',
          failure_reason: mode === 'fail' ? 'declined' : null,
          ...(mode === 'stuck' ? { stuck: true } : {}),
          metadata: bracketed(f, 'metadata'),
          reason: null,
          created: nowSeconds(),
        };
        await tx.put(STRIPE_REFUND, refund.id, refund);
        if (
          idempotencyKey &&
          !(await tx.putOnce(STRIPE_REFUND_IDEMPOTENCY, idempotencyKey, { id: refund.id }))
        ) {
          // The same key raced us to it: this refund is rolled back and the caller told to try again, as Stripe does.
          throw new IdempotencyConflict();
        }
        return { refund };
      })
      .catch((err: unknown): Refused => {
        if (err instanceof IdempotencyConflict) {
          return {
            status: 409,
            message: 'A request with this idempotency key is in progress.',
            code: 'idempotency_key_in_use',
          };
        }
        throw err;
      });
    if ('refund' in outcome) return shown(outcome.refund);
    return stripeError(reply, outcome.status, outcome.message, { code: outcome.code });
  });

  /** A pending refund settles by the time anyone asks about it, unless it is stuck. */
  async function settled(refund: SandboxRefund): Promise<SandboxRefund> {
    if (refund.status !== 'pending' || refund.stuck) return refund;
    const done: SandboxRefund = { ...refund, status: 'succeeded' };
    await store.put(STRIPE_REFUND, refund.id, done);
    return done;
  }

  /** The inquiry control's refusal of a read (retrieve, list), or null when reads are answered. */
  async function readRefused(reply: FastifyReply): Promise<FastifyReply | null> {
    const { inquiry } = await stripeRefundControls.read(store);
    if (inquiry === 'busy') {
      return stripeError(reply, 429, 'Too many requests hit the API too quickly.', {
        type: 'invalid_request_error',
        code: 'rate_limit',
      });
    }
    if (inquiry === 'down') {
      return stripeError(reply, 503, 'The service is temporarily unavailable.', { type: 'api_error' });
    }
    return null;
  }

  api.get('/stripe/v1/refunds/:id', async (request, reply) => {
    const refused = await readRefused(reply);
    if (refused) return refused;
    const { id } = request.params as { id: string };
    const refund = await store.get<SandboxRefund>(STRIPE_REFUND, id);
    if (!refund) return noSuch(reply, 'refund', id, 'refund');
    return shown(await settled(refund));
  });

  api.get('/stripe/v1/refunds', async (request, reply) => {
    const refused = await readRefused(reply);
    if (refused) return refused;
    const query = request.query as Record<string, string | undefined>;
    const params = listParams(reply, query);
    if (!('limit' in params)) return params;
    const pi = query.payment_intent;
    const all =
      pi === undefined
        ? await store.findBy<SandboxRefund>(STRIPE_REFUND, ['object'], 'refund')
        : await store.findBy<SandboxRefund>(STRIPE_REFUND, ['payment_intent'], pi);
    const page = listPage(all, params, '/v1/refunds');
    return { ...page, data: (await Promise.all(page.data.map(settled))).map(shown) };
  });
}
