import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject, redirect } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoading } from '../components/page-loading';
import { RouteError } from '../components/route-error';
import { ALL_NAMESPACES, loadNamespaces } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { ADMIN_ROUTE_NAMES, PUBLIC_ROUTE_NAMES, ROUTES, routePath, type TRoute } from '../lib/routes';
import { ensureSession, mustEnrolTwoFactor, readSessionUser } from '../lib/session';
import { clearSession } from '../lib/storage';
import { handToConsole, STOREFRONT_BUILD } from './face';
import { RootLayout, type TRouteHandle } from './root-layout';
import {
  ADMIN_LAYOUT,
  ADMIN_PAGE_LOADERS,
  PUBLIC_PAGE_LOADERS,
  type TPageComponent,
  type TPageLoader,
} from './route-table';

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
  // The build-time prerender (app/prerender.tsx) has no browser session to restore.
  if (typeof window === 'undefined') return null;
  await ensureSession();
  return null;
}

function handleOf(route: TRoute | null): TRouteHandle {
  return { routeName: route?.name ?? null };
}

function pageRoute(route: TRoute, page: TPageLoader): RouteObject {
  const base: RouteObject = {
    path: route.path,
    handle: handleOf(route),
    ErrorBoundary: RouteError,
    ...(route.layout === 'admin' ? { loader: () => requireConsole(route) } : {}),
  };
  if (route.layout === 'admin') return { ...base, Component: lazyAfterGuard(page) };
  // Public pages: the router waits for the chunk, so the previous page stays up until the next one is ready.
  // Its texts load beside its chunk, so it renders complete rather than suspending on a namespace.
  return {
    ...base,
    lazy: async () => {
      const [Component] = await Promise.all([page(), loadNamespaces(route.texts)]);
      return { Component };
    },
  };
}

/** The console's paths, which the storefront's page hands to the console's page. */
const CONSOLE_PATHS: ReadonlySet<string> = new Set(ADMIN_ROUTE_NAMES.map((name) => ROUTES[name].path));

/**
 * The console: its layout and pages, behind the session guard. Not called in the storefront build, which then
 * leaves the console's page loaders (and their chunk lists) out of its entry.
 */
function consoleRoute(): RouteObject {
  const AdminLayout = lazyAfterGuard(ADMIN_LAYOUT);
  function AdminShell() {
    return (
      <Suspense fallback={<PageLoading />}>
        <AdminLayout />
      </Suspense>
    );
  }
  return {
    loader: requireSession,
    Component: AdminShell,
    children: ADMIN_ROUTE_NAMES.map((name) => pageRoute(ROUTES[name], ADMIN_PAGE_LOADERS[name])),
  };
}

/** The root route's id, for the hydration data of a prerendered page (app/main.tsx). */
export const ROOT_ROUTE_ID = 'root';

export const ROUTE_OBJECTS: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    Component: RootLayout,
    loader: restoreSessionOnLoad,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [
          ...PUBLIC_ROUTE_NAMES.map((name) => pageRoute(ROUTES[name], PUBLIC_PAGE_LOADERS[name])),
          {
            path: '*',
            Component: NotFoundPage,
            handle: handleOf(null),
            // The storefront's page does not draw the console: the browser loads the console's page instead.
            ...(STOREFRONT_BUILD ? { loader: handToConsole(CONSOLE_PATHS) } : {}),
          },
        ],
      },
      ...(STOREFRONT_BUILD ? [] : [consoleRoute()]),
    ],
  },
];

/**
 * Before hydrating a prerendered page: the lazy parts of the routes that match the address are loaded, so the
 * first render is the page itself (as prerendered), not the loading fallback.
 */
export async function resolveMatchedRoutes(location: Location): Promise<void> {
  const matches = matchRoutes(ROUTE_OBJECTS, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

/**
 * Starts the requests the matched pages always make (`TPageComponent.startRequests`), once resolveMatchedRoutes has
 * loaded them: a prerendered page's queries then take them over when it has hydrated.
 */
export function startMatchedPageRequests(location: Location): void {
  for (const { route } of matchRoutes(ROUTE_OBJECTS, location) ?? []) {
    (route.Component as TPageComponent | null | undefined)?.startRequests?.();
  }
}

/**
 * The browser's router. `prerendered`: the page's HTML came from the build (app/prerender.tsx) and is hydrated;
 * the root loader (session restore) then runs beside the first render instead of before it.
 */
export function createAppRouter({ prerendered = false }: { prerendered?: boolean } = {}) {
  const router = createBrowserRouter(
    ROUTE_OBJECTS,
    prerendered ? { hydrationData: { loaderData: { [ROOT_ROUTE_ID]: null } } } : undefined,
  );
  setNavigator((to) => void router.navigate(to));
  return router;
}
