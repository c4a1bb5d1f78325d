import {
  ERROR_STATUS,
  isMessageKey,
  MESSAGES,
  MSG,
  messageText,
  type TErrorBody,
  type TErrorCode,
  type TMessageKey,
} from '@ezrecharge/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * The one place where failures become HTTP answers (DESIGN.md §4). Services throw AppError with a stable code;
 * framework errors (bad JSON, wrong content type, body too large, schema validation) are mapped here too, so no
 * route shapes an error body by hand and nothing unexpected leaks as a stack trace or SQL text.
 *
 * Messages are given as shared message keys (`MSG.user_not_found`) wherever one fits: the body then carries the
 * English text and the key (`message` + `message_key`, `errors` + `error_keys`), and the web shows the key in the
 * buyer's language. Any other string is a text of its own and is sent as it is.
 */
export class AppError extends Error {
  override name = 'AppError';
  /** The shared key of the message, when it was given as one. */
  readonly messageKey: TMessageKey | undefined;
  readonly detail: string;
  constructor(
    readonly code: TErrorCode,
    message: TMessageKey | (string & {}),
    detail?: string,
    /** Field → message key (or a text of its own). */
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(messageText(message));
    this.messageKey = isMessageKey(message) ? message : undefined;
    this.detail = detail ?? this.message;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static badRequest(message: TMessageKey | (string & {}), fieldErrors?: Record<string, string>): AppError {
    return new AppError(fieldErrors ? 'validation_failed' : 'bad_request', message, undefined, fieldErrors);
  }
  static unauthorized(detail = 'Not authenticated'): AppError {
    return new AppError('unauthorized', 'Unauthorized', detail);
  }
  static forbidden(detail = 'You are not allowed to do this'): AppError {
    return new AppError('forbidden', 'Forbidden', detail);
  }
  /** `message`: a shared message key (e.g. MSG.user_not_found), so the web can show it in the buyer's language. */
  static notFound(message: TMessageKey): AppError {
    return new AppError('not_found', message);
  }
  static conflict(message: TMessageKey | (string & {}), fieldErrors?: Record<string, string>): AppError {
    return new AppError('conflict', message, undefined, fieldErrors);
  }
}

/** `{ message, data }` of every successful call; a message given as a shared key also carries `message_key`. */
export function ok<T>(
  data: T,
  message: TMessageKey | (string & {}) = 'OK',
): { message: string; message_key?: TMessageKey; data: T } {
  return isMessageKey(message)
    ? { message: MESSAGES[message], message_key: message, data }
    : { message, data };
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
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: MSG.file_too_large },
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

/**
 * The error body. `message` and each `errors` value may be a shared message key: it is sent as its English text,
 * with the key beside it (`message_key`, `error_keys`).
 */
export function sendError(
  reply: FastifyReply,
  code: TErrorCode,
  message: string,
  detail?: string,
  errors?: Record<string, string>,
): FastifyReply {
  const text = messageText(message);
  const body: TErrorBody = { message: text, detail: detail ?? text, code };
  if (isMessageKey(message)) body.message_key = message;
  if (errors) {
    body.errors = {};
    const keys: Record<string, TMessageKey> = {};
    for (const [field, value] of Object.entries(errors)) {
      body.errors[field] = messageText(value);
      if (isMessageKey(value)) keys[field] = value;
    }
    if (Object.keys(keys).length > 0) body.error_keys = keys;
  }
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
      return sendError(reply, error.code, error.messageKey ?? error.message, error.detail, error.fieldErrors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, error.validationContext ?? 'body');
        errors[field] ??= issue.message ?? `${field} is not valid.`;
      }
      const [first] = Object.entries(errors);
      const detail = first ? `${first[0]}: ${messageText(first[1])}` : 'Invalid input';
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
