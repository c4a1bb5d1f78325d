import {
  envelope,
  MSG,
  ZErrorBody,
  ZExtraPaymentQuery,
  ZExtraPaymentRefund,
  ZOrder,
  ZOrderNumQuery,
  ZRefundAction,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import type { RefundsService } from './refunds-service';

/**
 * Refunds (DESIGN.md §6, §7): the superusers' refund action and the refund-order job that carries it out through
 * Fiuu's refund API or Stripe refunds.
 */
export const refundsRoutes: FastifyPluginAsyncZod<RouteContext<{ refunds: RefundsService }>> = async (
  app,
  deps,
) => {
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
          'refund ends, never shown or logged. An order whose delivery is uncertain (an earlier call to BIGO got no ' +
          'answer: `delivery_uncertain`) answers 409 unless the body carries `"confirmed_not_delivered": true`, the ' +
          'operator’s word that BIGO’s reseller console shows no delivery (kept in the audit log).',
        querystring: ZOrderNumQuery,
        body: ZRefundAction,
        response: {
          200: envelope(ZOrder),
          400: ZErrorBody,
          401: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
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

  app.post(
    '/order/extra-payment/refund',
    {
      preHandler: deps.guards.requireSuperuser,
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'Refund a payment captured for an order besides the one that paid it (superusers)',
        description:
          'Issue #26: an extra payment (`extra_payments[].id` of the order) that is `recorded` or whose refund ' +
          'failed goes to `refunding`; the refund goes through the gateway that took it and ends in `refunded` or ' +
          '`refund_failed`. `reason` is kept on the order’s event and in the audit log; an online-banking payment ' +
          'needs `bank`, as the order’s own refund does. The buyer is e-mailed. Other states: 400.',
        querystring: ZExtraPaymentQuery,
        body: ZExtraPaymentRefund,
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
      const order = await service.startExtra({ id: user.id, ip: request.ip }, request.query.id, request.body);
      return ok(order, MSG.extra_payment_refund_started);
    },
  );
};
