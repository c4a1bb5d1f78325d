import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, i18nReady } from '../lib/i18n';
import {
  accountSchemas,
  catalogueSchemas,
  orderRewardSchemas,
  orderSchemas,
  supportSchemas,
} from '../lib/lazy-schemas';
import { clearPopups } from '../lib/popup';
import { clearSession } from '../lib/storage';
import { clearToasts } from '../lib/toast';
import { buildResources, LOCALE_FILES } from './locale-files';
import { stubMatchMedia } from './media-query';

// Every text in both languages up front, so no screen waits for a namespace chunk (the app loads them lazily).
await i18nReady;
for (const [language, bundle] of Object.entries(buildResources(LOCALE_FILES))) {
  for (const [namespace, texts] of Object.entries(bundle)) i18n.addResourceBundle(language, namespace, texts);
}

// The storefront loads the shared schemas on demand (lib/lazy-schemas.ts); here they are in from the start, so a
// screen's first check does not wait for their transform on a busy machine.
await Promise.all([
  accountSchemas(),
  catalogueSchemas(),
  orderSchemas(),
  orderRewardSchemas(),
  supportSchemas(),
]);

// Whole-app renders load lazy chunks and antd in jsdom; on a busy two-core machine (CI runs the server suite and
// builds beside it) that can take several seconds.
configure({ asyncUtilTimeout: 15_000 });

// antd measures scrollbars with getComputedStyle(element, '::-webkit-scrollbar'); jsdom does not implement
// pseudo-elements and reports each call as an error on the console, thousands per run. The element's own style
// is what jsdom can give, and all antd needs.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// jsdom lacks matchMedia; antd's responsive helpers and our sidebar breakpoint need it. Tests that care about
// the width replace it with their own stub.
if (typeof window.matchMedia !== 'function') stubMatchMedia(() => false);

// jsdom lacks ResizeObserver; antd's Tabs measure their bar with it. Nothing resizes in jsdom, so it never fires.
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  clearSession();
  clearToasts();
  clearPopups();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
