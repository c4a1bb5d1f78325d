import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { CookieNotice } from '../components/cookie-notice';
import { PopupHost } from '../components/ui/popup-host';
import { Toaster } from '../components/ui/toaster';
import { useDocumentHead } from '../lib/document-head';
import type { TRouteName } from '../lib/routes';

export interface TRouteHandle {
  routeName: TRouteName | null;
}

function isRouteHandle(value: unknown): value is TRouteHandle {
  return typeof value === 'object' && value !== null && 'routeName' in value;
}

/** The matched route's name; null for an unknown address (the not-found page). */
function useRouteName(): TRouteName | null {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  return handle?.routeName ?? null;
}

export function RootLayout() {
  const navigation = useNavigation();
  useDocumentHead(useRouteName());
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
