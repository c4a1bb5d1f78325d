import type { ComponentType } from 'react';

/**
 * The one route table of SPEC.md §2. Screens navigate by route name (`routePath('user-edit', { id })`), never by
 * hand-written paths; the router (app/router.tsx) builds itself from it; scripts/size-report.mjs reads this file
 * (scripts/route-table.mjs) to tell the public storefront's chunks from the console's.
 *
 * Each page is a typed lazy import, so a page module or export that does not exist is a type error. The imports are
 * dynamic on purpose: this module sits in every first load, and each page must stay a chunk of its own that only
 * its route downloads. Keep every page in the form `() => import('…').then((m) => m.Page)` (the size report reads
 * it), naming a feature's public index.
 */

export type TLayout = 'public' | 'admin';

/**
 * Who a route is for: anyone (public layout), a signed-in user, or a superuser. The console guard asks for a
 * session on every admin route; superuser routes are also left out of other users' side navigation, and the server
 * refuses their calls (403).
 */
export type TRole = 'visitor' | 'user' | 'superuser';

/** A lazily imported screen. */
export type TPageLoader = () => Promise<ComponentType>;

/**
 * A public route is for visitors, has no side-navigation entry and names the locale namespaces its page needs
 * (`texts`, besides the core ones of lib/i18n.ts); an admin route names the entry it highlights (an entry is a
 * route whose `nav` is itself, shown in table order).
 */
