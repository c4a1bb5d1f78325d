import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../infra/deps';

export const faqRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
