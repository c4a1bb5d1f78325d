import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';

export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loading" role="status">
      <Spinner className="page-loading__spinner" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
