import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ command }) => ({
  plugins: [react(), chunkModules()],
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  build: {
    // scripts/size-report.mjs reads the manifest to check what each public route downloads first.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/sandbox': API_ORIGIN,
    },
  },
}));
