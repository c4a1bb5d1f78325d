import {
  envelope,
  MESSAGES,
  ZErrorBody,
  ZOrder,
  ZOrderAction,
  ZOrderNumQuery,
  ZOrderOverview,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../infra/auth';
import type { AppDeps } from '../../infra/deps';
import { ok } from '../../infra/http';
import { DELIVERY_SWEEP_INTERVAL_MS, deliverOrderHandler, deliverySweepHandler } from './delivery-job';
import {
  BALANCE_WARNING_JOB,
  DELIVER_ORDER_JOB,
  DELIVERY_LEASE_MS,
  DELIVERY_SWEEP_JOB,
  DELIVERY_SWEEP_KEY,
  RECEIPT_MAIL_JOB,
} from './fulfilment-jobs';
import { FulfilmentService } from './fulfilment-service';
import { balanceWarningHandler, receiptMailHandler } from './mail-jobs';

const tags = ['orders'];
const security = [{ bearer: [] }];
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody } as const;

/**
 * Fulfilment (DESIGN.md §6, §8): registers the delivery, receipt, balance-warning and sweep jobs, and the
 * superusers' retry-charge action and overview. See README.md in this folder.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const now = () => new Date();
  const { db, jobs, mailer } = deps;
  jobs.handle(DELIVER_ORDER_JOB, deliverOrderHandler({ db, bigo: deps.gateways.bigo }), {
    leaseMs: DELIVERY_LEASE_MS,
  });
  jobs.handle(RECEIPT_MAIL_JOB, receiptMailHandler({ db, mailer }));
  jobs.handle(BALANCE_WARNING_JOB, balanceWarningHandler({ mailer, adminEmail: deps.config.admin.email }));
  jobs.handle(DELIVERY_SWEEP_JOB, deliverySweepHandler({ db, now }));
  // One sweep job for every process on the database; a live one is left as it is, so restarts do not delay it.
  await jobs.enqueue(db, {
    kind: DELIVERY_SWEEP_JOB,
    payload: {},
    runAt: new Date(now().getTime() + DELIVERY_SWEEP_INTERVAL_MS),
    dedupeKey: DELIVERY_SWEEP_KEY,
  });

  const service = new FulfilmentService({
    db,
    jobs,
    balanceAlertBelow: deps.config.bigoBalanceAlertBelow,
  });
  const { requireSuperuser } = deps.guards;

  app.post(
    '/order/retry',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'Retry the charge of an order whose delivery failed (10 → 8), with a reason (superusers)',
        description:
          'Queues the BIGO delivery again; the order then ends in 9 or, if BIGO still refuses, in 10. ' +
          'Safe if BIGO did deliver before: the same order number is never credited twice. Writes an audit row.',
        querystring: ZOrderNumQuery,
        body: ZOrderAction,
        response: { 200: envelope(ZOrder), ...errors, 404: ZErrorBody },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const order = await service.retryCharge(
        { id: user.id, ip: request.ip },
        request.query.order_num,
        request.body,
      );
      return ok(order, MESSAGES.order_retry_started);
    },
  );

  app.get(
    '/order/overview',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'Operator overview: reseller balance at the latest precheck, orders needing an operator',
        response: { 200: envelope(ZOrderOverview), ...errors },
      },
    },
    async () => ok(await service.overview()),
  );
};
