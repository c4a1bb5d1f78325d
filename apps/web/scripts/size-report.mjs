#!/usr/bin/env node
/**
 * Size report of `npm run build`: for each public route, the gzipped JS and CSS it loads first (entry chunk and
 * its static imports, plus the route's lazy page chunk and that chunk's static imports, each file once).
 * Exits non-zero when a public route's first load contains an admin chunk, or when the route table names a
 * module that Vite did not emit as its own chunk (then the split cannot be trusted), or when the entry lazily
 * imports a module the route table does not name (then this report would not know which face it belongs to).
 *
 * The route table is the file the router runs (src/lib/routes.ts), read by scripts/route-table.mjs, so the two
 * cannot disagree.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseRouteTable } from './route-table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const tableFile = path.join(root, 'src', 'lib', 'routes.ts');
const table = parseRouteTable(readFileSync(tableFile, 'utf8'), tableFile, root);

const problems = [];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('size-report: the manifest has no entry chunk');
  process.exit(1);
}

/** Files (JS and CSS) a chunk brings in through static imports, the chunk itself included. */
function staticClosure(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files, seen);
  return files;
}

function chunkOf(module, what) {
  if (manifest[module]) return module;
  problems.push(`${what}: ${module} is not a chunk of its own in the build (imported statically somewhere?)`);
  return null;
}

const sizeCache = new Map();
function gzipSize(file) {
  if (!sizeCache.has(file)) sizeCache.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return sizeCache.get(file);
}

const routes = table.routes;
const publicModules = new Set(routes.filter((r) => r.layout === 'public').map((r) => r.page.module));

// Every lazy import of the entry must be a page or layout of the table, so that each chunk has a known face.
const tableModules = new Set([table.adminLayout.module, ...routes.map((r) => r.page.module)]);
for (const module of manifest[entryKey].dynamicImports ?? []) {
  if (!tableModules.has(module)) {
    problems.push(`the entry lazily imports ${module}, which is no page or layout of the route table`);
  }
}

// Admin chunks: the admin layout and every page only admin routes use (a page may serve both layouts).
const adminChunks = new Map();
const adminLayoutKey = chunkOf(table.adminLayout.module, 'admin layout');
if (adminLayoutKey) adminChunks.set(manifest[adminLayoutKey].file, adminLayoutKey);
for (const route of routes) {
  if (route.layout !== 'admin' || publicModules.has(route.page.module)) continue;
  const key = chunkOf(route.page.module, `admin route ${route.name}`);
  if (key) adminChunks.set(manifest[key].file, key);
}

const entryFiles = staticClosure(entryKey);
const rows = [];
for (const route of routes.filter((r) => r.layout === 'public')) {
  const files = new Set(entryFiles);
  const key = chunkOf(route.page.module, `public route ${route.name}`);
  if (key) staticClosure(key, files);
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += gzipSize(file);
    else if (file.endsWith('.js')) js += gzipSize(file);
  }
  const admin = [...files].filter((file) => adminChunks.has(file));
  for (const file of admin) {
    problems.push(
      `public route ${route.name} (${route.path}) loads admin chunk ${adminChunks.get(file)} (${file})`,
    );
  }
  rows.push({ route: route.name, path: route.path, files: files.size, js, css, admin: admin.length > 0 });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const header = ['route', 'path', 'files', 'JS gzip', 'CSS gzip', 'total gzip', 'admin?'];
const body = rows.map((r) => [
  r.route,
  r.path,
  String(r.files),
  kb(r.js),
  kb(r.css),
  kb(r.js + r.css),
  r.admin ? 'YES' : 'no',
]);
const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
const line = (cells) =>
  `| ${cells.map((cell, i) => (i >= 2 && i <= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join(' | ')} |`;

console.log('\nFirst-load size of each public route (entry + static imports + the route chunk):\n');
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of body) console.log(line(row));

if (adminLayoutKey) {
  const adminFiles = staticClosure(adminLayoutKey);
  const extra = [...adminFiles].filter((file) => !entryFiles.has(file));
  const bytes = extra.reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(
    `\nAdmin layout adds ${kb(bytes)} gzip in ${extra.length} file(s), loaded only on admin routes.`,
  );
}

if (problems.length > 0) {
  console.error('\nsize-report failed:');
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log('\nNo public route loads an admin chunk.\n');
