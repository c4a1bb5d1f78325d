/**
 * The one route table of SPEC.md §2: each route's name, path, layout, role, side-navigation entry and texts.
 * Screens navigate by route name (`routePath('user-edit', { id })`), never by hand-written paths.
 *
 * A leaf: it imports nothing of the web (no page, feature, component or app module; dependency-cruiser checks
 * it), so the pages that import their paths from it close no import circle. The page of each route is named on the
 * app side, in app/route-table.ts, whose type asks for one page per route name here; app/router.tsx builds the
 * router from both. The build reads both files with the TypeScript parser (scripts/route-table.mjs) to tell the
 * public storefront's chunks from the console's: keep the table a plain object literal of plain strings.
 */

export type TLayout = 'public' | 'admin';

/**
 * Who a route is for: anyone (public layout), a signed-in user, or a superuser. The console guard asks for a
 * session on every admin route; superuser routes are also left out of other users' side navigation, and the server
 * refuses their calls (403).
 */
export type TRole = 'visitor' | 'user' | 'superuser';

/**
 * A public route is for visitors, has no side-navigation entry and names the locale namespaces its page needs
 * (`texts`, besides the core ones of lib/i18n.ts); an admin route names the entry it highlights (an entry is a
 * route whose `nav` is itself, shown in table order).
 */
type TRouteDeclaration<TName extends string> =
  | { path: string; layout: 'public'; role: 'visitor'; texts: readonly string[] }
  | { path: string; layout: 'admin'; role: 'user' | 'superuser'; nav: TName };

function defineRoutes<const T extends Record<string, TRouteDeclaration<Extract<keyof T, string>>>>(
  table: T,
): T {
  return table;
}

const ROUTE_TABLE = defineRoutes({
  portal: {
    path: '/',
    layout: 'public',
    role: 'visitor',
    texts: ['portal'],
  },
  login: {
    path: '/signin',
    layout: 'public',
    role: 'visitor',
    texts: ['auth'],
  },
  register: {
    path: '/signup',
    layout: 'public',
    role: 'visitor',
    texts: ['auth'],
  },
  'reset-pwsd': {
    path: '/reset-password',
    layout: 'public',
    role: 'visitor',
    texts: ['auth'],
  },
  faq: {
    path: '/faq',
    layout: 'public',
    role: 'visitor',
    texts: ['faq'],
  },
  'about-ezrecharge': {
    path: '/about-ezrecharge',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
  },
  'about-ezshop': {
    path: '/about-ezshop',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
  },
  'about-ezlivez': {
    path: '/about-ezlivez',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
  },
  'about-us': {
    path: '/about-us',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
  },
  'contact-ezrecharge': {
    path: '/contact-ezrecharge',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
  },
  'contact-ezlivez': {
    path: '/contact-ezlivez',
    layout: 'public',
    role: 'visitor',
    texts: ['feedback'],
  },
  'privacy-policy': {
    path: '/privacy-policy',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
  },
  'terms-conditions': {
    path: '/terms-conditions',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
  },
  'refund-policy': {
    path: '/refund-policy',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
  },
  recharge: {
    path: '/recharge',
    layout: 'public',
    role: 'visitor',
    texts: ['recharge', 'orders'],
  },
  'home-order': {
    path: '/home-order',
    layout: 'public',
    role: 'visitor',
    texts: ['orders'],
  },
  ezrecharge: {
    path: '/ezrecharge',
    layout: 'admin',
    role: 'user',
    nav: 'ezrecharge',
  },
  order: {
    path: '/order',
    layout: 'admin',
    role: 'user',
    nav: 'order',
  },
  rewards: {
    path: '/rewards',
    layout: 'admin',
    role: 'user',
    nav: 'rewards',
  },
  profile: {
    path: '/profile',
    layout: 'admin',
    role: 'user',
    nav: 'profile',
  },
  'two-factor': {
    path: '/two-factor',
    layout: 'admin',
    role: 'user',
    nav: 'profile',
  },
  user: {
    path: '/user',
    layout: 'admin',
    role: 'superuser',
    nav: 'user',
  },
  'user-add': {
    path: '/user-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'user',
  },
  'user-edit': {
    path: '/user-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'user',
  },
  product: {
    path: '/product',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
  },
  'product-add': {
    path: '/product-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
  },
  'product-edit': {
    path: '/product-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
  },
  price: {
    path: '/price',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
  },
  'price-add': {
    path: '/price-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
  },
  'price-edit': {
    path: '/price-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
  },
  'faq-admin': {
    path: '/faq-admin',
    layout: 'admin',
    role: 'superuser',
    nav: 'faq-admin',
  },
  'faq-add': {
    path: '/faq-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'faq-admin',
  },
  'faq-edit': {
    path: '/faq-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'faq-admin',
  },
  promotion: {
    path: '/promotion',
    layout: 'admin',
    role: 'superuser',
    nav: 'promotion',
  },
  'promotion-add': {
    path: '/promotion-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'promotion',
  },
  'promotion-edit': {
    path: '/promotion-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'promotion',
  },
  'spin-prizes': {
    path: '/spin-prizes',
    layout: 'admin',
    role: 'superuser',
    nav: 'spin-prizes',
  },
  feedback: {
    path: '/feedback',
    layout: 'admin',
    role: 'superuser',
    nav: 'feedback',
  },
  sales: {
    path: '/sales',
    layout: 'admin',
    role: 'superuser',
    nav: 'sales',
  },
  reconciliation: {
    path: '/reconciliation',
    layout: 'admin',
    role: 'superuser',
    nav: 'reconciliation',
  },
  risk: {
    path: '/risk',
    layout: 'admin',
    role: 'superuser',
    nav: 'risk',
  },
  jobs: {
    path: '/jobs',
    layout: 'admin',
    role: 'superuser',
    nav: 'jobs',
  },
});

