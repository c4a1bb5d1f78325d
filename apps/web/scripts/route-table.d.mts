/** Types of route-table.mjs, for its TypeScript readers (src/app/route-table.test.ts, vite.config.ts, e2e). */
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

export interface TParsedRouteTable {
  routes: TParsedRoute[];
  adminLayout: TParsedPage;
}

/** src/lib/routes.ts, relative to apps/web. */
export const ROUTES_FILE: string;
/** src/app/route-table.ts, relative to apps/web. */
export const PAGES_FILE: string;

export function parseRouteTable(sources: { routes: string; pages: string }, root: string): TParsedRouteTable;

export function readRouteTable(root: string): TParsedRouteTable;
