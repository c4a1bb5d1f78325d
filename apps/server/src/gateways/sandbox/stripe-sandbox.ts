import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../infra/deps';

// TODO(issue 5, payments helper): implement.
export const stripeSandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
