import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC.md §8 load failure of a detail screen: 'Oops, something went wrong!', a retry and a way back. */
export function LoadFailed({ onRetry, back }: { onRetry: () => void; back?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="error"
      title={<span role="alert">{t('oops')}</span>}
      extra={
        <>
          <Button type="primary" onClick={onRetry}>
            {t('retry')}
          </Button>
          {back}
        </>
      }
    />
  );
}
