import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { ErrorCircleIcon } from './ui/icons';

/**
 * SPEC.md §8 load failure of a detail screen: 'Oops, something went wrong!' (or the screen's own `title`), a retry
 * and a way back.
 */
export function LoadFailed({
  onRetry,
  back,
  title,
}: {
  onRetry: () => void;
  back?: ReactNode;
  title?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="load-failed">
      <ErrorCircleIcon className="load-failed__icon" />
      <p className="load-failed__title" role="alert">
        {title ?? t('oops')}
      </p>
      <div className="load-failed__actions">
        <Button variant="primary" onClick={onRetry}>
          {t('retry')}
        </Button>
        {back}
      </div>
    </div>
  );
}
