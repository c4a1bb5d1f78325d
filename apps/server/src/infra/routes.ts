import { ZErrorBody } from '@ezrecharge/shared';
import type { FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { PaymentProviders } from '../gateways';
import type { AuthGuards, Sessions } from './auth';

/**
 * What a module's route plugin receives (issue #27): the services it maps HTTP to, named in `S` by their own types
 * (`RouteContext<{ faq: FaqService }>`), and the request-level pieces routes need. app.ts hands every plugin the
 * composition root's RouteDeps, which has them all; a plugin declares only what it uses, so no module imports the
 * root.
 */
export interface RouteContext<S> {
  services: S;
  guards: AuthGuards;
  sessions: Sessions;
  /** The payment providers: each declares the endpoints it is called at. */
  payments: PaymentProviders;
  /** PUBLIC_URL is https: the site's own cookies are Secure (issue #29's browser id). */
  secureCookies: boolean;
}

/** The failures every signed-in route may answer: bad input, no session, not allowed. */
export const SIGNED_IN_ERRORS = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody } as const;

/**
 * The options of routes behind one guard (`requireUser` / `requireSuperuser`): the guard, and the schema documented
 * under `tags` with the bearer scheme. `const admin = guarded(requireSuperuser, ['faq']);` then
 * `app.get('/faq/', admin({ summary, querystring, response }), handler)`.
 */
export function guarded(guard: preHandlerAsyncHookHandler, tags: string[]) {
  return <S extends FastifySchema>(schema: S) => ({
    preHandler: guard,
    schema: { tags, security: [{ bearer: [] }], ...schema },
  });
}
