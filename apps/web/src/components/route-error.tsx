import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';

/** Shown when a page fails to load or render, e.g. a chunk that vanished after a new deployment. */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <section className="status-page" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="status-page__title">
        {t('routeError.title')}
      </h1>
      <p className="status-page__text">{t('routeError.description')}</p>
      <Button variant="primary" size="large" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </section>
  );
}
