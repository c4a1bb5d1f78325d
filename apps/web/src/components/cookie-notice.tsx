import { COOKIE_ACCEPTED_VALUE } from '@ezrecharge/shared/limits';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { routePath } from '../lib/routes';
import { readLocal, STORAGE_KEYS, subscribeStorage, writeLocal } from '../lib/storage';
import { Button } from './ui/button';

function isAccepted(): boolean {
  return readLocal(STORAGE_KEYS.cookieAccepted) === COOKIE_ACCEPTED_VALUE;
}

/** SPEC.md §2: banner on top of every page until the visitor confirms it. */
export function CookieNotice() {
  const { t } = useTranslation('layout');
  const accepted = useSyncExternalStore(subscribeStorage, isAccepted, () => true);
  if (accepted) return null;
  return (
    <section className="cookie-notice" aria-label={t('cookie.label')}>
      <p className="cookie-notice__text">
        {t('cookie.text')}{' '}
        <a href={routePath('privacy-policy')} target="_blank" rel="noopener">
          {t('cookie.policy')}
          <span className="visually-hidden">{` ${t('common:opensInNewTab')}`}</span>
        </a>
      </p>
      <Button
        variant="primary"
        size="small"
        onClick={() => writeLocal(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE)}
      >
        {t('cookie.accept')}
      </Button>
    </section>
  );
}
