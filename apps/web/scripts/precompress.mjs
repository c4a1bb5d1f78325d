#!/usr/bin/env node
/**
 * Pre-compresses the build (run by `npm run build` after `vite build`): beside every compressible file of dist
 * (js, mjs, css, html, svg, json, txt, webmanifest, xml) it writes `<file>.br` (brotli, quality 11) and
 * `<file>.gz` (gzip, level 9), so the server (apps/server/src/infra/spa.ts, @fastify/static `preCompressed`) sends
 * them as they are, without compressing per request. Files under MIN_BYTES (half a KiB) are left alone: the headers
 * compression adds (about forty bytes) would outweigh the gain; from there on it saves a few hundred bytes. So is an
 * encoding that does not make a file smaller (a stale sibling of that encoding is removed, so the server never
 * sends one). Dot folders (dist/.vite: the manifest and the chunk map; dist/.ssr: the prerender bundle; neither
 * served) are skipped.
 *
 * Node's own zlib, so the build needs no plugin; the work runs on libuv's thread pool, a few files at a time.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/i;
export const MIN_BYTES = 512;

/** Whether the build compresses a file of this name and size (then only when an encoding makes it smaller). */
export function isCompressed(file, bytes) {
  return COMPRESSIBLE.test(file) && bytes >= MIN_BYTES;
}

/** Brotli at quality 11 (the slowest, smallest), told the input size and that it is text. */
export function brotliBytes(data) {
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export function gzipBytes(data) {
  return gz(data, { level: 9 });
}

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function writeOrRemove(target, compressed, original) {
  if (compressed.length < original.length) {
    await writeFile(target, compressed);
    return compressed.length;
  }
  await rm(target, { force: true });
  return null;
}

/**
 * Compresses the compressible files under `dir`. Returns one row per file looked at:
 * `{ file (relative, with /), bytes, br, gz }`, where br and gz are the written sizes or null when not written.
 */
export async function precompress(dir, { concurrency = 4 } = {}) {
  const files = [];
  for await (const file of filesUnder(dir)) {
    if (isCompressed(file, (await stat(file)).size)) files.push(file);
  }
  const rows = [];
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const file = files[next++];
      const data = await readFile(file);
      const [br, gzipped] = await Promise.all([brotliBytes(data), gzipBytes(data)]);
      rows.push({
        file: path.relative(dir, file).split(path.sep).join('/'),
        bytes: data.length,
        br: await writeOrRemove(`${file}.br`, br, data),
        gz: await writeOrRemove(`${file}.gz`, gzipped, data),
      });
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return rows.sort((a, b) => (a.file < b.file ? -1 : 1));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const started = Date.now();
  const rows = await precompress(dist);
  const sum = (key) => rows.reduce((total, row) => total + (row[key] ?? row.bytes), 0);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `precompress: ${rows.length} file(s), ${kib(sum('bytes'))} → brotli ${kib(sum('br'))}, gzip ${kib(sum('gz'))} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
