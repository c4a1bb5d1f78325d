import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '../lib/storage';
import { stubMatchMedia } from './media-query';

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
  window.localStorage.clear();
});
