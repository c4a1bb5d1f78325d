import { POPUP_WIDTH } from '@ezrecharge/shared/limits';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

export interface TDialogProps {
  open: boolean;
  /** The heading; names the dialog. */
  title: ReactNode;
  children?: ReactNode;
  /** The buttons row. */
  footer?: ReactNode;
  /** Escape, the close button or a click on the backdrop. */
  onClose: () => void;
  /** `alertdialog` for messages that interrupt (errors). */
  role?: 'dialog' | 'alertdialog';
  icon?: ReactNode;
  /** SPEC.md §9: popups are 500 px wide (narrower screens: the screen less a margin). */
  width?: number;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the rest of the page inert, traps focus,
 * closes on Escape and returns focus to where it was. Where `showModal` is missing (old browsers, jsdom) it opens
 * as a plain open dialog.
 */
export function Dialog({
  open,
  title,
  children,
  footer,
  onClose,
  role = 'dialog',
  icon,
  width = POPUP_WIDTH,
  className,
}: TDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      before?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={className ? `app-dialog ${className}` : 'app-dialog'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      style={{ width: `min(${width}px, calc(100vw - 32px))` }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="app-dialog__panel">
        <div className="app-dialog__head">
          {icon}
          <h2 id={titleId} className="app-dialog__title">
            {title}
          </h2>
        </div>
        {children && (
          <div id={bodyId} className="app-dialog__body">
            {children}
          </div>
        )}
        {footer && <div className="app-dialog__footer">{footer}</div>}
      </div>
    </dialog>
  );
}
