import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGES_FILE, parseRouteTable, ROUTES_FILE } from '../../scripts/route-table.mjs';
import { ROUTE_NAMES, ROUTES, type TRouteName } from '../lib/routes';
import { ADMIN_LAYOUT, ADMIN_PAGE_LOADERS, PUBLIC_PAGE_LOADERS, type TPageLoader } from './route-table';

/** The table as the build reads it (scripts/size-report.mjs, scripts/prerender.mjs, vite.config.ts). */
const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = {
  routes: readFileSync(path.join(WEB_ROOT, ROUTES_FILE), 'utf8'),
  pages: readFileSync(path.join(WEB_ROOT, PAGES_FILE), 'utf8'),
};
const PARSED = parseRouteTable(SOURCES, WEB_ROOT);
const PAGE_LOADERS: Readonly<Record<TRouteName, TPageLoader>> = {
  ...PUBLIC_PAGE_LOADERS,
  ...ADMIN_PAGE_LOADERS,
};

/** The sources with `from` replaced by `to` in one of them; the replacement must have happened. */
function edited(file: 'routes' | 'pages', from: string, to: string): typeof SOURCES {
  const source = SOURCES[file].replace(from, to);
  expect(source, `${from} in ${file}`).not.toBe(SOURCES[file]);
  return { ...SOURCES, [file]: source };
}

describe('the route table as the build reads it', () => {
  it('holds the same routes, in the same order, paths and layouts as the running table', () => {
    expect(PARSED.routes.map((route) => route.name)).toEqual([...ROUTE_NAMES]);
    for (const route of PARSED.routes) {
      const running = ROUTES[route.name as TRouteName];
      expect({ path: route.path, layout: route.layout }, route.name).toEqual({
        path: running.path,
        layout: running.layout,
      });
    }
  });

  it('names the module and export each page and the admin layout really load', async () => {
    expect(PARSED.adminLayout.module).toMatch(/^src\//);
    const pairs = [
      { what: 'admin layout', parsed: PARSED.adminLayout, load: ADMIN_LAYOUT },
      ...PARSED.routes.map((route) => ({
        what: route.name,
        parsed: route.page,
        load: PAGE_LOADERS[route.name as TRouteName],
      })),
    ];
    for (const { what, parsed, load } of pairs) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ `/${parsed.module}`);
      expect(module[parsed.export], what).toBeDefined();
      expect(await load(), what).toBe(module[parsed.export]);
    }
  }, 60_000);

  it('refuses a page it cannot read instead of guessing', () => {
    const broken = edited(
      'pages',
      "import('../features/portal').then((m) => m.PortalPage)",
      "import('../features/portal').then(pickPortal)",
    );
    expect(() => parseRouteTable(broken, WEB_ROOT)).toThrow(/route portal/);
  });

  it('refuses a route without a page, a page without a route or in the other layout, and an unknown lazy import', () => {
    const portalPage = "  portal: () => import('../features/portal').then((m) => m.PortalPage),\n";
    expect(() => parseRouteTable(edited('pages', portalPage, ''), WEB_ROOT)).toThrow(
      /route portal has no page/,
    );
    expect(() =>
      parseRouteTable(
        edited('pages', portalPage, `${portalPage}${portalPage.replace('portal:', 'portal2:')}`),
        WEB_ROOT,
      ),
    ).toThrow(/PUBLIC_PAGE_LOADERS holds pages for no public route: portal2/);
    expect(() =>
      parseRouteTable(
        edited(
          'pages',
          'export type TPageLoader',
          "void import('../features/faq');\nexport type TPageLoader",
        ),
        WEB_ROOT,
      ),
    ).toThrow(/lazy imports but 42 pages/);
    const jobsPage = "  jobs: () => import('../features/jobs-admin').then((m) => m.DeadJobListPage),\n";
    const withoutJobs = edited('pages', jobsPage, '');
    const moved = {
      ...withoutJobs,
      pages: withoutJobs.pages.replace(portalPage, `${portalPage}${jobsPage}`),
    };
    expect(() => parseRouteTable(moved, WEB_ROOT)).toThrow(/route jobs .*ADMIN_PAGE_LOADERS/);
  });

  it('refuses a route whose path or layout is not a plain string', () => {
    const broken = edited('routes', "path: '/faq',", "path: '/f' + 'aq',");
    expect(() => parseRouteTable(broken, WEB_ROOT)).toThrow(/route faq has no plain string path/);
  });
});
