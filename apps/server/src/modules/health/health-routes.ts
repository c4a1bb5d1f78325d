import { envelope, ZErrorBody, ZHealth } from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../infra/db';
import { ok, sendError } from '../../infra/http';

/** Readiness: 200 when the database answers, 503 when it does not (load balancers take the instance out). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  opts,
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness check',
        response: { 200: envelope(ZHealth), 503: ZErrorBody },
      },
    },
    async (_request, reply) => {
      if (!(await opts.database.ping())) {
        return sendError(reply, 'service_unavailable', 'Service Unavailable', 'The database does not answer');
      }
      return ok({ status: 'ok' as const, db: 'ok' as const, version: opts.version });
    },
  );
};
