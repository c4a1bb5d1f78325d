import { createElement, lazy } from 'react';

export { RechargePage } from './components/recharge-page';

const LazyEzRecharge = lazy(() =>
  import('./components/ezrecharge-page').then((module) => ({ default: module.EzRechargePage })),
);

/**
 * The console's recharge page loads as a chunk of its own: /recharge is a public page, and its first load should
 * not carry the operator overview (Ant Design). The console layout's Suspense shows the loading state meanwhile. A
 * plain component around the lazy one, since React refuses a lazy in a lazy.
 */
export function EzRechargePage() {
  return createElement(LazyEzRecharge);
}
