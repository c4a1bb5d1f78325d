import { z } from 'zod';

/**
 * Stable error codes the server returns in `code`; the web maps each to an i18n key (`errors.<code>`).
 * The HTTP status of each code is fixed here so both sides agree (DESIGN.md §4).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as TErrorCode[];

/**
 * The error body of every failed API call. `errors` maps a field name to its first failed rule (English);
 * `message_key` and `error_keys` name the shared message (messages.ts) of the message and of each field error where
 * there is one, for clients that show them in another language.
 */
export const ZErrorBody = z.object({
  message: z.string(),
  detail: z.string(),
  code: z.string(),
  message_key: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  error_keys: z.record(z.string(), z.string()).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
