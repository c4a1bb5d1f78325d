import type { ReactNode } from 'react';
import { CheckCircleIcon, ErrorCircleIcon, ExclamationCircleIcon, InfoCircleIcon } from './ui/icons';
import './notice.css';

export type TNoticeTone = 'info' | 'success' | 'warning' | 'error';

const ICONS: Record<TNoticeTone, (props: { className: string }) => ReactNode> = {
  info: InfoCircleIcon,
  success: CheckCircleIcon,
  warning: ExclamationCircleIcon,
  error: ErrorCircleIcon,
};

interface TNoticeProps {
  tone: TNoticeTone;
  title: ReactNode;
  /** More text under the title. */
  children?: ReactNode;
  /** A control at the end of the notice (a retry button). */
  action?: ReactNode;
  /** Announced at once ('alert'), politely ('status') or not at all ('none'); by default warnings and errors alert. */
  role?: 'alert' | 'status' | 'none';
  className?: string;
}

/** A message in the flow of the page (not a toast): an icon of its tone, a title, optional text and an action. */
export function Notice({ tone, title, children, action, role, className }: TNoticeProps) {
  const Icon = ICONS[tone];
  const live = role ?? (tone === 'warning' || tone === 'error' ? 'alert' : 'status');
  return (
    <div
      className={['app-notice', `app-notice--${tone}`, className].filter(Boolean).join(' ')}
      role={live === 'none' ? undefined : live}
    >
      <Icon className="app-notice__icon" />
      <div className="app-notice__body">
        <div className="app-notice__title">{title}</div>
        {children !== undefined && children !== null && <div className="app-notice__text">{children}</div>}
      </div>
      {action && <div className="app-notice__action">{action}</div>}
    </div>
  );
}