type TRouteDeclaration<TName extends string> =
  | { path: string; layout: 'public'; role: 'visitor'; texts: readonly string[]; page: TPageLoader }
  | { path: string; layout: 'admin'; role: 'user' | 'superuser'; nav: TName; page: TPageLoader };

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
    page: () => import('../features/portal').then((m) => m.PortalPage),
  },
  login: {
    path: '/signin',
    layout: 'public',
    role: 'visitor',
    texts: ['auth'],
    page: () => import('../features/auth').then((m) => m.SignInPage),
  },
  register: {
    path: '/signup',
    layout: 'public',
    role: 'visitor',
    texts: ['auth'],
    page: () => import('../features/auth').then((m) => m.SignUpPage),
  },
  'reset-pwsd': {
    path: '/reset-password',
    layout: 'public',
    role: 'visitor',
    texts: ['auth'],
    page: () => import('../features/auth').then((m) => m.ResetPasswordPage),
  },
  faq: {
    path: '/faq',
    layout: 'public',
    role: 'visitor',
    texts: ['faq'],
    page: () => import('../features/faq').then((m) => m.FaqPage),
  },
  'about-ezrecharge': {
    path: '/about-ezrecharge',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
    page: () => import('../features/content').then((m) => m.AboutEzrechargePage),
  },
  'about-ezshop': {
    path: '/about-ezshop',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
    page: () => import('../features/content').then((m) => m.AboutEzshopPage),
  },
  'about-ezlivez': {
    path: '/about-ezlivez',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
    page: () => import('../features/content').then((m) => m.AboutEzlivezPage),
  },
  'about-us': {
    path: '/about-us',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
    page: () => import('../features/content').then((m) => m.AboutUsPage),
  },
  'contact-ezrecharge': {
    path: '/contact-ezrecharge',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
    page: () => import('../features/content').then((m) => m.ContactEzrechargePage),
  },
  'contact-ezlivez': {
    path: '/contact-ezlivez',
    layout: 'public',
    role: 'visitor',
    texts: ['feedback'],
    page: () => import('../features/feedback').then((m) => m.ContactEzlivezPage),
  },
  'privacy-policy': {
    path: '/privacy-policy',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
    page: () => import('../features/content').then((m) => m.PrivacyPolicyPage),
  },
  'terms-conditions': {
    path: '/terms-conditions',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
    page: () => import('../features/content').then((m) => m.TermsConditionsPage),
  },
  'refund-policy': {
    path: '/refund-policy',
    layout: 'public',
    role: 'visitor',
    texts: ['content'],
    page: () => import('../features/content').then((m) => m.RefundPolicyPage),
  },
  recharge: {
    path: '/recharge',
    layout: 'public',
    role: 'visitor',
    texts: ['recharge', 'orders'],
    page: () => import('../features/recharge').then((m) => m.RechargePage),
  },
  'home-order': {
    path: '/home-order',
    layout: 'public',
    role: 'visitor',
    texts: ['orders'],
    page: () => import('../features/orders').then((m) => m.OrderResultPage),
  },
  ezrecharge: {
    path: '/ezrecharge',
    layout: 'admin',
    role: 'user',
    nav: 'ezrecharge',
    page: () => import('../features/recharge').then((m) => m.EzRechargePage),
  },
  order: {
    path: '/order',
    layout: 'admin',
    role: 'user',
    nav: 'order',
    page: () => import('../features/orders').then((m) => m.OrderListPage),
  },
  rewards: {
    path: '/rewards',
    layout: 'admin',
    role: 'user',
    nav: 'rewards',
    page: () => import('../features/rewards').then((m) => m.RewardsPage),
  },
  profile: {
    path: '/profile',
    layout: 'admin',
    role: 'user',
    nav: 'profile',
    page: () => import('../features/profile').then((m) => m.ProfilePage),
  },
  'two-factor': {
    path: '/two-factor',
    layout: 'admin',
    role: 'user',
    nav: 'profile',
    page: () => import('../features/two-factor').then((m) => m.TwoFactorPage),
  },
  user: {
    path: '/user',
    layout: 'admin',
    role: 'superuser',
    nav: 'user',
    page: () => import('../features/users-admin').then((m) => m.UserListPage),
  },
  'user-add': {
    path: '/user-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'user',
    page: () => import('../features/users-admin').then((m) => m.UserAddPage),
  },
  'user-edit': {
    path: '/user-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'user',
    page: () => import('../features/users-admin').then((m) => m.UserEditPage),
  },
  product: {
    path: '/product',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
    page: () => import('../features/catalogue-admin').then((m) => m.ProductListPage),
  },
  'product-add': {
    path: '/product-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
    page: () => import('../features/catalogue-admin').then((m) => m.ProductAddPage),
  },
  'product-edit': {
    path: '/product-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
    page: () => import('../features/catalogue-admin').then((m) => m.ProductEditPage),
  },
  price: {
    path: '/price',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
    page: () => import('../features/catalogue-admin').then((m) => m.PriceListPage),
  },
  'price-add': {
    path: '/price-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
    page: () => import('../features/catalogue-admin').then((m) => m.PriceAddPage),
  },
  'price-edit': {
    path: '/price-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'product',
    page: () => import('../features/catalogue-admin').then((m) => m.PriceEditPage),
  },
  'faq-admin': {
    path: '/faq-admin',
    layout: 'admin',
    role: 'superuser',
    nav: 'faq-admin',
    page: () => import('../features/faq-admin').then((m) => m.FaqListPage),
  },
  'faq-add': {
    path: '/faq-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'faq-admin',
    page: () => import('../features/faq-admin').then((m) => m.FaqAddPage),
  },
  'faq-edit': {
    path: '/faq-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'faq-admin',
    page: () => import('../features/faq-admin').then((m) => m.FaqEditPage),
  },
  promotion: {
    path: '/promotion',
    layout: 'admin',
    role: 'superuser',
    nav: 'promotion',
    page: () => import('../features/rewards-admin').then((m) => m.PromotionListPage),
  },
  'promotion-add': {
    path: '/promotion-add',
    layout: 'admin',
    role: 'superuser',
    nav: 'promotion',
    page: () => import('../features/rewards-admin').then((m) => m.PromotionAddPage),
  },
  'promotion-edit': {
    path: '/promotion-edit',
    layout: 'admin',
    role: 'superuser',
    nav: 'promotion',
    page: () => import('../features/rewards-admin').then((m) => m.PromotionEditPage),
  },
  'spin-prizes': {
    path: '/spin-prizes',
    layout: 'admin',
    role: 'superuser',
    nav: 'spin-prizes',
    page: () => import('../features/rewards-admin').then((m) => m.SpinPrizesPage),
  },
  feedback: {
    path: '/feedback',
    layout: 'admin',
    role: 'superuser',
    nav: 'feedback',
    page: () => import('../features/feedback-admin').then((m) => m.FeedbackListPage),
  },
  jobs: {
    path: '/jobs',
    layout: 'admin',
    role: 'superuser',
    nav: 'jobs',
    page: () => import('../features/jobs-admin').then((m) => m.DeadJobListPage),
  },
});

/** The console's layout, loaded like the admin screens: only once the session guard has passed. */
export const ADMIN_LAYOUT: TPageLoader = () =>
  import('../components/layouts/admin-layout').then((m) => m.AdminLayout);

type TRouteTable = typeof ROUTE_TABLE;
export type TRouteName = keyof TRouteTable;

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
  page: TPageLoader;
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
    page: declared.page,
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

/** Route names of the navigation guard's public list (SPEC.md §4): everything in the public layout. */
export const PUBLIC_ROUTE_NAMES: readonly TRouteName[] = ROUTE_NAMES.filter(
  (name) => ROUTES[name].layout === 'public',
);

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
