import { useTranslation } from 'react-i18next';
import { UnderDevelopment } from './under-development';

export function AboutEzshopPage() {
  const { t } = useTranslation('content');
  return <UnderDevelopment title={t('underDevelopment.ezshopTitle')} />;
}
