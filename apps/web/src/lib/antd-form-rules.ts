import type { FormInstance, FormItemProps } from 'antd';
import type { ZodType } from 'zod';
import {
  isRequired,
  reportFieldErrors,
  serverFieldErrors,
  type TFormErrorOptions,
  zodMessage,
} from './form-rules';

/**
 * lib/form-rules.ts for the console's antd forms: a field's rules run on blur and on change and stop at the first
 * failing rule (SPEC.md §5); the server's field errors are set on the antd form.
 */

type TRules = NonNullable<FormItemProps['rules']>;
export type TRule = TRules[number];

export const VALIDATE_TRIGGER = ['onBlur', 'onChange'];

/** A single antd rule that checks the value with a zod schema and reports its first failing check. */
export function zodRule(schema: ZodType, label: string): TRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = zodMessage(schema, label, value);
      if (message !== undefined) throw new Error(message);
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
    required: isRequired(schema),
  };
}

function setOn(form: FormInstance) {
  return (errors: Record<string, string>) =>
    form.setFields(Object.entries(errors).map(([name, text]) => ({ name, errors: [text] })));
}

/** Shows a server's field errors on the antd form; returns the messages that matched no field. */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): string[] {
  const { placed, unplaced } = serverFieldErrors(error, fields, aliases);
  setOn(form)(placed);
  return unplaced;
}

/** reportFieldErrors (lib/form-rules.ts) on an antd form. */
export function reportFormError(
  form: FormInstance,
  error: unknown,
  popup: (text: string) => void,
  options: TFormErrorOptions,
): void {
  reportFieldErrors(setOn(form), error, popup, options);
}
