import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http';
import { renderBundleLoader, sendDrawnPage } from './server-render';

/**
 * Serves the built web app from one port with the API.
 *
 * - The build writes `<file>.br` and `<file>.gz` beside each compressible file (apps/web/scripts/precompress.mjs);
 *   @fastify/static's `preCompressed` picks one by the request's Accept-Encoding (br, then gzip, else the file as
 *   it is), with Content-Encoding, the original file's Content-Type, the sent file's Content-Length and
 *   `Vary: Accept-Encoding` on every answer, compressed or not.
 * - Hashed files under /assets are cached for a year (immutable); everything else, index.html included, is
 *   `no-cache`, so a deploy reaches browsers at once.
 * - Files are looked up per request (no route per file fixed at start-up), so a rebuild while the server runs is
 *   served at once: its index.html and the hashed files it names. Dot folders (dist/.vite) are not served.
 * - Unknown /api and /sandbox paths, and any method other than GET/HEAD, are JSON 404s. Any other unknown path
 *   that looks like a file (its last segment has an extension: /sitemap.xml, /foo.png) is a 404 too; one that
 *   looks like a client route gets the SPA's index.html (compressed like the rest) so a reload keeps the page.
 * - The web app has two faces, two builds (apps/web/vite.config.ts): index.html is the storefront's page, console.html
 *   the console's. A console route (the paths of .vite/console-routes.json, written by the console build) gets
 *   console.html; every other route gets the storefront's page (a prerendered one where there is one).
 * - An order's result page (/home-order?order_num=) is drawn for the request, with the order (`readOrder`) and the
 *   build's prerender bundle (dist/.ssr; infra/server-render.ts); when either is missing, the prerendered page of
 *   the order's card loading goes instead, and the app loads the order itself.
 */
const API_PREFIXES = ['/api/', '/sandbox/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A last path segment ending in `.<letters or digits>`: a file, not a route (no route of the table has a dot). */
const FILE_LIKE = /\.[A-Za-z0-9]+$/;
/** Paths a prerendered page may have: lower-case route segments only (no dots, so no way out of the folder). */
const PRERENDER_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;
const LANGUAGES = ['en', 'zh'] as const;
/**
 * Pages drawn another way when the address carries a parameter (apps/web/src/app/prerender.tsx VARIANTS): their own
 * prerendered file, `<path>--<parameter>.html` (the order result with an order number: the order's card loading).
 */
const ORDER_PAGE = '/home-order';
const BY_PARAMETER: Readonly<Record<string, string>> = { [ORDER_PAGE]: 'order_num' };

/** The web app's language cookie (`lang=zh`), English when absent or unknown. */
export function languageOf(cookieHeader: string | undefined): (typeof LANGUAGES)[number] {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === 'lang') return LANGUAGES.find((language) => language === value) ?? 'en';
  }
  return 'en';
}

/** The web app's cookie-notice cookie (`cookieAccepted=30`, SPEC.md §2's acceptance flag mirrored for the server). */
export const COOKIE_ACCEPTED = { name: 'cookieAccepted', value: '30' } as const;

/** Whether the visitor has confirmed the cookie notice (the web app keeps this cookie beside its stored flag). */
export function cookieNoticeAccepted(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '')
    .split(';')
    .some((part) => part.trim() === `${COOKIE_ACCEPTED.name}=${COOKIE_ACCEPTED.value}`);
}

export interface TSpaOptions {
  /**
   * The order of /home-order?order_num= as GET /api/v1/order/stripe answers a visitor who is not signed in (a page
   * request carries no bearer token), or null when there is none or it may not be read now (the read's rate limit).
   */
  readOrder?: (request: FastifyRequest, orderNum: string) => Promise<unknown | null>;
}

