import {
  envelope,
  pageOf,
  ZErrorBody,
  ZFaq,
  ZFaqGroups,
  ZFaqInput,
  ZFaqListQuery,
  ZLangType,
  ZPageQuery,
  ZRowId,
} from '@ezrecharge/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteDeps } from '../../composition';
import { currentUser } from '../../infra/auth';
import { ok } from '../../infra/http';
import { type Actor, FAQ_MESSAGES } from './faq-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody } as const;
const tags = ['faq'];
const security = [{ bearer: [] }];

function actorOf(request: FastifyRequest): Actor {
  return { id: currentUser(request).id, ip: request.ip };
}

/** FAQ (SPEC.md §2, §7): the public grouped list; the admin list, read, add, edit and delete for superusers. */
export const faqRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.faq;
  const { requireSuperuser } = deps.guards;

  app.get(
    '/faq/list',
    {
      schema: {
        tags,
        summary: 'The public FAQ in one language, grouped by module',
        description:
          'Groups and questions keep the order they were first added in. `lang_type` defaults to en; an ' +
          'unknown language falls back to en (SPEC.md §1).',
        querystring: z.object({ lang_type: ZLangType.catch('en').default('en') }),
        response: { 200: envelope(ZFaqGroups), 400: ZErrorBody },
      },
    },
    async (request) => ok(await service.groups(request.query.lang_type)),
  );

  app.get(
    '/faq/',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'List FAQ entries (filter by module in either language, newest first)',
        querystring: ZPageQuery.extend(ZFaqListQuery.shape),
        response: { 200: envelope(pageOf(ZFaq)), ...errors },
      },
    },
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    '/faq/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'One FAQ entry',
        params: z.object({ id: ZRowId }),
        response: { 200: envelope(ZFaq), ...errors, 404: ZErrorBody },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    '/faq/',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'Add an FAQ entry (module, question and answer in English and Chinese)',
        body: ZFaqInput,
        response: { 200: envelope(ZFaq), ...errors },
      },
    },
    async (request) => ok(await service.create(actorOf(request), request.body), FAQ_MESSAGES.saved),
  );

  app.put(
    '/faq/',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'Edit an FAQ entry (all six fields)',
        querystring: z.object({ id: ZRowId }),
        body: ZFaqInput,
        response: { 200: envelope(ZFaq), ...errors, 404: ZErrorBody },
      },
    },
    async (request) =>
      ok(await service.update(actorOf(request), request.query.id, request.body), FAQ_MESSAGES.saved),
  );

  app.delete(
    '/faq/:id',
    {
      preHandler: requireSuperuser,
      schema: {
        tags,
        security,
        summary: 'Delete an FAQ entry',
        params: z.object({ id: ZRowId }),
        response: { 200: envelope(z.null()), ...errors, 404: ZErrorBody },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return ok(null, FAQ_MESSAGES.deleted);
    },
  );
};
