import type { ComponentType } from 'react';
import type { TAdminRouteName, TPublicRouteName } from '../lib/routes';

/**
 * The page of each route of lib/routes.ts, and the console's layout: the one module that names the pages, on the
 * app side, so that no page reaches itself through the route names it navigates by (lib/routes.ts imports nothing
 * of the web). Only app/ imports this file (dependency-cruiser checks it).
 *
 * Each page is a typed lazy import of a feature's public index, in the table of its route's layout: a route without
 * a page, a page for no route or in the other layout's table, or a module or export that does not exist is a type
 * error. The imports are dynamic on purpose: each page stays a chunk of its own that only its route downloads. The
 * console's pages are a table apart so that the storefront build, which draws no console route (app/face.ts),
 * leaves them and their chunk lists out of its entry. Keep every entry in the form
 * `() => import('…').then((m) => m.Page)`: the build reads this file (scripts/route-table.mjs) to tell the
 * storefront's chunks from the console's, and throws on any other form.
 */

/**
 * A page's component. `startRequests`: the requests the page always makes on its first render, which a prerendered
 * page starts before it hydrates (app/main.tsx, lib/early-requests.ts).
 */
export type TPageComponent = ComponentType & { startRequests?: () => void };

/** A lazily imported screen. */
export type TPageLoader = () => Promise<TPageComponent>;

/** The storefront's pages (public layout). */
export const PUBLIC_PAGE_LOADERS: Readonly<Record<TPublicRouteName, TPageLoader>> = {
  portal: () => import('../features/portal').then((m) => m.PortalPage),
  login: () => import('../features/auth').then((m) => m.SignInPage),
  register: () => import('../features/auth').then((m) => m.SignUpPage),
  'reset-pwsd': () => import('../features/auth').then((m) => m.ResetPasswordPage),
  faq: () => import('../features/faq').then((m) => m.FaqPage),
  'about-ezrecharge': () => import('../features/content').then((m) => m.AboutEzrechargePage),
  'about-ezshop': () => import('../features/content').then((m) => m.AboutEzshopPage),
  'about-ezlivez': () => import('../features/content').then((m) => m.AboutEzlivezPage),
  'about-us': () => import('../features/content').then((m) => m.AboutUsPage),
  'contact-ezrecharge': () => import('../features/content').then((m) => m.ContactEzrechargePage),
  'contact-ezlivez': () => import('../features/feedback').then((m) => m.ContactEzlivezPage),
  'privacy-policy': () => import('../features/content').then((m) => m.PrivacyPolicyPage),
  'terms-conditions': () => import('../features/content').then((m) => m.TermsConditionsPage),
  'refund-policy': () => import('../features/content').then((m) => m.RefundPolicyPage),
  recharge: () => import('../features/recharge').then((m) => m.RechargePage),
  'home-order': () => import('../features/orders').then((m) => m.OrderResultPage),
};

/** The console's pages (admin layout). */
export const ADMIN_PAGE_LOADERS: Readonly<Record<TAdminRouteName, TPageLoader>> = {
  ezrecharge: () => import('../features/recharge').then((m) => m.EzRechargePage),
  order: () => import('../features/orders').then((m) => m.OrderListPage),
  rewards: () => import('../features/rewards').then((m) => m.RewardsPage),
  profile: () => import('../features/profile').then((m) => m.ProfilePage),
  'two-factor': () => import('../features/two-factor').then((m) => m.TwoFactorPage),
  user: () => import('../features/users-admin').then((m) => m.UserListPage),
  'user-add': () => import('../features/users-admin').then((m) => m.UserAddPage),
  'user-edit': () => import('../features/users-admin').then((m) => m.UserEditPage),
  product: () => import('../features/catalogue-admin').then((m) => m.ProductListPage),
  'product-add': () => import('../features/catalogue-admin').then((m) => m.ProductAddPage),
  'product-edit': () => import('../features/catalogue-admin').then((m) => m.ProductEditPage),
  price: () => import('../features/catalogue-admin').then((m) => m.PriceListPage),
  'price-add': () => import('../features/catalogue-admin').then((m) => m.PriceAddPage),
  'price-edit': () => import('../features/catalogue-admin').then((m) => m.PriceEditPage),
  'faq-admin': () => import('../features/faq-admin').then((m) => m.FaqListPage),
  'faq-add': () => import('../features/faq-admin').then((m) => m.FaqAddPage),
  'faq-edit': () => import('../features/faq-admin').then((m) => m.FaqEditPage),
  promotion: () => import('../features/rewards-admin').then((m) => m.PromotionListPage),
  'promotion-add': () => import('../features/rewards-admin').then((m) => m.PromotionAddPage),
  'promotion-edit': () => import('../features/rewards-admin').then((m) => m.PromotionEditPage),
  'spin-prizes': () => import('../features/rewards-admin').then((m) => m.SpinPrizesPage),
  feedback: () => import('../features/feedback-admin').then((m) => m.FeedbackListPage),
  reconciliation: () => import('../features/reconciliation').then((m) => m.ReconciliationPage),
  risk: () => import('../features/risk-admin').then((m) => m.RiskPage),
  jobs: () => import('../features/jobs-admin').then((m) => m.DeadJobListPage),
  sales: () => import('../features/sales-admin').then((m) => m.SalesPage),
};

/** The console's layout, loaded like the admin screens: only once the session guard has passed. */
export const ADMIN_LAYOUT: TPageLoader = () =>
  import('../components/layouts/admin-layout').then((m) => m.AdminLayout);