export async function registerSpa(
  app: FastifyInstance,
  webRoot: string,
  options: TSpaOptions = {},
): Promise<void> {
  const built = existsSync(path.join(webRoot, 'index.html'));
  const renderBundle = renderBundleLoader(webRoot);
  if (built) {
    const assets = `assets${path.sep}`;
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      preCompressed: true,
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        // filePath is the file sent: for /assets/x.js possibly assets/x.js.br.
        const immutable = path.relative(webRoot, filePath).startsWith(assets);
        reply.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webRoot }, 'web app not built: run `npm run build`; serving the API only');
  }

  /**
   * A storefront page prerendered at build time (apps/web/scripts/prerender.mjs writes
   * prerendered/<language><path>.html with the cookie notice, prerendered/<language>-accepted<path>.html without it)
   * in the visitor's language (the `lang` cookie the web app keeps beside its stored choice, English without it)
   * and with the notice unless the visitor confirmed it: the page is drawn as it will stay, so nothing shifts when
   * the app takes over. Null when the path has no prerendered page.
   */
  const prerenderedFile = (request: FastifyRequest): string | null => {
    if (!built) return null;
    const url = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
    if (!PRERENDER_PATH.test(url)) return null;
    const cookies = request.headers.cookie;
    const variant = `${languageOf(cookies)}${cookieNoticeAccepted(cookies) ? '-accepted' : ''}`;
    const parameter = BY_PARAMETER[url];
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const suffix = parameter && (query.get(parameter) ?? '').trim() !== '' ? `--${parameter}` : '';
    const file = `prerendered/${variant}${url === '/' ? '/index' : url}${suffix}.html`;
    return existsSync(path.join(webRoot, file)) ? file : null;
  };

  /**
   * The order's result page drawn with the order, in the prerendered page of its card loading (`template`, the
   * visitor's language and notice variant); null when there is no order to draw or no bundle to draw it with. A
   * failure to draw is logged and answered with the prerendered page: the app then loads the order itself.
   */
  const drawnOrderPage = async (request: FastifyRequest, template: string): Promise<string | null> => {
    const query = request.url.split('?')[1] ?? '';
    const orderNum = (new URLSearchParams(query).get('order_num') ?? '').trim();
    if (!options.readOrder || orderNum === '') return null;
    try {
      const bundle = await renderBundle();
      if (!bundle) return null;
      const order = await options.readOrder(request, orderNum);
      if (order === null) return null;
      const cookies = request.headers.cookie;
      return await bundle.orderResultDocument({
        template: await readFile(path.join(webRoot, template), 'utf8'),
        language: languageOf(cookies),
        cookieAccepted: cookieNoticeAccepted(cookies),
        search: `?${query}`,
        order,
      });
    } catch (err) {
      request.log.error({ err }, 'drawing the order result page failed; sending it with the order loading');
      return null;
    }
  };

  /** Whether the request is for a console route (read per request, like the files, so a rebuild is picked up). */
  const isConsoleRoute = (request: FastifyRequest): boolean => {
    const url = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
    try {
      const paths: unknown = JSON.parse(
        readFileSync(path.join(webRoot, '.vite', 'console-routes.json'), 'utf8'),
      );
      return Array.isArray(paths) && paths.includes(url);
    } catch {
      return false;
    }
  };

  const sendIndex = async (reply: FastifyReply, request?: FastifyRequest) => {
    if (!built) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`, then restart the server.');
    }
    const prerendered = request ? prerenderedFile(request) : null;
    if (request && prerendered?.endsWith(`${ORDER_PAGE}--order_num.html`)) {
      const drawn = await drawnOrderPage(request, prerendered);
      if (drawn !== null) return sendDrawnPage(request, reply, drawn);
    }
    if (prerendered) {
      // The same address answers in two languages, with or without the notice: caches keep them apart by cookie.
      reply.header('vary', 'Accept-Encoding, Cookie');
      return reply.sendFile(prerendered);
    }
    // Opened per request like any other file (a rebuild is picked up), negotiated like them (index.html.br, .gz).
    if (request && isConsoleRoute(request) && existsSync(path.join(webRoot, 'console.html'))) {
      return reply.sendFile('console.html');
    }
    return reply.sendFile('index.html');
  };

  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(reply, request));
  // Browsers ask for /favicon.ico on pages that name no icon (the sandbox payment pages): point them at ours.
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect('/favicon.svg', 301),
  );

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 'not_found', 'Not Found', `${request.method} ${url} does not exist`);
    }
    const lastSegment = url.slice(url.lastIndexOf('/') + 1);
    if (FILE_LIKE.test(lastSegment)) {
      return sendError(reply, 'not_found', 'Not Found', `${url} does not exist`);
    }
    return sendIndex(reply, request);
  });
}
