import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import './switch.css';

type TSwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value' | 'onChange' | 'type' | 'role'> & {
  id: string;
  /** On or off (a form binding's `value`). */
  value?: boolean;
  /** The new state, on a click on the switch or its label, Space or Enter. */
  onChange?: (checked: boolean) => void;
  ref?: Ref<HTMLElement> | ((element: HTMLElement | null) => void);
  /** The visible label beside the switch, tied to it (its accessible name); may hold a link. */
  children: ReactNode;
  /** A message under the switch (a form binding's error), announced when it appears. */
  error?: ReactNode;
  /** The id of the message region, which describes the switch. */
  errorId?: string;
  /** Handed over by a form binding's `field()`: the switch has no hint and shows no required mark. */
  hintId?: string;
  required?: boolean;
};

/**
 * An on/off switch with its visible label beside it: a `role="switch"` button (aria-checked) drawn as a track and a
 * thumb, named by a `<label for>` (a click on the label toggles it too; a link inside the label only opens the
 * link). Pairs with lib/use-form.ts: `<Switch {...form.input('x')} {...form.field('x')}>label</Switch>`.
 */
export function Switch({
  id,
  value = false,
  onChange,
  ref,
  children,
  error,
  errorId = `${id}-error`,
  className,
  hintId: _hintId,
  required: _required,
  ...buttonProps
}: TSwitchProps) {
  return (
    <div className={['app-switch', error && 'app-switch--error', className].filter(Boolean).join(' ')}>
      <span className="app-switch__row">
        <button
          ref={ref as Ref<HTMLButtonElement>}
          id={id}
          type="button"
          role="switch"
          aria-checked={value}
          className="app-switch__button"
          onClick={() => onChange?.(!value)}
          {...buttonProps}
          aria-describedby={errorId}
        >
          <span className="app-switch__thumb" />
        </button>
        <label htmlFor={id} className="app-switch__label">
          {children}
        </label>
      </span>
      <div id={errorId} className="app-switch__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}
