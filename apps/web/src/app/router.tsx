import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoading } from '../components/page-loading';
import { RouteError } from '../components/route-error';
import { ALL_NAMESPACES, loadNamespaces } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { ADMIN_LAYOUT, ROUTE_NAMES, ROUTES, routePath, type TPageLoader, type TRoute } from '../lib/routes';
import { ensureSession, mustEnrolTwoFactor, readSessionUser } from '../lib/session';
import { clearSession } from '../lib/storage';
import { RootLayout, type TRouteHandle } from './root-layout';

/**
 * Admin screens render through React.lazy rather than the route's `lazy`: the router would fetch a route's
 * `lazy` module in parallel with its guard, so a visitor bounced to /signin would still download the console.
 * React.lazy fetches only once the guard has passed and the screen renders (inside the layouts' Suspense).
 */
function lazyAfterGuard(load: TPageLoader): ComponentType {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(ALL_NAMESPACES)]);
    return { default: Component };
  });
}

/**
 * Navigation guard (SPEC.md §4): routes outside the public list need a signed-in session. With no signed-in flag
 * but a stored access-token cookie, the session is first restored from the server (GET /user/readme/); if that
 * fails, the leftovers are cleared and the user goes to sign-in.
 */
export async function requireSession(): Promise<null> {
  if (await ensureSession()) return null;
  clearSession();
  throw redirect(routePath('login'));
}

/**
 * An admin route's guard: a session, and for a superuser without two-factor sign-in (issue #15) the enrolment
 * page before any other (the server refuses their admin calls until then).
 */
export async function requireConsole(route: TRoute): Promise<null> {
  await requireSession();
  if (route.name !== 'two-factor' && mustEnrolTwoFactor(readSessionUser())) {
    throw redirect(routePath('two-factor'));
  }
  return null;
}

/** On the first load of any page, a token without session keys (e.g. storage cleared) is turned back into a session. */
export async function restoreSessionOnLoad(): Promise<null> {
  await ensureSession();
  return null;
}

function handleOf(route: TRoute | null): TRouteHandle {
  return { routeName: route?.name ?? null };
}

function pageRoute(route: TRoute): RouteObject {
  const base: RouteObject = {
    path: route.path,
    handle: handleOf(route),
    ErrorBoundary: RouteError,
    ...(route.layout === 'admin' ? { loader: () => requireConsole(route) } : {}),
  };
  if (route.layout === 'admin') return { ...base, Component: lazyAfterGuard(route.page) };
  // Public pages: the router waits for the chunk, so the previous page stays up until the next one is ready.
  // Its texts load beside its chunk, so it renders complete rather than suspending on a namespace.
  return {
    ...base,
    lazy: async () => {
      const [Component] = await Promise.all([route.page(), loadNamespaces(route.texts)]);
      return { Component };
    },
  };
}

const routesOf = (layout: TRoute['layout']): RouteObject[] =>
  ROUTE_NAMES.map((name) => ROUTES[name])
    .filter((route) => route.layout === layout)
    .map(pageRoute);

const AdminLayout = lazyAfterGuard(ADMIN_LAYOUT);

function AdminShell() {
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminLayout />
    </Suspense>
  );
}

export const ROUTE_OBJECTS: RouteObject[] = [
  {
    Component: RootLayout,
    loader: restoreSessionOnLoad,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [...routesOf('public'), { path: '*', Component: NotFoundPage, handle: handleOf(null) }],
      },
      {
        loader: requireSession,
        Component: AdminShell,
        children: routesOf('admin'),
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(ROUTE_OBJECTS);
  setNavigator((to) => void router.navigate(to));
  return router;
}
