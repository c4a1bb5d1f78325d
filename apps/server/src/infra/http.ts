import { ERROR_STATUS, type TErrorBody, type TErrorCode } from '@ezrecharge/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * The one place where failures become HTTP answers (DESIGN.md §4). Services throw AppError with a stable code;
 * framework errors (bad JSON, wrong content type, body too large, schema validation) are mapped here too, so no
 * route shapes an error body by hand and nothing unexpected leaks as a stack trace or SQL text.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly detail: string = message,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static badRequest(message: string, fieldErrors?: Record<string, string>): AppError {
    return new AppError(fieldErrors ? 'validation_failed' : 'bad_request', message, message, fieldErrors);
  }
  static unauthorized(detail = 'Not authenticated'): AppError {
    return new AppError('unauthorized', 'Unauthorized', detail);
  }
  static forbidden(detail = 'You are not allowed to do this'): AppError {
    return new AppError('forbidden', 'Forbidden', detail);
  }
  /** `message`: one of the shared MESSAGES (e.g. MESSAGES.user_not_found), so the web can translate it. */
  static notFound(message: string): AppError {
    return new AppError('not_found', message);
  }
  static conflict(message: string, fieldErrors?: Record<string, string>): AppError {
    return new AppError('conflict', message, message, fieldErrors);
  }
}

/** `{ message, data }` of every successful call. */
export function ok<T>(data: T, message = 'OK'): { message: string; data: T } {
  return { message, data };
}

const FRAMEWORK_ERRORS: Record<string, { code: TErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'Empty JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'Content-Length does not match the body',
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'File is too large' },
  FST_PARTS_LIMIT: { code: 'payload_too_large', message: 'Too many parts' },
  FST_FILES_LIMIT: { code: 'payload_too_large', message: 'Too many files' },
  FST_FIELDS_LIMIT: { code: 'payload_too_large', message: 'Too many form fields' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'unsupported_media_type',
    message: 'Expected multipart/form-data',
  },
};

const CODE_BY_STATUS: Record<number, TErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

export function sendError(
  reply: FastifyReply,
  code: TErrorCode,
  message: string,
  detail = message,
  errors?: Record<string, string>,
): FastifyReply {
  const body: TErrorBody = { message, detail, code, ...(errors ? { errors } : {}) };
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

/** `/username` → `username`, `/captcha_info/captcha_code` → `captcha_info.captcha_code`. */
function fieldName(instancePath: string, fallback: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? fallback : name;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.code, error.message, error.detail, error.fieldErrors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, error.validationContext ?? 'body');
        errors[field] ??= issue.message ?? `${field} is not valid.`;
      }
      const [first] = Object.entries(errors);
      const detail = first ? `${first[0]}: ${first[1]}` : 'Invalid input';
      return sendError(reply, 'validation_failed', 'Invalid input', detail, errors);
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known.code, known.message);
    if (error.statusCode === 429) {
      return sendError(reply, 'rate_limited', 'Too many requests', error.message);
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      const code = CODE_BY_STATUS[error.statusCode] ?? 'bad_request';
      // A JSON.parse failure that slipped past the content-type parser is still the client's bad JSON.
      if (error instanceof SyntaxError) return sendError(reply, 'invalid_json', 'Malformed JSON body');
      return sendError(reply, code, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'internal_error', 'Internal Server Error', 'Something went wrong on our side');
  });
}
