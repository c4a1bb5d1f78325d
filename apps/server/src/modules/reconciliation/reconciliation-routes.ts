import {
  envelope,
  ZErrorBody,
  ZReconciliationApplied,
  ZReconciliationDay,
  ZReconciliationQuery,
  ZRowId,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import { guarded, type RouteContext, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { ReconciliationService } from './reconciliation-service';

const errors = SIGNED_IN_ERRORS;

/** Issue #28, the daily reconciliation (superusers): a day's state and mismatches, a run now, applying one. */
export const reconciliationRoutes: FastifyPluginAsyncZod<
  RouteContext<{ reconciliation: ReconciliationService }>
> = async (app, deps) => {
  const service = deps.services.reconciliation;
  const forSuperusers = guarded(deps.guards.requireSuperuser, ['reconciliation']);

  app.get(
    '/reconciliation',
    forSuperusers({
      summary:
        "A shop day's reconciliation: its state, each gateway's totals and the mismatches (superusers)",
      description:
        'date is the shop’s day (SHOP_TIME_ZONE), YYYY-MM-DD. `state` is null for a day never reconciled; ' +
        '`reconciled` when every gateway record and every order agree, `mismatched` when some do not, ' +
        '`incomplete` when a gateway could not be read. Each mismatch carries the evidence of both sides.',
      querystring: ZReconciliationQuery,
      response: { 200: envelope(ZReconciliationDay), ...errors },
    }),
    async (request) => ok(await service.get(request.query.date)),
  );

  app.post(
    '/reconciliation/run',
    forSuperusers({
      summary: 'Reconcile a shop day now (superusers)',
      description:
        'Fetches Fiuu’s Daily Transaction Report and Stripe’s Checkout Sessions and refunds of the day, compares ' +
        'them with our orders and our record of their BIGO deliveries, and stores the result (replacing the day’s ' +
        'last run). A day not reconciled is e-mailed to ADMIN_EMAIL once. A day that has not begun: 400.',
      querystring: ZReconciliationQuery,
      response: { 200: envelope(ZReconciliationDay), ...errors },
    }),
    async (request) => {
      const user = currentUser(request);
      return ok(
        await service.run(request.query.date, { id: user.id, ip: request.ip }),
        'Reconciliation finished',
      );
    },
  );

  app.post(
    '/reconciliation/mismatches/:id/apply',
    forSuperusers({
      summary: 'Apply a payment the gateway took and never told us of (superusers; audited)',
      description:
        'Only a `paid_at_gateway_not_here` mismatch of an order we hold (`action: apply`). The gateway is asked ' +
        'about the order again (its verified status query) and a "paid" it answers is applied exactly as a ' +
        'notification is: the order moves once to paid and its delivery starts; applying again moves nothing. ' +
        '409 when the gateway does not report it paid now; 503 (Retry-After) when it gave no answer.',
      params: z.object({ id: ZRowId }),
      response: {
        200: envelope(ZReconciliationApplied),
        ...errors,
        404: ZErrorBody,
        409: ZErrorBody,
        503: ZErrorBody,
      },
    }),
    async (request) => {
      const user = currentUser(request);
      const applied = await service.apply(request.params.id, { id: user.id, ip: request.ip });
      return ok(
        { day: applied.day, order_status: applied.orderStatus },
        'The payment was checked with the gateway and applied',
      );
    },
  );
};
