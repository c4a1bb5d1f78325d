import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { setViewportWide } from './render-app';
import { signInAs } from './session';

/** The superuser most console tests sign in as. */
export const SUPERUSER = { id: 1, username: 'admin', nickname: 'Admin', is_superuser: true };

/**
 * Registers the hooks of a console screen's tests: `load` (the screens and the admin layout load lazily; loading
 * them once up front keeps each test's waits short), then before each test English, a wide screen and `user`
 * signed in; after each, no navigator and no stubbed fetch.
 */
export function setUpConsoleTests({
  load,
  user = SUPERUSER,
  clearCache = false,
}: {
  load: () => Promise<unknown>;
  user?: Record<string, unknown>;
  /** Each test starts from the server's answers of its own stub, not from the previous test's cache. */
  clearCache?: boolean;
}): void {
  beforeAll(load, 30_000);
  beforeEach(async () => {
    if (clearCache) queryClient.clear();
    await setLanguage('en');
    setViewportWide(true);
    signInAs(user);
  });
  afterEach(() => {
    setNavigator(null);
    vi.unstubAllGlobals();
  });
}

/** The table row of the element holding `text` (role queries over a whole antd table are very slow in jsdom). */
export function rowOf(text: string, selector = '*') {
  const found = screen.getByText(text, { selector }).closest('tr');
  if (!found) throw new Error(`no row for ${text}`);
  return within(found);
}

/** The open confirmation dialog (antd) or error popup (components/ui/popup-host.tsx) titled `title` (found by text: a role query over the page is too slow in jsdom). */
export async function dialogTitled(title: string) {
  const heading = await screen.findByText(title, {
    selector: '.ant-modal-confirm-title, .app-dialog__title',
  });
  const dialog = heading.closest<HTMLElement>('[role="dialog"], [role="alertdialog"], dialog');
  if (!dialog) throw new Error(`${title} is not in a dialog`);
  return Object.assign(within(dialog), { element: dialog });
}
