import {
  envelope,
  pageOf,
  ZContactInput,
  ZErrorBody,
  ZFeedback,
  ZFeedbackInput,
  ZFeedbackListQuery,
  ZPageQuery,
  ZRowId,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { FeedbackService } from './feedback-service';
import { FEEDBACK_MESSAGES } from './feedback-service';

const errors = SIGNED_IN_ERRORS;
const publicErrors = { 400: ZErrorBody, 429: ZErrorBody } as const;
const tags = ['feedback'];
const _security = [{ bearer: [] }];

/**
 * Feedback (SPEC.md §2, §5, §7; DESIGN.md §4): the two public forms, rate-limited per address, and the admin
 * list, read and handle for superusers. Visitor text is stored and answered as given; nothing here renders it.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<RouteContext<{ feedback: FeedbackService }>> = async (
  app,
  deps,
) => {
  const service = deps.services.feedback;
  const { requireSuperuser } = deps.guards;
  const forSuperusers = guarded(requireSuperuser, tags);

  app.post(
    '/feedback/',
    {
      schema: {
        tags,
        summary: 'Send feedback (Contact us 2 form); the operator is told by e-mail',
        description: 'Public, at most 5 messages per client address in 10 minutes (both forms together).',
        body: ZFeedbackInput,
        response: { 200: envelope(z.null()), ...publicErrors },
      },
    },
    async (request) => {
      await service.submit(request.body, request.ip);
      return ok(null, FEEDBACK_MESSAGES.sent);
    },
  );

  app.post(
    '/feedback/contact',
    {
      schema: {
        tags,
        summary: 'Send a message from the contact form (first and last name, e-mail, comment)',
        description:
          'Public; stored among the feedback (name = first and last name) and limited together with it.',
        body: ZContactInput,
        response: { 200: envelope(z.null()), ...publicErrors },
      },
    },
    async (request) => {
      await service.contact(request.body, request.ip);
      return ok(null, FEEDBACK_MESSAGES.sent);
    },
  );

  app.get(
    '/feedback/',
    forSuperusers({
      summary: "List feedback, newest first (status '' all, 'true' resolved, 'false' pending)",
      querystring: ZPageQuery.extend(ZFeedbackListQuery.shape),
      response: { 200: envelope(pageOf(ZFeedback)), ...errors },
    }),
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    '/feedback/:id',
    forSuperusers({
      summary: 'One feedback message',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZFeedback), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await service.get(request.params.id)),
  );

  app.put(
    '/feedback/:id/handle',
    forSuperusers({
      summary: 'Mark a pending message resolved (400 if it was already handled)',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZFeedback), ...errors, 404: ZErrorBody },
    }),
    async (request) =>
      ok(await service.handle(requestActor(request), request.params.id), FEEDBACK_MESSAGES.handled),
  );
};
