import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { TOrderPageRenderer } from '@ezrecharge/shared/order-page';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Pages the server draws per request with the web app's prerender bundle (apps/web/src/app/prerender.tsx, built
 * into dist/.ssr, which the server does not serve): only an order's result page, whose largest text is the order's
 * outcome (issue #14). Everything here is optional: without the bundle (a development checkout, a build that
 * failed half-way), the page goes out as prerendered, with its card loading.
 */

/** What apps/web/src/app/prerender.tsx exports for the server. */
interface TRenderBundle {
  orderResultDocument: TOrderPageRenderer;
}

const BUNDLE = path.join('.ssr', 'prerender.js');

/**
 * The bundle of a built web app, imported on first use; null without one. Its chunks import its main module by its
 * plain address, so it cannot be imported afresh beside the old one (a second copy would have React contexts of
 * its own): after a rebuild while the server runs (the file's time changed), pages are no longer drawn with it
 * until a restart, since its markup may not match the scripts the new build names.
 */
export function renderBundleLoader(webRoot: string): () => Promise<TRenderBundle | null> {
  const file = path.join(webRoot, BUNDLE);
  let loaded: { version: number; bundle: Promise<TRenderBundle | null> } | null = null;
  return () => {
    let version: number;
    try {
      version = statSync(file).mtimeMs;
    } catch {
      return Promise.resolve(null);
    }
    if (loaded === null) {
      const bundle = import(pathToFileURL(file).href).then((module: Partial<TRenderBundle>) =>
        typeof module.orderResultDocument === 'function' ? (module as TRenderBundle) : null,
      );
      loaded = { version, bundle };
    }
    return loaded.version === version ? loaded.bundle : Promise.resolve(null);
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Brotli quality 5 and gzip level 6: a page of ~40 kB compresses in a millisecond or two, to ~9 kB. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Sends a page drawn for this request, compressed as the request accepts (brotli, then gzip, else as it is), never
 * cached: it shows an order as it is now.
 */
export async function sendDrawnPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
): Promise<FastifyReply> {
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  const body =
    encoding === 'br'
      ? await brotli(html, BROTLI_OPTIONS)
      : encoding === 'gzip'
        ? await gzipAsync(html)
        : Buffer.from(html);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .header('vary', 'Accept-Encoding, Cookie')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}
