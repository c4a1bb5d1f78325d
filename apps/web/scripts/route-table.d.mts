/** Types of route-table.mjs, for src/lib/routes.test.ts. */
export interface TParsedPage {
  /** Relative to apps/web, as Vite's manifest names it: `src/features/portal/index.ts`. */
  module: string;
  export: string;
}

export interface TParsedRoute {
  name: string;
  path: string;
  layout: 'public' | 'admin';
  page: TParsedPage;
}

export function parseRouteTable(
  source: string,
  tableFile: string,
  root: string,
): { routes: TParsedRoute[]; adminLayout: TParsedPage };
