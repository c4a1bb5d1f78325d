import { envelope, MSG, ZErrorBody, ZOrder, ZOrderNumQuery, ZRefundAction } from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteDeps } from '../../composition';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';

/**
 * Refunds (DESIGN.md §6, §7): the superusers' refund action and the refund-order job that carries it out through
 * Fiuu's refund API or Stripe refunds.
 */
export const refundsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.refunds;

  app.post(
    '/order/refund',
    {
      preHandler: deps.guards.requireSuperuser,
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'Refund an order whose charge failed (10), or retry a failed refund (13): → 11 (superusers)',
        description:
          'The refund goes through the gateway the order was paid with and ends in 12 (refunded) or 13 (refund ' +
          'failed, with the reason). `reason` is kept on the order event and in the audit log. An online-banking ' +
          'payment needs `bank` (the buyer’s bank code, country, name and account number): kept sealed until the ' +
          'refund ends, never shown or logged.',
        querystring: ZOrderNumQuery,
        body: ZRefundAction,
        response: {
          200: envelope(ZOrder),
          400: ZErrorBody,
          401: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const order = await service.start(
        { id: user.id, ip: request.ip },
        request.query.order_num,
        request.body,
      );
      return ok(order, MSG.order_refund_started);
    },
  );
};
