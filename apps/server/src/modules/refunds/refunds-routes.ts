import { envelope, MESSAGES, ZErrorBody, ZOrder, ZOrderAction, ZOrderNumQuery } from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../infra/auth';
import type { AppDeps } from '../../infra/deps';
import { ok } from '../../infra/http';
import { refundOrderHandler } from './refund-job';
import { REFUND_JOB } from './refunds-common';
import { RefundsService } from './refunds-service';

/**
 * Refunds (DESIGN.md §6, §7): the superusers' refund action and the refund-order job that carries it out through
 * Fiuu's refund API or Stripe refunds.
 */
export const refundsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = new RefundsService({ db: deps.db, jobs: deps.jobs, log: app.log });
  deps.jobs.handle(
    REFUND_JOB,
    refundOrderHandler({ db: deps.db, gateways: deps.gateways, now: () => new Date() }),
  );

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
          'failed, with the reason). `reason` is kept on the order event and in the audit log.',
        querystring: ZOrderNumQuery,
        body: ZOrderAction,
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
        request.body.reason,
      );
      return ok(order, MESSAGES.order_refund_started);
    },
  );
};
