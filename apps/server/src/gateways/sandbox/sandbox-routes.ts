import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../infra/deps';
import { bigoSimulatorRoutes } from './bigo-simulator';
import { fiuuSandboxRoutes } from './fiuu-sandbox';
import { stripeSandboxRoutes } from './stripe-sandbox';

/**
 * The built-in far ends under /sandbox (DESIGN.md §4, §7, §8), registered only for a gateway that has no keys,
 * and never in production unless ALLOW_SANDBOX=1 (config.ts refuses to start otherwise).
 */
export const sandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { settings } = deps;
  if (settings.fiuu.sandbox) await app.register(fiuuSandboxRoutes, deps);
  if (settings.stripe.sandbox) await app.register(stripeSandboxRoutes, deps);
  if (settings.bigo.sandbox) await app.register(bigoSimulatorRoutes, deps);
};