type TRouteTable = typeof ROUTE_TABLE;
export type TRouteName = keyof TRouteTable;

/** The routes of each layout: the storefront's pages, and the console's (app/route-table.ts loads them apart). */
export type TPublicRouteName = {
  [N in TRouteName]: TRouteTable[N]['layout'] extends 'public' ? N : never;
}[TRouteName];
export type TAdminRouteName = Exclude<TRouteName, TPublicRouteName>;

/** The side-navigation entries: every value an admin route gives `nav`. */
export type TNavName = {
  [N in TRouteName]: TRouteTable[N] extends { nav: infer E } ? E : never;
}[TRouteName];

export interface TRoute {
  name: TRouteName;
  path: string;
  layout: TLayout;
  role: TRole;
  /** The admin side-navigation entry this route highlights (admin routes only). */
  nav: TNavName | null;
  /**
   * The locale namespaces the page needs (public routes; loaded with the page, in the active language only). The
   * console loads every namespace when it opens.
   */
  texts: readonly string[];
}

function toRoute(name: TRouteName): TRoute {
  const declared = ROUTE_TABLE[name];
  return {
    name,
    path: declared.path,
    layout: declared.layout,
    role: declared.role,
    nav: 'nav' in declared ? declared.nav : null,
    texts: 'texts' in declared ? declared.texts : [],
  };
}

function isRouteName(value: string): value is TRouteName {
  return Object.hasOwn(ROUTE_TABLE, value);
}

/** Route names in table order. */
export const ROUTE_NAMES: readonly TRouteName[] = Object.keys(ROUTE_TABLE).filter(isRouteName);

export const ROUTES: Readonly<Record<TRouteName, TRoute>> = Object.fromEntries(
  ROUTE_NAMES.map((name) => [name, toRoute(name)]),
) as Record<TRouteName, TRoute>;

function isPublicRouteName(name: TRouteName): name is TPublicRouteName {
  return ROUTES[name].layout === 'public';
}

function isAdminRouteName(name: TRouteName): name is TAdminRouteName {
  return ROUTES[name].layout === 'admin';
}

/** Route names of the navigation guard's public list (SPEC.md §4): everything in the public layout. */
export const PUBLIC_ROUTE_NAMES: readonly TPublicRouteName[] = ROUTE_NAMES.filter(isPublicRouteName);

/** The console's route names (admin layout), in table order. */
export const ADMIN_ROUTE_NAMES: readonly TAdminRouteName[] = ROUTE_NAMES.filter(isAdminRouteName);

export interface TNavEntry {
  name: TNavName;
  /** Shown to superusers only. */
  superuserOnly: boolean;
}

/** The admin side navigation of SPEC.md §2, in display order (table order). */
export const NAV_ENTRIES: readonly TNavEntry[] = ROUTE_NAMES.flatMap((name) => {
  const route = ROUTES[name];
  return route.nav === name ? [{ name: route.nav, superuserOnly: route.role === 'superuser' }] : [];
});

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
export function adminNavFor(pathname: string): TNavName | null {
  const segment = pathname.split('/')[1] ?? '';
  return routeByPath(`/${segment}`)?.nav ?? null;
}
