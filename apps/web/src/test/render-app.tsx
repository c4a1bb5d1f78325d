import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { ROUTE_OBJECTS } from '../app/router';
import { AntdProviders } from '../components/layouts/antd-providers';
import { PopupHost } from '../components/ui/popup-host';
import { Toaster } from '../components/ui/toaster';
import { setNavigator } from '../lib/navigation';
import { stubMatchMedia } from './media-query';

/** Renders the whole app (providers, layouts, route table) at `url`, as a visitor opening that address. */
export function renderApp(url: string) {
  const router = createMemoryRouter(ROUTE_OBJECTS, { initialEntries: [url] });
  setNavigator((to) => void router.navigate(to));
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** Makes `(min-width: …)` media queries match or not, for the admin sidebar breakpoint. */
export function setViewportWide(wide: boolean): void {
  stubMatchMedia((query) => (query.includes('min-width') ? wide : !wide));
}

/**
 * Renders one piece of UI inside the app's providers (i18n, query client), the console's antd providers, and the
 * toasts and popups the root layout would show.
 */
export function renderInProviders(ui: ReactNode) {
  return render(
    <AppProviders>
      <AntdProviders>{ui}</AntdProviders>
      <Toaster />
      <PopupHost />
    </AppProviders>,
  );
}
