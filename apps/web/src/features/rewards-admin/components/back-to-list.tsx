import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../lib/routes';

export function BackToList() {
  const { t } = useTranslation('rewards-admin');
  return (
    <Link to={routePath('promotion')}>
      <ArrowLeftOutlined aria-hidden="true" /> {t('form.back')}
    </Link>
  );
}
