import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoading } from '../components/page-loading';
import { RouteError } from '../components/route-error';
import { setNavigator } from '../lib/navigation';
import { ADMIN_LAYOUT, ROUTE_NAMES, ROUTES, routePath, type TPageRef, type TRoute } from '../lib/routes';
import { clearSession, isSignedIn } from '../lib/storage';
import { RootLayout, type TRouteHandle } from './root-layout';

/**
 * Every lazily loaded module the route table may name, keyed like Vite's manifest (`/src/...`). Each becomes its
 * own chunk, so the admin console never reaches a public page's first load (scripts/size-report.mjs checks).
 */
export const LAZY_MODULES = import.meta.glob<Record<string, unknown>>([
  '/src/features/*/index.ts',
  '/src/components/layouts/admin-layout.tsx',
]);

function isComponent(value: unknown): value is ComponentType {
  if (typeof value === 'function') return true;
  // memo, forwardRef and lazy components are objects tagged by React
  return typeof value === 'object' && value !== null && '$$typeof' in value;
}

export async function loadComponent(ref: TPageRef): Promise<ComponentType> {
  const load = LAZY_MODULES[`/${ref.module}`];
  if (!load) throw new Error(`route-table.json names ${ref.module}, which the router cannot load`);
  const component = (await load())[ref.export];
  if (!isComponent(component)) throw new Error(`${ref.module} has no component export ${ref.export}`);
  return component;
}

/**
 * Navigation guard (SPEC.md §4): routes outside the public list need a signed-in session; otherwise the
 * session leftovers are cleared and the user goes to sign-in. Restoring a session from a stored credential
 * belongs to the auth screens and is not done here.
 */
export function requireSession(): null {
  if (isSignedIn()) return null;
  clearSession();
  throw redirect(routePath('login'));
}

function handleOf(route: TRoute | null): TRouteHandle {
  return { routeName: route?.name ?? null };
}

function pageRoute(route: TRoute): RouteObject {
  const base: RouteObject = {
    path: route.path,
    handle: handleOf(route),
    ErrorBoundary: RouteError,
    ...(route.layout === 'admin' ? { loader: requireSession } : {}),
  };
  const page = route.page;
  if (!page) return { ...base, Component: NotFoundPage };
  return { ...base, lazy: async () => ({ Component: await loadComponent(page) }) };
}

const routesOf = (layout: TRoute['layout']): RouteObject[] =>
  ROUTE_NAMES.map((name) => ROUTES[name])
    .filter((route) => route.layout === layout)
    .map(pageRoute);

export const ROUTE_OBJECTS: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [...routesOf('public'), { path: '*', Component: NotFoundPage, handle: handleOf(null) }],
      },
      {
        loader: requireSession,
        lazy: async () => ({ Component: await loadComponent(ADMIN_LAYOUT) }),
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
