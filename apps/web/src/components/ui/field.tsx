import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { TFieldBinding } from '../../lib/use-form';
import { ChevronDownIcon, EyeIcon, EyeOffIcon } from './icons';
import './field.css';

export interface TFieldProps extends Partial<TFieldBinding> {
  id: string;
  /** The visible label, tied to the control (its accessible name). */
  label: ReactNode;
  /** Help under the control, read with it (aria-describedby). */
  hint?: ReactNode;
  /** Hides the label visually but keeps it for assistive technology (use sparingly). */
  labelHidden?: boolean;
  /** An element after the label on its line (e.g. a "Forgot password?" link). */
  labelExtra?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A form field: label, control, hint and the error of its first failing rule (SPEC.md §5). The error region is
 * always present, so the message is announced when it appears.
 */
export function Field({
  id,
  label,
  hint,
  labelHidden,
  labelExtra,
  error,
  errorId = `${id}-error`,
  hintId = `${id}-hint`,
  required,
  children,
  className,
}: TFieldProps) {
  return (
    <div className={['app-field', error && 'app-field--error', className].filter(Boolean).join(' ')}>
      <div className={labelHidden ? 'visually-hidden' : 'app-field__label-row'}>
        {/* The required mark is drawn by CSS, so the label's text stays exactly the field's name. */}
        <label
          className={required ? 'app-field__label app-field__label--required' : 'app-field__label'}
          htmlFor={id}
        >
          {label}
        </label>
        {labelExtra}
      </div>
      {children}
      <div id={hintId} className="app-field__hint" hidden={!hint}>
        {hint}
      </div>
      <div id={errorId} className="app-field__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}

/** Props a form binding passes that a plain element does not take as is. */
type TBound<T> = {
  value?: T;
  onChange?: (value: never) => void;
  ref?: Ref<HTMLElement> | ((element: HTMLElement | null) => void);
};

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size'> &
  TBound<string> & { onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void; prefix?: ReactNode };

export function TextInput({ className, ref, value, prefix, ...rest }: TInputProps) {
  const input = (
    <input
      ref={ref as Ref<HTMLInputElement>}
      className={['app-input', className].filter(Boolean).join(' ')}
      value={value ?? ''}
      {...rest}
    />
  );
  if (!prefix) return input;
  return (
    <span className="app-input-affix">
      <span className="app-input-affix__prefix" aria-hidden="true">
        {prefix}
      </span>
      {input}
    </span>
  );
}

/** A password input with a show/hide button. */
export function PasswordInput({ className, ref, value, ...rest }: TInputProps) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  return (
    <span className="app-input-affix">
      <input
        ref={ref as Ref<HTMLInputElement>}
        className={['app-input', className].filter(Boolean).join(' ')}
        type={shown ? 'text' : 'password'}
        value={value ?? ''}
        {...rest}
      />
      <button
        type="button"
        className="app-input-affix__button"
        aria-label={t(shown ? 'password.hide' : 'password.show')}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </span>
  );
}

type TTextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> &
  TBound<string> & {
    onChange?: (event: React.ChangeEvent<HTMLTextAreaElement>) => void;
    /** Shows "n / max" under the box. */
    showCount?: boolean;
  };

export function TextArea({ className, ref, value, showCount, maxLength, ...rest }: TTextAreaProps) {
  const text = value ?? '';
  return (
    <span className="app-textarea">
      <textarea
        ref={ref as Ref<HTMLTextAreaElement>}
        className={['app-input', className].filter(Boolean).join(' ')}
        value={text}
        maxLength={maxLength}
        {...rest}
      />
      {showCount && maxLength !== undefined && (
        <span className="app-textarea__count" aria-hidden="true">
          {`${[...text].length} / ${maxLength}`}
        </span>
      )}
    </span>
  );
}

export interface TOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type TSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> &
  TBound<string | number | null | undefined> & {
    onChange?: (event: React.ChangeEvent<HTMLSelectElement>) => void;
    options: readonly TOption[];
    placeholder?: string;
  };

/** A native select (the phone's own picker), styled like the inputs. */
export function Select({ className, ref, value, options, placeholder, ...rest }: TSelectProps) {
  const current = value === null || value === undefined ? '' : String(value);
  return (
    <span className="app-select">
      <select
        ref={ref as Ref<HTMLSelectElement>}
        className={['app-input', 'app-select__control', className].filter(Boolean).join(' ')}
        value={current}
        {...rest}
      >
        {(placeholder !== undefined || current === '') && (
          <option value="" disabled>
            {placeholder ?? ''}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="app-select__arrow" />
    </span>
  );
}

type TCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> &
  TBound<boolean> & { onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void; children: ReactNode };

/** A checkbox with its label beside it (the label is the accessible name). */
export function Checkbox({ className, ref, value, children, id, ...rest }: TCheckboxProps) {
  return (
    <label className={['app-checkbox', className].filter(Boolean).join(' ')} htmlFor={id}>
      <input ref={ref as Ref<HTMLInputElement>} id={id} type="checkbox" checked={value === true} {...rest} />
      <span>{children}</span>
    </label>
  );
}
