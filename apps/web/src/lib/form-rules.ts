import { isMessageKey, type TMessageKey } from '@ezrecharge/shared/messages';
import type { FormInstance, FormItemProps } from 'antd';
import type { ZodType } from 'zod';
import { type ApiError, isApiError, messageKeyText } from './api-client';
import { i18n } from './i18n';

/**
 * Form validation of SPEC.md §5 on antd forms, driven by the shared zod schemas so that the browser and the
 * server apply the same rules and report the same messages:
 * - a field's rules run on blur and on change (not on every input event of a composition) and stop at the first
 *   failing rule;
 * - the shared schemas report message keys (messages.ts), shown in the active language (`validation:<key>`);
 * - any other message becomes SPEC.md's generic '{field} is not valid.'.
 */

type TRules = NonNullable<FormItemProps['rules']>;
export type TRule = TRules[number];

export const VALIDATE_TRIGGER = ['onBlur', 'onChange'];

/** A shared message in the active language. */
export function messageTextOf(key: TMessageKey): string {
  return i18n.t(`validation:${key}`);
}

/** SPEC.md §5 generic form message, '{field} is not valid.', in the active language. */
export function invalidFieldMessage(field: string): string {
  return i18n.t('validation:field_invalid').replace('{field}', field);
}

/** A single antd rule that checks the value with a zod schema and reports its first failing check. */
export function zodRule(schema: ZodType, label: string): TRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) return;
      const first = result.error.issues[0]?.message ?? '';
      throw new Error(isMessageKey(first) ? messageTextOf(first) : invalidFieldMessage(label));
    },
  };
}

/**
 * Props for a Form.Item: the zod rule (plus any `extra` rules, run after it), the SPEC.md triggers, stop at the
 * first failure, and the required mark when the schema refuses an empty value.
 */
export function fieldRules(
  schema: ZodType,
  label: string,
  extra: TRules = [],
): Pick<FormItemProps, 'rules' | 'validateTrigger' | 'validateFirst' | 'required' | 'label'> {
  return {
    label,
    rules: [zodRule(schema, label), ...extra],
    validateTrigger: VALIDATE_TRIGGER,
    validateFirst: true,
    required: !schema.safeParse(undefined).success,
  };
}

/**
 * Shows a server's `errors` (SPEC.md §5: "Server-side field errors are shown under the fields") on the form.
 * `fields` lists the form's field names; a server name matches a field by its full dotted name, by an `aliases`
 * entry, or by its last segment (`captcha_info.captcha_code` → `captcha_code`). An error the server named by its
 * shared key (`error_keys`) shows in the active language, others as sent. Returns the messages that matched no
 * field, for the caller to show elsewhere.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): string[] {
  if (!isApiError(error)) return [];
  const placed: Array<{ name: string; errors: string[] }> = [];
  const unplaced: string[] = [];
  for (const [serverName, message] of Object.entries(error.fieldErrors)) {
    const text = messageKeyText(error.fieldErrorKeys[serverName]) ?? message;
    const name = fieldFor(serverName, fields, aliases);
    if (name) placed.push({ name, errors: [text] });
    else unplaced.push(text);
  }
  form.setFields(placed);
  return unplaced;
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

/**
 * A failed form submission (SPEC.md §5, §8): the server's field errors go under their fields; the message shows in
 * the error popup unless the API client already toasted it or the field errors say everything.
 */
export function reportFormError(
  form: FormInstance,
  error: unknown,
  popup: (text: string) => void,
  { fields, aliases, fallback, alwaysShowMessage = false }: TFormErrorOptions,
): void {
  const unplaced = applyServerErrors(form, error, fields, aliases);
  if (isApiError(error) && error.toasted) return;
  const placed = isApiError(error) ? Object.keys(error.fieldErrors).length - unplaced.length : 0;
  if (placed > 0 && unplaced.length === 0 && !alwaysShowMessage) return;
  popup(errorText(error, fallback));
}
