import { type ReactNode, type Ref, useId } from 'react';
import './choice-group.css';

export interface TChoiceOption<V extends string = string> {
  value: V;
  /** The option's visible text, which is also its accessible name. */
  label: ReactNode;
  disabled?: boolean;
}

export interface TChoiceState {
  checked: boolean;
  disabled: boolean;
}

export interface TChoiceGroupProps<V extends string = string> {
  /** The radios' name (one group per name in a form). */
  name: string;
  /** The visible question the choice answers; names the group. */
  legend: ReactNode;
  options: readonly TChoiceOption<V>[];
  /** The chosen value; nothing is checked while it matches no option. */
  value: V | null | undefined;
  onChange: (value: V) => void;
  /** The content of one option (its label by default); the whole segment stays the radio's label. */
  renderOption?: (option: TChoiceOption<V>, state: TChoiceState) => ReactNode;
  /** Help under the options, read with the group. */
  hint?: ReactNode;
  /** The message of the first failing rule (SPEC.md §5), under the options. */
  error?: ReactNode;
  /** Hides the legend visually but keeps it for assistive technology (use sparingly). */
  legendHidden?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** The group's id; `${id}-error` and `${id}-hint` name its error and hint regions (as lib/use-form binds them). */
  id?: string;
  className?: string;
  onBlur?: () => void;
  /** Receives the checked radio (else the first enabled one), so a form can move focus to the group. */
  ref?: Ref<HTMLInputElement> | ((element: HTMLElement | null) => void);
  /** Accepted for lib/use-form's `form.input(name)` bindings; the group sets its own. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

/**
 * A choice of one among a few options: a fieldset named by its legend (role radiogroup), native radio inputs shown
 * as joined segments. The radios share a name, so Tab enters the group at the checked option and the arrow keys
 * move the choice, as the browser does for any radio group. Spread `form.input(name)` on it (its onChange takes
 * the value) and pass `error` from `form.field(name)`.
 */
export function ChoiceGroup<V extends string = string>({
  name,
  legend,
  options,
  value,
  onChange,
  renderOption,
  hint,
  error,
  legendHidden,
  disabled = false,
  required,
  id,
  className,
  onBlur,
  ref,
  'aria-required': ariaRequired,
}: TChoiceGroupProps<V>) {
  const ownId = useId();
  const groupId = id ?? ownId;
  const legendId = `${groupId}-legend`;
  const errorId = `${groupId}-error`;
  const hintId = `${groupId}-hint`;
  const focusTarget =
    options.find((option) => option.value === value && !option.disabled) ??
    options.find((option) => !option.disabled);
  const isRequired = required ?? ariaRequired ?? false;

  return (
    <fieldset
      id={groupId}
      // ARIA in HTML allows a fieldset the radiogroup role; the legend still names it (aria-labelledby for all).
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: fieldset permits role=radiogroup.
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={hint ? `${errorId} ${hintId}` : errorId}
      aria-invalid={error ? true : undefined}
      aria-required={isRequired || undefined}
      disabled={disabled}
      className={['app-choice', error && 'app-choice--error', className].filter(Boolean).join(' ')}
    >
      <legend
        id={legendId}
        className={
          legendHidden
            ? 'visually-hidden'
            : ['app-choice__legend', isRequired && 'app-choice__legend--required'].filter(Boolean).join(' ')
        }
      >
        {legend}
      </legend>
      <div className="app-choice__options">
        {options.map((option) => {
          const checked = option.value === value;
          const optionDisabled = disabled || option.disabled === true;
          return (
            <label
              key={option.value}
              className={[
                'app-choice__option',
                checked && 'app-choice__option--checked',
                optionDisabled && 'app-choice__option--disabled',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <input
                ref={option === focusTarget ? (ref as Ref<HTMLInputElement>) : undefined}
                className="app-choice__input"
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
              />
              <span className="app-choice__content">
                {renderOption ? renderOption(option, { checked, disabled: optionDisabled }) : option.label}
              </span>
            </label>
          );
        })}
      </div>
      <div id={hintId} className="app-choice__hint" hidden={!hint}>
        {hint}
      </div>
      <div id={errorId} className="app-choice__error" aria-live="polite">
        {error}
      </div>
    </fieldset>
  );
}
