import {
  envelope,
  pageOf,
  ZErrorBody,
  ZPageQuery,
  ZRowId,
  ZUser,
  ZUserCreate,
  ZUserListQuery,
  ZUserSelect,
  ZUserUpdate,
} from '@ezrecharge/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestActor } from '../../infra/auth';
import { ok } from '../../infra/http';
import type { RouteContext } from '../../infra/routes';
import { guarded, SIGNED_IN_ERRORS } from '../../infra/routes';
import type { UsersService } from './users-service';
import { USERS_MESSAGES } from './users-service';

const errors = SIGNED_IN_ERRORS;
const tags = ['users'];
const _security = [{ bearer: [] }];

/** Users admin (SPEC.md §2, §5, §7): superusers only, except the id → name map (see UsersService.names). */
export const usersRoutes: FastifyPluginAsyncZod<RouteContext<{ users: UsersService }>> = async (
  app,
  deps,
) => {
  const service = deps.services.users;
  const { requireSuperuser, requireUser } = deps.guards;
  const forSuperusers = guarded(requireSuperuser, tags);
  const forUsers = guarded(requireUser, tags);

  app.get(
    '/user/',
    forSuperusers({
      summary: 'List users (filter by username and e-mail, newest first)',
      querystring: ZPageQuery.extend(ZUserListQuery.shape),
      response: { 200: envelope(pageOf(ZUser)), ...errors },
    }),
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    '/user/select/',
    forUsers({
      summary: 'User id → display name; every user for a superuser, only oneself for anyone else',
      response: { 200: envelope(ZUserSelect), 401: ZErrorBody },
    }),
    async (request) => ok(await service.names(requestActor(request))),
  );

  app.get(
    '/user/:id',
    forSuperusers({
      summary: 'One user',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(ZUser), ...errors, 404: ZErrorBody },
    }),
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    '/user/',
    forSuperusers({
      summary: 'Add a user',
      body: ZUserCreate,
      response: { 200: envelope(ZUser), ...errors, 409: ZErrorBody },
    }),
    async (request) => ok(await service.create(requestActor(request), request.body), USERS_MESSAGES.saved),
  );

  app.put(
    '/user/',
    forSuperusers({
      summary: 'Edit a user (nickname, avatar, e-mail, superuser role)',
      querystring: z.object({ id: ZRowId }),
      body: ZUserUpdate,
      response: { 200: envelope(ZUser), ...errors, 404: ZErrorBody, 409: ZErrorBody },
    }),
    async (request) =>
      ok(await service.update(requestActor(request), request.query.id, request.body), USERS_MESSAGES.saved),
  );

  app.delete(
    '/user/:id',
    forSuperusers({
      summary: 'Delete a user (their sessions end; their orders stay, without creator)',
      params: z.object({ id: ZRowId }),
      response: { 200: envelope(z.null()), ...errors, 404: ZErrorBody },
    }),
    async (request) => {
      await service.remove(requestActor(request), request.params.id);
      return ok(null, USERS_MESSAGES.deleted);
    },
  );
};
