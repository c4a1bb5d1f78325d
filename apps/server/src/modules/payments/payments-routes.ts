import { ORDER_NUM_PATTERN } from '@ezrecharge/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formFields } from '../../gateways/fiuu/fiuu-protocol';
import type { AppDeps } from '../../infra/deps';
import { AppError, sendError } from '../../infra/http';
import { PaymentsService } from './payments-service';

const tags = ['payments'];

/** The result page; the order number is added only once it has passed ORDER_NUM_PATTERN (no reflected input). */
function resultPage(orderNum: string | null, success: boolean): string {
  if (!orderNum) return '/home-order';
  return `/home-order?${new URLSearchParams({ order_num: orderNum, success: String(success) }).toString()}`;
}

const plain = (reply: FastifyReply, status: number, text: string) =>
  reply.status(status).type('text/plain; charset=utf-8').send(text);

/**
 * A failure for the log without the query parameters a database error carries (they hold the stored post,
 * skey included), so a failed notification never writes its signature to the log.
 */
export function describeFailure(err: unknown): { name: string; message: string } {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err).slice(0, 300) };
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  const message = `${err.message.split(/\n?params:/)[0] ?? ''}${cause}`;
  return { name: err.name, message: message.slice(0, 500) };
}

/**
 * Gateway results (DESIGN.md §4, §7): Fiuu's return (browser), notify and callback (server) posts, the Stripe
 * webhook, and the Stripe cancel return. None of them needs a session: each result proves itself by its signature.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new PaymentsService({
    db: deps.db,
    fiuu: deps.gateways.fiuu,
    stripe: deps.gateways.stripe,
    limiter: deps.limiter,
    log: app.log,
  });

  app.post(
    '/payment/fiuu/return',
    {
      schema: {
        tags,
        summary: 'Fiuu return URL: the buyer’s browser posts the payment result here',
        description:
          'Form post from Fiuu’s hosted page. Stored, checked by skey, applied, acknowledged by IPN; answers 303 to ' +
          '/home-order?order_num=…&success=true|false (true only for a verified, paid 00).',
      },
    },
    async (request, reply) => {
      const fields = formFields(request.body);
      try {
        const handled = await service.handleFiuu('return', fields);
        return reply.redirect(resultPage(handled.orderNum, handled.paid), 303);
      } catch (err) {
        // The buyer must land on the result page whatever happened; notify and callback carry the same result.
        request.log.error({ err: describeFailure(err) }, 'fiuu return could not be handled');
        const orderNum = fields.orderid && ORDER_NUM_PATTERN.test(fields.orderid) ? fields.orderid : null;
        return reply.redirect(resultPage(orderNum, false), 303);
      }
    },
  );

  app.post(
    '/payment/fiuu/notify',
    {
      schema: {
        tags,
        summary: 'Fiuu notify URL (server to server, nbcb=2)',
        description: 'Stored, checked by skey, applied, acknowledged by IPN; answers 200 "OK".',
      },
    },
    async (request, reply) => {
      try {
        await service.handleFiuu('notify', formFields(request.body));
      } catch (err) {
        // Not acknowledged: Fiuu sends the result again.
        request.log.error({ err: describeFailure(err) }, 'fiuu notify could not be handled');
        return plain(reply, 500, 'ERROR');
      }
      return plain(reply, 200, 'OK');
    },
  );

  app.post(
    '/payment/fiuu/callback',
    {
      schema: {
        tags,
        summary: 'Fiuu callback URL (server to server, nbcb=1)',
        description:
          'Stored, checked by skey, applied; a verified post is acknowledged with "CBTOKEN:MPSTATOK".',
      },
    },
    async (request, reply) => {
      let handled: Awaited<ReturnType<PaymentsService['handleFiuu']>>;
      try {
        handled = await service.handleFiuu('callback', formFields(request.body));
      } catch (err) {
        request.log.error({ err: describeFailure(err) }, 'fiuu callback could not be handled');
        return plain(reply, 500, 'ERROR');
      }
      // A post we cannot verify is not acknowledged, so a real one sent with keys we do not (yet) match comes again.
      return handled.verified ? plain(reply, 200, 'CBTOKEN:MPSTATOK') : plain(reply, 400, 'INVALID SKEY');
    },
  );

  app.get(
    '/payment/stripe/cancel',
    {
      schema: {
        tags,
        summary: 'Stripe Checkout cancel_url: the buyer went back from the payment page',
        description:
          'Paid meanwhile → counts as paid; otherwise the session is expired and the order cancelled (4). Answers 303 ' +
          'to /home-order. At most 20 calls per client address in 10 minutes.',
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown> | undefined;
      const raw = typeof query?.order_num === 'string' ? query.order_num : undefined;
      const { orderNum, success } = await service.stripeCancel(raw, request.ip);
      return reply.redirect(resultPage(orderNum, success), 303);
    },
  );

  // Stripe signs the exact bytes it sent: this context alone reads JSON bodies as raw Buffers.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    hook.post(
      '/payment/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (checkout.session.* events)',
          description:
            'Signature checked on the raw body (300 s tolerance); each event id handled once. 400 on a bad signature.',
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        let handled: Awaited<ReturnType<PaymentsService['handleStripeWebhook']>>;
        try {
          handled = await service.handleStripeWebhook(
            body,
            typeof signature === 'string' ? signature : undefined,
          );
        } catch (err) {
          // Not acknowledged: Stripe delivers the event again.
          request.log.error({ err: describeFailure(err) }, 'stripe webhook could not be handled');
          return sendError(
            reply,
            'internal_error',
            'Internal Server Error',
            'The event could not be handled',
          );
        }
        if (!handled.verified) throw AppError.badRequest('Invalid Stripe signature');
        return { received: true };
      },
    );
  });
};
