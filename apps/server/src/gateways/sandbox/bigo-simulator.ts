import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../infra/deps';

// TODO(issue 5, BIGO helper): implement.
export const bigoSimulatorRoutes: FastifyPluginAsyncZod<AppDeps> = async () => {};
