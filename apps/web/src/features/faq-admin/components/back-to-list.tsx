import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../lib/routes';

export function BackToList() {
  const { t } = useTranslation('faq-admin');
  return (
    <Link to={routePath('faq-admin')}>
      <ArrowLeftOutlined aria-hidden="true" /> {t('form.back')}
    </Link>
  );
}
