import { useTranslation } from 'react-i18next';
import { UnderDevelopment } from './under-development';

export function AboutEzlivezPage() {
  const { t } = useTranslation('content');
  return <UnderDevelopment title={t('underDevelopment.ezlivezTitle')} />;
}
