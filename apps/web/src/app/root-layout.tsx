import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { CookieNotice } from '../components/cookie-notice';
import { PopupHost } from '../components/ui/popup-host';
import { Toaster } from '../components/ui/toaster';
import type { TRouteName } from '../lib/routes';

export interface TRouteHandle {
  routeName: TRouteName | null;
}

function isRouteHandle(value: unknown): value is TRouteHandle {
  return typeof value === 'object' && value !== null && 'routeName' in value;
}

/** Document title from the matched route; unknown addresses are titled as not found. */
function useDocumentTitle(): void {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  const name = handle?.routeName ?? null;
  const page = name ? t(`routes.${name}`) : t('notFound.title');
  const title = `${page} | ${t('titleSuffix')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  return (
    <>
      {navigation.state !== 'idle' && <div className="route-progress" aria-hidden="true" />}
      <CookieNotice />
      <Outlet />
      <Toaster />
      <PopupHost />
      <ScrollRestoration />
    </>
  );
}
