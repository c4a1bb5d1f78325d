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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { FaqService } from './faq-service';
import { FAQ_MESSAGES } from './faq-service';

const errors = SIGNED_IN_ERRORS;
const tags = ['faq'];
const _security = [{ bearer: [] }];

/** FAQ (SPEC.md §2, §7): the public grouped list; the admin list, read, add, edit and delete for superusers. */
export const faqRoutes: FastifyPluginAsyncZod<RouteContext<{ faq: FaqService }>> = async (app, deps) => {
  const service = deps.services.faq;
  const { requireSuperuser } = deps.guards;
  const forSuperusers = guarded(requireSuperuser, tags);

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
    forSuperusers({
      summary: 'List FAQ entries (filter by module in either language, newest first)',
      querystring: ZPageQuery.extend(ZFaqListQuery.shape),
      response: { 200: envelope(pageOf(ZFaq)), ...errors },
    }),
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    '/faq/:id',
    forSuperusers({
      summary: 'One FAQ entry',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZFaq), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    '/faq/',
    forSuperusers({
      summary: 'Add an FAQ entry (module, question and answer in English and Chinese)',
      body: ZFaqInput,
      response: { 200: envelope(ZFaq), ...errors },
    }),
    async (request) => ok(await service.create(requestActor(request), request.body), FAQ_MESSAGES.saved),
  );

  app.put(
    '/faq/',
    forSuperusers({
      summary: 'Edit an FAQ entry (all six fields)',
      querystring: z.object({ id: ZRowId }),
      body: ZFaqInput,
      response: { 200: envelope(ZFaq), ...errors, 404: ZErrorBody },
    }),
    async (request) =>
      ok(await service.update(requestActor(request), request.query.id, request.body), FAQ_MESSAGES.saved),
  );

  app.delete(
    '/faq/:id',
    forSuperusers({
      summary: 'Delete an FAQ entry',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(z.null()), ...errors, 404: ZErrorBody },
    }),
    async (request) => {
      await service.remove(requestActor(request), request.params.id);
      return ok(null, FAQ_MESSAGES.deleted);
    },
  );
};
