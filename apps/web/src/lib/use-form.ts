import { type ChangeEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import type { TValidator } from './form-rules';

/**
 * The storefront's forms (SPEC.md §5) without a form library: each field's rules run on change and on blur and stop
 * at the first failing rule; submit runs every field's rules and moves focus to the first field in error; the
 * server's field errors are set with `setErrors`. Pair with components/ui/field.tsx:
 *
 *   const form = useForm({ initial: { email: '' }, rules: { email: [zodCheck(ZEmail, label)] } });
 *   <form onSubmit={form.handleSubmit(send)} noValidate>
 *     <Field label={label} {...form.field('email')}><TextInput {...form.input('email')} /></Field>
 */
type TValues = Record<string, unknown>;
export type TRules<V extends TValues> = { [K in keyof V]?: ReadonlyArray<TValidator<V[K], V>> };
export type TErrors<V extends TValues> = Partial<Record<keyof V & string, string>>;

export interface TFieldBinding {
  id: string;
  error?: string;
  errorId: string;
  hintId: string;
  required: boolean;
}

export interface TInputBinding<T> {
  id: string;
  name: string;
  value: T;
  onChange: (
    eventOrValue: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement> | T,
  ) => void;
  onBlur: () => void;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string;
  'aria-required': boolean | undefined;
  ref: (element: HTMLElement | null) => void;
}

export interface TForm<V extends TValues> {
  values: V;
  errors: TErrors<V>;
  submitting: boolean;
  setValue: <K extends keyof V & string>(name: K, value: V[K], validate?: boolean) => void;
  setValues: (values: Partial<V>) => void;
  setErrors: (errors: Record<string, string>) => void;
  /** Removes the messages of these fields (what they said no longer holds). */
  clearErrors: (names: readonly (keyof V & string)[]) => void;
  validateField: <K extends keyof V & string>(name: K, value?: V[K]) => Promise<boolean>;
  /** Every field's rules; focuses the first field in error. */
  validate: () => Promise<boolean>;
  /** Props for the Field around the control. */
  field: (name: keyof V & string) => TFieldBinding;
  /** Props for the control (input, textarea, select or a custom control taking value/onChange). */
  input: <K extends keyof V & string>(name: K) => TInputBinding<V[K]>;
  /** An onSubmit handler: prevents the page load, validates, then calls `submit` with the values. */
  handleSubmit: (submit: (values: V) => unknown) => (event?: { preventDefault: () => void }) => Promise<void>;
  reset: (values?: V) => void;
}

function isChangeEvent(value: unknown): value is ChangeEvent<HTMLInputElement> {
  return typeof value === 'object' && value !== null && 'target' in value && 'nativeEvent' in value;
}

function valueOfEvent(
  event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
): unknown {
  const target = event.target;
  if (target instanceof HTMLInputElement && target.type === 'checkbox') return target.checked;
  return target.value;
}

export function useForm<V extends TValues>({
  initial,
  rules = {},
  required = [],
}: {
  initial: V;
  rules?: TRules<V>;
  /** Fields to mark required (aria-required and the label's mark); rules still decide what is valid. */
  required?: ReadonlyArray<keyof V & string>;
}): TForm<V> {
  const formId = useId();
  const [values, setValuesState] = useState<V>(initial);
  const [errors, setErrorsState] = useState<TErrors<V>>({});
  const [submitting, setSubmitting] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const elements = useRef(new Map<string, HTMLElement>());
  // The latest run per field wins, so a slow rule cannot overwrite the message of a later value.
  const runs = useRef(new Map<string, number>());

  const check = useCallback(async (name: string, value: unknown, all: V): Promise<string | undefined> => {
    const list = (rulesRef.current as Record<string, ReadonlyArray<TValidator<unknown, V>> | undefined>)[
      name
    ];
    for (const rule of list ?? []) {
      const message = await rule(value, all);
      if (message !== undefined) return message;
    }
    return undefined;
  }, []);

  const validateField = useCallback(
    async (name: string, value?: unknown): Promise<boolean> => {
      const all = valuesRef.current;
      const run = (runs.current.get(name) ?? 0) + 1;
      runs.current.set(name, run);
      const message = await check(name, value === undefined ? all[name] : value, all);
      if (runs.current.get(name) !== run) return message === undefined;
      setErrorsState((previous) => {
        if (previous[name as keyof V & string] === message) return previous;
        const next = { ...previous };
        if (message === undefined) delete next[name as keyof V & string];
        else next[name as keyof V & string] = message;
        return next;
      });
      return message === undefined;
    },
    [check],
  );

  const setValue = useCallback(
    (name: string, value: unknown, validate = true) => {
      const next = { ...valuesRef.current, [name]: value } as V;
      valuesRef.current = next;
      setValuesState(next);
      if (validate) void validateField(name, value);
    },
    [validateField],
  );

  const validate = useCallback(async (): Promise<boolean> => {
    const all = valuesRef.current;
    const names = Object.keys(rulesRef.current);
    const messages = await Promise.all(names.map((name) => check(name, all[name], all)));
    const next: TErrors<V> = {};
    names.forEach((name, i) => {
      const message = messages[i];
      if (message !== undefined) next[name as keyof V & string] = message;
    });
    setErrorsState(next);
    const firstBad = names.find((name) => next[name as keyof V & string] !== undefined);
    if (firstBad) elements.current.get(firstBad)?.focus();
    return firstBad === undefined;
  }, [check]);

  const idOf = useCallback((name: string) => `${formId}-${name}`, [formId]);
  const requiredSet = useMemo(() => new Set<string>(required), [required]);

  return {
    values,
    errors,
    submitting,
    setValue: setValue as TForm<V>['setValue'],
    setValues: (partial) => {
      const next = { ...valuesRef.current, ...partial };
      valuesRef.current = next;
      setValuesState(next);
    },
    setErrors: (serverErrors) => {
      setErrorsState((previous) => ({ ...previous, ...serverErrors }));
      const first = Object.keys(serverErrors)[0];
      if (first) elements.current.get(first)?.focus();
    },
    clearErrors: (names) => {
      setErrorsState((previous) => {
        const next = { ...previous };
        for (const name of names) delete next[name];
        return next;
      });
    },
    validateField: validateField as TForm<V>['validateField'],
    validate,
    field: (name) => ({
      id: idOf(name),
      error: errors[name],
      errorId: `${idOf(name)}-error`,
      hintId: `${idOf(name)}-hint`,
      required: requiredSet.has(name),
    }),
    input: (name) => ({
      id: idOf(name),
      name,
      value: values[name],
      onChange: (eventOrValue) =>
        setValue(name, isChangeEvent(eventOrValue) ? valueOfEvent(eventOrValue) : eventOrValue),
      onBlur: () => void validateField(name),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': `${idOf(name)}-error ${idOf(name)}-hint`,
      'aria-required': requiredSet.has(name) || undefined,
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    }),
    handleSubmit: (submit) => async (event) => {
      event?.preventDefault();
      if (submitting) return;
      if (!(await validate())) return;
      setSubmitting(true);
      try {
        await submit(valuesRef.current);
      } finally {
        setSubmitting(false);
      }
    },
    reset: (next = initial) => {
      valuesRef.current = next;
      setValuesState(next);
      setErrorsState({});
    },
  };
}
