import { ERROR_TOAST_WIDTH, TOAST_WIDTH } from '@ezrecharge/shared/limits';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentToasts, dismissToast, subscribeToasts, type TToast } from '../../lib/toast';
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon } from './icons';
import './toaster.css';

/**
 * One toast: stays `duration` ms with a shrinking progress bar, pauses while hovered or focused (so it can be read
 * and closed), closes on its button. Errors are alerts (read out at once), successes polite status messages.
 */
function ToastItem({ item }: { item: TToast }) {
  const { t } = useTranslation('common');
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.duration);
  const startedAt = useRef(0);

  useEffect(() => {
    if (paused) return;
    startedAt.current = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, item.id]);

  const width = item.kind === 'error' ? ERROR_TOAST_WIDTH : TOAST_WIDTH;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the toast is a status or alert (role below); hover and focus only pause its timer
    <div
      className={`app-toast app-toast--${item.kind}`}
      role={item.kind === 'error' ? 'alert' : 'status'}
      style={{ width }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {item.kind === 'error' ? (
        <ErrorCircleIcon className="app-toast__icon" />
      ) : (
        <CheckCircleIcon className="app-toast__icon" />
      )}
      <p className="app-toast__text">{item.text}</p>
      <button
        type="button"
        className="app-toast__close"
        aria-label={t('toasts.close')}
        onClick={() => dismissToast(item.id)}
      >
        <CloseIcon />
      </button>
      <span
        className="app-toast__progress"
        aria-hidden="true"
        style={{ animationDuration: `${item.duration}ms`, animationPlayState: paused ? 'paused' : 'running' }}
      />
    </div>
  );
}

/** The toast column, top right (SPEC.md §9); mounted once for the storefront and the console alike. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <div className="app-toaster">
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </div>
  );
}
