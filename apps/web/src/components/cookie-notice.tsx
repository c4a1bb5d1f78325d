import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { routePath } from '../lib/routes';
import { acceptCookieNotice, isCookieNoticeAccepted, subscribeStorage } from '../lib/storage';
import { HydrateInTurn } from './hydrate-in-turn';
import { Button } from './ui/button';

/**
 * What the HTML the app starts from shows: a prerendered page is drawn with or without the notice (the server picks
 * by the notice's cookie) and the app hydrates it only when that matches the stored flag (app/main.tsx), so
 * hydration renders the notice as the HTML has it and nothing shifts. Without a prerendered page it does not matter
 * (the client's own value is used from the first render).
 */
let htmlAccepted = true;

/** Called before rendering: at build time with the variant being written, in the browser with the stored flag. */
export function setCookieNoticeHtmlState(accepted: boolean): void {
  htmlAccepted = accepted;
}

/** SPEC.md §2: banner on top of every page until the visitor confirms it. */
export function CookieNotice() {
  const accepted = useSyncExternalStore(subscribeStorage, isCookieNoticeAccepted, () => htmlAccepted);
  if (accepted) return null;
  return (
    <HydrateInTurn>
      <CookieBanner />
    </HydrateInTurn>
  );
}

function CookieBanner() {
  const { t } = useTranslation('layout');
  return (
    <section className="cookie-notice" aria-label={t('cookie.label')}>
      <p className="cookie-notice__text">
        {t('cookie.text')}{' '}
        <a href={routePath('privacy-policy')} target="_blank" rel="noopener">
          {t('cookie.policy')}
          <span className="visually-hidden">{` ${t('common:opensInNewTab')}`}</span>
        </a>
      </p>
      <Button variant="primary" size="small" onClick={acceptCookieNotice}>
        {t('cookie.accept')}
      </Button>
    </section>
  );
}
