import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { ROUTE_OBJECTS } from '../app/router';
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

/** Renders one piece of UI inside the app's providers (antd theme and App context, i18n, query client). */
export function renderInProviders(ui: ReactNode) {
  return render(<AppProviders>{ui}</AppProviders>);
}
