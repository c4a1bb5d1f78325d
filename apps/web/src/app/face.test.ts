import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handToConsole } from './face';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The loader's arguments for an address, as the router passes them. */
function argsFor(address: string): LoaderFunctionArgs {
  const url = new URL(address, 'http://localhost');
  return { request: new Request(url), url, pattern: '*', params: {}, context: undefined };
}

describe('handToConsole', () => {
  const loader = handToConsole(new Set(['/ezrecharge', '/order']));

  it('sends a console path to the console’s page, with its query and fragment, and keeps the router waiting', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });

    const waiting = loader(argsFor('/order/?page=2#top'));

    expect(assign).toHaveBeenCalledWith('/order/?page=2#top');
    expect(waiting).toBeInstanceOf(Promise);
    const settled = await Promise.race([
      waiting,
      new Promise((resolve) => setTimeout(resolve, 20, 'pending')),
    ]);
    expect(settled).toBe('pending');
  });

  it('leaves any other address to the not-found page, a console path spelt differently too', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });

    for (const address of ['/nowhere', '/ORDER', '/order/items', '/ezrecharge-x', '/']) {
      expect(loader(argsFor(address)), address).toBeNull();
    }
    expect(assign).not.toHaveBeenCalled();
  });
});
