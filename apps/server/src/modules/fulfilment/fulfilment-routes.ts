import {
  envelope,
  MSG,
  ZErrorBody,
  ZOrder,
  ZOrderAction,
  ZOrderNumQuery,
  ZOrderOverview,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { FulfilmentService } from './fulfilment-service';

const tags = ['orders'];
const _security = [{ bearer: [] }];
const errors = SIGNED_IN_ERRORS;

/**
 * Fulfilment (DESIGN.md §6, §8): the superusers' retry-charge and mark-delivered actions and overview (the jobs are
 * registered by the composition root). See README.md in this folder.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod<
  RouteContext<{ fulfilment: FulfilmentService }>
> = async (app, deps) => {
  const service = deps.services.fulfilment;
  const { requireSuperuser } = deps.guards;
  const forSuperusers = guarded(requireSuperuser, tags);

  app.post(
    '/order/retry',
    forSuperusers({
      summary: 'Retry the charge of an order whose delivery failed (10 → 8), with a reason (superusers)',
      description:
        'Queues the BIGO delivery again; the order then ends in 9 or, if BIGO still refuses, in 10. ' +
        'Safe if BIGO did deliver before: the same order number is never credited twice. Writes an audit row.',
      querystring: ZOrderNumQuery,
      body: ZOrderAction,
      response: { 200: envelope(ZOrder), ...errors, 404: ZErrorBody },
    }),
    async (request) => {
      const user = currentUser(request);
      const order = await service.retryCharge(
        { id: user.id, ip: request.ip },
        request.query.order_num,
        request.body,
      );
      return ok(order, MSG.order_retry_started);
    },
  );

  app.post(
    '/order/mark-delivered',
    forSuperusers({
      summary: 'Mark an order whose charge failed as delivered (10 → 9), with a reason (superusers)',
      description:
        "For an order whose diamonds BIGO's reseller console shows as credited (e.g. after BIGO answered " +
        '7212010 and our record could not prove a delivery). BIGO is not called; the buyer gets the receipt. ' +
        'Writes an audit row. Other statuses: 400.',
      querystring: ZOrderNumQuery,
      body: ZOrderAction,
      response: { 200: envelope(ZOrder), ...errors, 404: ZErrorBody },
    }),
    async (request) => {
      const user = currentUser(request);
      const order = await service.markDelivered(
        { id: user.id, ip: request.ip },
        request.query.order_num,
        request.body,
      );
      return ok(order, MSG.order_marked_delivered);
    },
  );

  app.get(
    '/order/overview',
    forSuperusers({
      summary: 'Operator overview: reseller balance at the latest precheck, orders needing an operator',
      response: { 200: envelope(ZOrderOverview), ...errors },
    }),
    async () => ok(await service.overview()),
  );
};
