import type { TMessageKey } from '@ezrecharge/shared/messages';
import type { ZodType } from 'zod';
import { type ApiError, isApiError, isMessageKey, messageKeyText } from './api-client';
import { i18n } from './i18n';

/**
 * Form validation of SPEC.md §5, the same for the storefront's own forms (lib/use-form.ts) and the console's antd
 * forms (lib/antd-form-rules.ts), driven by the shared zod schemas so that the browser and the server apply the
 * same rules and report the same messages:
 * - the shared schemas report message keys (messages.ts), shown in the active language (`validation:<key>`);
 * - any other message becomes SPEC.md's generic '{field} is not valid.'.
 */

/** A field's rule: the message to show, or undefined when the value passes. */
export type TValidator<TValue = unknown, TValues = Record<string, unknown>> = (
  value: TValue,
  values: TValues,
) => string | undefined | Promise<string | undefined>;

/** A shared message in the active language. */
export function messageTextOf(key: TMessageKey): string {
  return i18n.t(`validation:${key}`);
}

/** SPEC.md §5 generic form message, '{field} is not valid.', in the active language. */
export function invalidFieldMessage(field: string): string {
  return i18n.t('validation:field_invalid').replace('{field}', field);
}

/** The message of a value's first failing check against a zod schema, or undefined when it passes. */
export function zodMessage(schema: ZodType, label: string, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const first = result.error.issues[0]?.message ?? '';
  return isMessageKey(first) ? messageTextOf(first) : invalidFieldMessage(label);
}

/** A rule that checks the value with a zod schema and reports its first failing check. */
export function zodCheck(schema: ZodType, label: string): TValidator {
  return (value) => zodMessage(schema, label, value);
}

/**
 * zodCheck with a schema loaded on demand (lib/lazy-schemas.ts): the storefront's forms check their fields from the
 * first change or blur on, without zod in the page's first load. When the schema cannot be loaded (the connection
 * dropped), the field says so rather than pass unchecked; the next change or submit tries again.
 */
export function lazyCheck<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ZodType,
  label: string,
): TValidator {
  return async (value) => {
    let schema: ZodType;
    try {
      schema = pick(await load());
    } catch {
      return i18n.t('common:errors.network');
    }
    return zodMessage(schema, label, value);
  };
}

/** Whether the schema refuses an empty value (the field is required). */
export function isRequired(schema: ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

/**
 * A server's `errors` (SPEC.md §5: "Server-side field errors are shown under the fields") sorted by the form's
 * fields. `fields` lists the form's field names; a server name matches a field by its full dotted name, by an
 * `aliases` entry, or by its last segment (`captcha_info.captcha_code` → `captcha_code`). An error the server named
 * by its shared key (`error_keys`) is in the active language, others as sent. `unplaced` holds the messages that
 * matched no field, for the caller to show elsewhere.
 */
export function serverFieldErrors(
  error: unknown,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): { placed: Record<string, string>; unplaced: string[] } {
  const placed: Record<string, string> = {};
  const unplaced: string[] = [];
  if (!isApiError(error)) return { placed, unplaced };
  for (const [serverName, message] of Object.entries(error.fieldErrors)) {
    const text = messageKeyText(error.fieldErrorKeys[serverName]) ?? message;
    const name = fieldFor(serverName, fields, aliases);
    if (name) placed[name] = text;
    else unplaced.push(text);
  }
  return { placed, unplaced };
}

function fieldFor(
  serverName: string,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>>,
): string | undefined {
  const alias = aliases[serverName];
  if (alias) return alias;
  if (fields.includes(serverName)) return serverName;
  const last = serverName.split('.').pop() ?? serverName;
  return fields.includes(last) ? last : undefined;
}

/**
 * The text to show for a failed call in the active language. A message the server named by its shared key is
 * shown in the active language; otherwise English shows the server's message (SPEC.md §8) and other server texts
 * (English only) give way to `fallback` for their error code, then to the translation of the code itself.
 */
export function errorText(error: unknown, fallback: Readonly<Record<string, string>> = {}): string {
  if (!isApiError(error)) return i18n.t('common:errors.undefined');
  const known = messageKeyText(error.messageKey);
  if (known) return known;
  if (i18n.language === 'en' || error.kind !== 'http') return error.message;
  return localisedByCode(error, fallback) ?? error.message;
}

function localisedByCode(error: ApiError, fallback: Readonly<Record<string, string>>): string | undefined {
  const own = fallback[error.code];
  if (own) return own;
  const key = `common:errors.${error.code}`;
  return error.code && i18n.exists(key) ? i18n.t(key) : undefined;
}

export interface TFormErrorOptions {
  /** The form's field names, for placing the server's `errors`. */
  fields: readonly string[];
  aliases?: Readonly<Record<string, string>>;
  /** Texts per error code for languages the server does not speak (see errorText). */
  fallback?: Readonly<Record<string, string>>;
  /** Show the message even when every server error found its field (SPEC.md §8 profile save). */
  alwaysShowMessage?: boolean;
}

/** Where a form shows the errors the server sent for its fields. */
export type TSetFieldErrors = (errors: Record<string, string>) => void;

/**
 * A failed form submission (SPEC.md §5, §8): the server's field errors go under their fields; the message shows in
 * the error popup unless the API client already toasted it or the field errors say everything.
 */
export function reportFieldErrors(
  setFieldErrors: TSetFieldErrors,
  error: unknown,
  popup: (text: string) => void,
  { fields, aliases, fallback, alwaysShowMessage = false }: TFormErrorOptions,
): void {
  const { placed, unplaced } = serverFieldErrors(error, fields, aliases);
  setFieldErrors(placed);
  if (isApiError(error) && error.toasted) return;
  const placedCount = Object.keys(placed).length;
  if (placedCount > 0 && unplaced.length === 0 && !alwaysShowMessage) return;
  popup(errorText(error, fallback));
}
