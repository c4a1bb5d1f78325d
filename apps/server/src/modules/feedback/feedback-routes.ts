import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../infra/deps';

export const feedbackRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
