import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../lib/routes';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title" className="status-page__title">
        {t('notFound.title')}
      </h1>
      <p className="status-page__text">{t('notFound.description')}</p>
      <Link className="button-link" to={routePath('portal')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
