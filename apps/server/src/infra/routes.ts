import { ZErrorBody } from '@ezrecharge/shared';
import type { FastifySchema, preHandlerAsyncHookHandler } from 'fastify';

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
