import {
  envelope,
  pageOf,
  ZDeadJob,
  ZDeadJobListQuery,
  ZErrorBody,
  ZPageQuery,
  ZRowId,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { JobsService } from './jobs-service';
import { JOB_MESSAGES } from './jobs-service';

const tags = ['jobs'];
const _security = [{ bearer: [] }];
const errors = SIGNED_IN_ERRORS;

/** Background jobs that ran out of attempts (superusers): the list with each one's last error, and a retry. */
export const jobsRoutes: FastifyPluginAsyncZod<RouteContext<{ jobs: JobsService }>> = async (app, deps) => {
  const service = deps.services.jobs;
  const { requireSuperuser } = deps.guards;
  const forSuperusers = guarded(requireSuperuser, tags);

  app.get(
    '/jobs/dead',
    forSuperusers({
      summary: 'Jobs that ran out of attempts, the most recently failed first (superusers)',
      querystring: ZPageQuery.extend(ZDeadJobListQuery.shape),
      response: { 200: envelope(pageOf(ZDeadJob)), ...errors },
    }),
    async (request) => ok(await service.listDead(request.query)),
  );

  app.post(
    '/jobs/:id/retry',
    forSuperusers({
      summary: 'Queue a dead job again with all its attempts (superusers; audited)',
      description: 'Only a job that ran out of attempts can be retried (400 otherwise).',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZDeadJob), ...errors, 404: ZErrorBody },
    }),
    async (request) =>
      ok(
        await service.retry({ id: currentUser(request).id, ip: request.ip }, request.params.id),
        JOB_MESSAGES.retried,
      ),
  );
};
