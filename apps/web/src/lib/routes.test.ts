import { describe, expect, it } from 'vitest';
import {
  adminNavFor,
  NAV_ENTRIES,
  PUBLIC_ROUTE_NAMES,
  ROUTE_NAMES,
  ROUTES,
  routeByPath,
  routePath,
} from './routes';

const PUBLIC_PATHS = [
  '/',
  '/signin',
  '/signup',
  '/reset-password',
  '/faq',
  '/about-ezrecharge',
  '/about-ezshop',
  '/about-ezlivez',
  '/about-us',
  '/contact-ezrecharge',
  '/contact-ezlivez',
  '/privacy-policy',
  '/terms-conditions',
  '/refund-policy',
  '/recharge',
  '/home-order',
];
const ADMIN_PATHS = [
  // Issue #15: two-factor sign-in, the page a superuser without it is sent to.
  '/two-factor',
  '/user',
  '/user-add',
  '/user-edit',
  '/ezrecharge',
  '/profile',
  '/order',
  '/rewards',
  '/faq-admin',
  '/faq-add',
  '/faq-edit',
  '/product',
  '/product-add',
  '/product-edit',
  '/price',
  '/price-add',
  '/price-edit',
  '/promotion',
  '/promotion-add',
  '/promotion-edit',
  '/spin-prizes',
  '/feedback',
  '/reconciliation',
  '/risk',
  '/jobs',
  '/sales',
];

describe('route table (SPEC.md §2)', () => {
  it('holds every SPEC path once, in its layout', () => {
    const paths = ROUTE_NAMES.map((name) => ROUTES[name].path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(PUBLIC_ROUTE_NAMES.map((name) => ROUTES[name].path).sort()).toEqual([...PUBLIC_PATHS].sort());
    for (const path of ADMIN_PATHS) expect(routeByPath(path)?.layout, path).toBe('admin');
    expect(paths).toHaveLength(PUBLIC_PATHS.length + ADMIN_PATHS.length);
  });

  it('uses the route names SPEC.md gives', () => {
    expect(routePath('ezrecharge')).toBe('/ezrecharge');
    expect(routePath('reset-pwsd')).toBe('/reset-password');
    expect(routePath('login')).toBe('/signin');
    expect(routePath('register')).toBe('/signup');
    expect(routePath('portal')).toBe('/');
    for (const name of [
      'user-add',
      'product',
      'product-add',
      'price',
      'price-add',
      'faq-admin',
      'faq-add',
    ] as const) {
      expect(routePath(name)).toBe(`/${name}`);
    }
  });

  it('passes edit targets as query values, never as path parameters', () => {
    expect(routePath('user-edit', { id: 12 })).toBe('/user-edit?id=12');
    expect(routePath('price-edit', { product_id: 3, id: 9 })).toBe('/price-edit?product_id=3&id=9');
    expect(routePath('price', { id: undefined })).toBe('/price');
    for (const name of ROUTE_NAMES) expect(ROUTES[name].path).not.toContain(':');
  });

  it('chooses the admin side-navigation entry by the first path segment', () => {
    expect(adminNavFor('/user-edit')).toBe('user');
    expect(adminNavFor('/price')).toBe('product');
    expect(adminNavFor('/price-edit')).toBe('product');
    expect(adminNavFor('/faq-add')).toBe('faq-admin');
    expect(adminNavFor('/order')).toBe('order');
    expect(adminNavFor('/ezrecharge/')).toBe('ezrecharge');
    expect(adminNavFor('/about-us')).toBeNull();
    expect(adminNavFor('/nowhere')).toBeNull();
  });

  it('points every admin route at a side-navigation entry and no public route at one', () => {
    for (const name of ROUTE_NAMES) {
      const route = ROUTES[name];
      if (route.layout === 'admin') expect(route.nav, name).not.toBeNull();
      else expect(route.nav, name).toBeNull();
    }
  });

  it('gives every admin route the role of its side-navigation entry, and shows the entries in table order', () => {
    for (const name of ROUTE_NAMES) {
      const { layout, role, nav } = ROUTES[name];
      if (layout === 'public') expect(role, name).toBe('visitor');
      else expect(role, name).toBe(nav && ROUTES[nav].role);
    }
    expect(NAV_ENTRIES).toEqual([
      { name: 'ezrecharge', superuserOnly: false },
      { name: 'order', superuserOnly: false },
      { name: 'rewards', superuserOnly: false },
      { name: 'profile', superuserOnly: false },
      { name: 'user', superuserOnly: true },
      { name: 'product', superuserOnly: true },
      { name: 'faq-admin', superuserOnly: true },
      { name: 'promotion', superuserOnly: true },
      { name: 'spin-prizes', superuserOnly: true },
      { name: 'feedback', superuserOnly: true },
      { name: 'sales', superuserOnly: true },
      { name: 'reconciliation', superuserOnly: true },
      { name: 'risk', superuserOnly: true },
      { name: 'jobs', superuserOnly: true },
    ]);
  });
});
