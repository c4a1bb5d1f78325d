import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../infra/deps';

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
