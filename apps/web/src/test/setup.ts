import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '../lib/storage';
import { stubMatchMedia } from './media-query';

// Whole-app renders load lazy chunks and antd in jsdom; on a busy machine that takes longer than 1 s.
configure({ asyncUtilTimeout: 5_000 });

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
