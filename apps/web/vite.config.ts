import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { readRouteTable } from './scripts/route-table.mjs';

const API_ORIGIN = 'http://localhost:3000';

/**
 * Writes dist/.vite/chunk-modules.json: for each emitted JS chunk, the modules bundled into it (relative to
 * apps/web: `src/features/faq/index.ts`, `../../node_modules/antd/es/button/index.js`). scripts/size-report.mjs
 * reads it to tell which public routes still load Ant Design or console code; the manifest names only entry
 * modules, not what a chunk holds.
 */
function chunkModules(): Plugin {
  let root = '';
  const name = (id: string) => {
    const file = id.replace(/^\0/, '').replace(/\?.*$/, '');
    return path.isAbsolute(file) ? path.relative(root, file).split(path.sep).join('/') : file;
  };
  return {
    name: 'ezrecharge:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks[output.fileName] = output.moduleIds.map(name).sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(chunks, null, 1)}\n`,
      });
    },
  };
}

/**
 * react-router's package exports only its development build (warnings and checks, about 10 % larger); the
 * production build ships beside it. Builds use that one; `vite` (dev server) keeps the development build.
 */
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDir, 'dist/production/dom-export.mjs') },
];

/**
 * Every module of the web app, the shared schemas included, gets zod through src/lib/zod.ts, which sets it to
 * build no code at run time (the pages' CSP allows none). The web tests resolve it the same way (vitest.config.ts).
 */
export const zodWithoutEval = {
  find: /^zod$/,
  replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)),
};

/**
 * The two faces of the web app (issue #14) are two builds of the same source:
 * - `--mode storefront` (index.html, and the prerender's `--ssr` build): the buyer's pages run on Preact through its
 *   React compatibility layer, about 50 KiB (brotli) lighter than React and much less work on a phone's main thread.
 *   Console routes are not drawn by this build: the router hands them to the console's page (src/app/face.ts).
 * - `--mode console` (written as console.html): the whole app on React, Ant Design's platform, for every console
 *   route (the server sends console.html for the paths in .vite/console-routes.json); public pages opened from the
 *   console stay in it.
 * The dev server and the tests run the console build's React (any other mode).
 */
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

/**
 * The console build's page is console.html beside the storefront's index.html (both builds write to dist), and the
 * paths it serves go to .vite/console-routes.json for the server (apps/server/src/infra/spa.ts).
 */
function consolePage(): Plugin {
  return {
    name: 'ezrecharge:console-page',
    // After Vite's HTML plugin has emitted index.html.
    enforce: 'post',
    apply: 'build',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('console build: index.html was not emitted');
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: 'console.html', source: html.source });
      const table = readRouteTable(path.resolve('.'));
      const paths = table.routes.filter((route) => route.layout === 'admin').map((route) => route.path);
      this.emitFile({
        type: 'asset',
        fileName: '.vite/console-routes.json',
        source: `${JSON.stringify(paths, null, 1)}\n`,
      });
    },
  };
}

export default defineConfig(({ command, mode, isSsrBuild }) => {
  const storefront = mode === 'storefront';
  const production = command === 'build' ? reactRouterProduction : [];
  return {
    plugins: [react(), mode === 'console' ? consolePage() : chunkModules()],
    resolve: { alias: [zodWithoutEval, ...production, ...(storefront ? preactCompat : [])] },
    // The prerender bundle (vite build --ssr) holds its libraries too, so that they resolve React to Preact as well,
    // built for production as the browser's are (the server runs it too, whatever its own NODE_ENV).
    ...(storefront ? { ssr: { noExternal: true as const } } : {}),
    ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
    build: {
      // The storefront builds first and empties dist; the console adds its files beside it.
      emptyOutDir: mode !== 'console',
      // scripts/size-report.mjs reads the manifests to check what each public route downloads first.
      manifest: mode === 'console' ? '.vite/console-manifest.json' : true,
      // Vite's modulepreload polyfill is for browsers without `<link rel="modulepreload">` (Safari before 17): there
      // the links only go unheeded and modules load as they are imported. On a prerendered page it would come too
      // late anyway: it arrives with the entry, after src/app/paint-first.ts has added the page's links.
      modulePreload: { polyfill: false },
      // The storefront's prerendered pages name src/app/paint-first.ts instead of the entry (scripts/prerender.mjs).
      ...(storefront && !isSsrBuild
        ? { rollupOptions: { input: { index: 'index.html', 'paint-first': 'src/app/paint-first.ts' } } }
        : {}),
      // The prerender bundle (dist/.ssr, kept for the server's order pages) needs no copy of public/.
      ...(isSsrBuild ? { copyPublicDir: false } : {}),
      // `npm run bench:web-tasks` reads the storefront's tasks through its source maps (scripts/bench/web-tasks.ts):
      // written beside the chunks but not named in them, so the bytes and their budgets are the same as without.
      ...(storefront && !isSsrBuild && process.env.BENCH_WEB_SOURCEMAP === '1'
        ? { sourcemap: 'hidden' as const }
        : {}),
    },
    server: {
      proxy: {
        '/api': API_ORIGIN,
        '/sandbox': API_ORIGIN,
      },
    },
  };
});
