import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxRecords } from '../../db/schema';
import type { DbOrTx } from '../../infra/db';
import type { AppDeps } from '../../infra/deps';
import { formFields } from '../fiuu/fiuu-protocol';
import { getRecord, putRecord, putRecordOnce } from './sandbox-page-records';
import { bracketed, stripeError } from './stripe-sandbox-wire';

/**
 * The built-in Stripe's refunds (DESIGN.md §7), registered inside the sandbox's API scope (Bearer key checked):
 *
 *   POST /sandbox/stripe/v1/refunds         create (payment_intent, amount; Idempotency-Key honoured)
 *   GET  /sandbox/stripe/v1/refunds/{id}    retrieve
 *
 * Only the PaymentIntent of a paid session can be refunded, never for more than was paid. How a refund ends is set
 * by the control row (sandbox_records stripe_refund_controls, key default): `succeed` (the default), `pending`
 * (settles to succeeded when next retrieved) or `fail` (status failed, failure_reason declined).
 */

export const STRIPE_REFUND = 'stripe_refund';
export const STRIPE_REFUND_CONTROLS = 'stripe_refund_controls';
const STRIPE_REFUND_IDEMPOTENCY = 'stripe_refund_idempotency';
const CONTROLS_KEY = 'default';

export const ZStripeRefundControls = z.object({
  mode: z.enum(['succeed', 'pending', 'fail']).default('succeed'),
});
export type TStripeRefundControls = z.infer<typeof ZStripeRefundControls>;

/** A refund as the sandbox stores and serves it (the fields our client reads, in Stripe's shape). */
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
}

/** What a refund reads of a stored Checkout Session (stripe-sandbox.ts SandboxSession). */
interface PaidSession {
  session: {
    id: string;
    amount_total: number;
    currency: string;
    payment_status: string;
    payment_intent: string | null;
  };
}

export async function setStripeRefundControls(
  db: DbOrTx,
  controls: Partial<TStripeRefundControls>,
): Promise<void> {
  await putRecord(db, STRIPE_REFUND_CONTROLS, CONTROLS_KEY, ZStripeRefundControls.parse(controls));
}

export async function stripeRefundControls(db: DbOrTx): Promise<TStripeRefundControls> {
  const parsed = ZStripeRefundControls.safeParse(await getRecord(db, STRIPE_REFUND_CONTROLS, CONTROLS_KEY));
  return parsed.success ? parsed.data : ZStripeRefundControls.parse({});
}

class IdempotencyConflict extends Error {}

export const stripeRefundSandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.post('/stripe/v1/refunds', async (request, reply) => {
    const f = formFields(request.body);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' && header !== '' ? header.slice(0, 255) : null;
    if (idempotencyKey) {
      const known = await getRecord<{ id: string }>(db, STRIPE_REFUND_IDEMPOTENCY, idempotencyKey);
      const refund = known ? await getRecord<SandboxRefund>(db, STRIPE_REFUND, known.id) : undefined;
      if (refund) return refund;
    }
    const pi = f.payment_intent ?? '';
    if (pi === '')
      return stripeError(reply, 400, 'Missing required param: payment_intent.', { param: 'payment_intent' });
    const requested = f.amount === undefined ? null : Number(f.amount);
    if (requested !== null && (!Number.isSafeInteger(requested) || requested <= 0)) {
      return stripeError(reply, 400, 'Invalid positive integer', { param: 'amount' });
    }
    const controls = await stripeRefundControls(db);

    const outcome = await db
      .transaction(async (tx) => {
        const [row] = await tx
          .select({ data: sandboxRecords.data })
          .from(sandboxRecords)
          .where(
            and(
              eq(sandboxRecords.kind, 'stripe_session'),
              sql`${sandboxRecords.data}->'session'->>'payment_intent' = ${pi}`,
            ),
          )
          .for('update')
          .limit(1);
        const session = row ? (row.data as PaidSession).session : undefined;
        if (session?.payment_status !== 'paid') {
          return {
            status: 404,
            message: `No such payment_intent: '${pi.slice(0, 80)}'`,
            code: 'resource_missing',
          };
        }
        const earlier = await tx
          .select({ data: sandboxRecords.data })
          .from(sandboxRecords)
          .where(
            and(
              eq(sandboxRecords.kind, STRIPE_REFUND),
              sql`${sandboxRecords.data}->>'payment_intent' = ${pi}`,
            ),
          );
        const refunded = earlier
          .map((r) => r.data as SandboxRefund)
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
          status: controls.mode === 'fail' ? 'failed' : controls.mode === 'pending' ? 'pending' : 'succeeded',
          failure_reason: controls.mode === 'fail' ? 'declined' : null,
          metadata: bracketed(f, 'metadata'),
          reason: null,
          created: Math.floor(Date.now() / 1000),
        };
        await putRecord(tx, STRIPE_REFUND, refund.id, refund);
        if (
          idempotencyKey &&
          !(await putRecordOnce(tx, STRIPE_REFUND_IDEMPOTENCY, idempotencyKey, { id: refund.id }))
        ) {
          // The same key raced us to it: this refund is rolled back, and the caller told to try again (as Stripe does).
          throw new IdempotencyConflict();
        }
        return { refund };
      })
      .catch((err: unknown) => {
        if (err instanceof IdempotencyConflict) {
          return {
            status: 409,
            message: 'A request with this idempotency key is in progress.',
            code: 'idempotency_key_in_use',
          };
        }
        throw err;
      });
    if ('refund' in outcome) return outcome.refund;
    return stripeError(reply, outcome.status, outcome.message, { code: outcome.code });
  });

  app.get('/stripe/v1/refunds/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    let refund = await getRecord<SandboxRefund>(db, STRIPE_REFUND, id);
    if (!refund)
      return stripeError(reply, 404, `No such refund: '${id.slice(0, 80)}'`, { code: 'resource_missing' });
    if (refund.status === 'pending') {
      // A pending refund settles by the time anyone asks about it.
      refund = { ...refund, status: 'succeeded' };
      await putRecord(db, STRIPE_REFUND, id, refund);
    }
    return refund;
  });
};
