import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';
import './button.css';

type TVariant = 'primary' | 'default' | 'text' | 'link' | 'danger';
type TSize = 'small' | 'middle' | 'large';

interface TLook {
  variant?: TVariant;
  size?: TSize;
  /** Pill-shaped. */
  round?: boolean;
  /** Full width of its container. */
  block?: boolean;
  /** An icon before the label (decorative; the label names the button). */
  icon?: ReactNode;
}

export type TButtonProps = TLook &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** Busy: a spinner, the button disabled and marked busy. */
    loading?: boolean;
  };

export type TLinkButtonProps = TLook & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

function classOf({ variant = 'default', size = 'middle', round, block }: TLook, extra?: string): string {
  return [
    'app-btn',
    `app-btn--${variant}`,
    size !== 'middle' && `app-btn--${size}`,
    round && 'app-btn--round',
    block && 'app-btn--block',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The storefront's button; `type` defaults to "button" so that only the submit button submits a form. */
export function Button({
  variant,
  size,
  round,
  block,
  icon,
  loading = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: TButtonProps) {
  return (
    <button
      type={type}
      className={classOf({ variant, size, round, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <Spinner className="app-btn__icon" />
      ) : (
        icon && <span className="app-btn__icon">{icon}</span>
      )}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  );
}

/** A link that looks like a button (navigation, not an action). */
export function LinkButton({
  variant,
  size,
  round,
  block,
  icon,
  className,
  children,
  ...rest
}: TLinkButtonProps) {
  return (
    <a className={classOf({ variant, size, round, block }, className)} {...rest}>
      {icon && <span className="app-btn__icon">{icon}</span>}
      {children !== undefined && children !== null && <span>{children}</span>}
    </a>
  );
}
