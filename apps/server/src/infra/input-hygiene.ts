import { findUnsafeText, MSG } from '@ezrecharge/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './http';

/**
 * Input hygiene in one place (issue #15): a parsed body, query or path parameter holding U+0000 or a lone surrogate
 * is answered 400 with a field error before validation, so no such text reaches a service or the database. Raw
 * bodies (the gateways' posts, uploads) are Buffers here and are checked where they are parsed.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnsafeText(value);
      if (field !== undefined) throw unsafeText(field || part);
    }
  });
}

/** The 400 of a field holding unsafe text. */
export function unsafeText(field: string): AppError {
  return AppError.badRequest(MSG.text_unsafe, { [field]: MSG.text_unsafe });
}
