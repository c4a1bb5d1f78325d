import table from './route-table.json';

/**
 * Typed view of route-table.json, the single route table of SPEC.md §2. Screens navigate by route name
 * (`routePath('user-edit', { id })`), never by hand-written paths.
 */
export type TRouteName = keyof typeof table.routes;
export type TLayout = 'public' | 'admin';

/** A lazily imported page: a named export of a module, path relative to apps/web (as in Vite's manifest). */
export interface TPageRef {
  module: string;
  export: string;
}

export interface TRoute {
  name: TRouteName;
  path: string;
  layout: TLayout;
  /** The admin side-navigation entry this route highlights (admin routes only). */
  nav: TRouteName | null;
  /** null: the screen is not built yet and the route shows the not-found page. */
  page: TPageRef | null;
}

interface TRawRoute {
  path: string;
  layout: string;
  nav?: string;
  page: TPageRef | null;
}

const RAW_ROUTES: Record<TRouteName, TRawRoute> = table.routes;

function isRouteName(value: string): value is TRouteName {
  return Object.hasOwn(RAW_ROUTES, value);
}

function toLayout(name: string, layout: string): TLayout {
  if (layout === 'public' || layout === 'admin') return layout;
  throw new Error(`route-table.json: route ${name} has unknown layout ${layout}`);
}

function toNav(name: string, nav: string | undefined): TRouteName | null {
  if (nav === undefined) return null;
  if (isRouteName(nav)) return nav;
  throw new Error(`route-table.json: route ${name} names unknown nav entry ${nav}`);
}

export const ROUTE_NAMES = Object.keys(RAW_ROUTES).filter(isRouteName);

export const ROUTES: Readonly<Record<TRouteName, TRoute>> = Object.fromEntries(
  ROUTE_NAMES.map((name) => {
    const raw = RAW_ROUTES[name];
    const route: TRoute = {
      name,
      path: raw.path,
      layout: toLayout(name, raw.layout),
      nav: toNav(name, raw.nav),
      page: raw.page,
    };
    return [name, route];
  }),
) as Record<TRouteName, TRoute>;

export const ADMIN_LAYOUT: TPageRef = table.layouts.admin;

/** Route names of the navigation guard's public list (SPEC.md §4): everything in the public layout. */
export const PUBLIC_ROUTE_NAMES: readonly TRouteName[] = ROUTE_NAMES.filter(
  (name) => ROUTES[name].layout === 'public',
);

export type TQuery = Record<string, string | number | boolean | null | undefined>;

/** The URL of a named route, with optional query values (edit screens take their target this way). */
export function routePath(name: TRouteName, query?: TQuery): string {
  const { path } = ROUTES[name];
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The route whose path is exactly `pathname` (a trailing slash is ignored). */
export function routeByPath(pathname: string): TRoute | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_NAMES.map((name) => ROUTES[name]).find((route) => route.path === normalised);
}

/** The admin side-navigation entry of a location, chosen by its first path segment (SPEC.md §2). */
export function adminNavFor(pathname: string): TRouteName | null {
  const segment = pathname.split('/')[1] ?? '';
  return routeByPath(`/${segment}`)?.nav ?? null;
}
