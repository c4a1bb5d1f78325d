import { createElement, lazy } from 'react';

export { orderResultQueryKey } from './api/get-order';
export { OrderResultPage } from './components/order-result-page';

const LazyOrderList = lazy(() =>
  import('./components/order-list-page').then((module) => ({ default: module.OrderListPage })),
);

/**
 * The console's order list loads as a chunk of its own: /home-order is a public page, and its first load should
 * not carry the admin table (scripts/size-report.mjs measures public first loads). The console layout's Suspense
 * shows the loading state meanwhile. A plain component around the lazy one, since React refuses a lazy in a lazy.
 */
export function OrderListPage() {
  return createElement(LazyOrderList);
}
