import type { TOrderPageRenderer } from '@ezrecharge/shared/order-page';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setCookieNoticeHtmlState } from '../components/cookie-notice';
import { orderResultQueryKey } from '../features/orders';
import { documentHead } from '../lib/document-head';
import { CORE_NAMESPACES, i18n, i18nReady, loadNamespaces, setLanguage, type TLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { querySeedScript, type TQuerySeed } from '../lib/query-seed';
import { ROUTES, type TRouteName } from '../lib/routes';
import { AppProviders } from './providers';
import { ROUTE_OBJECTS } from './router';

/**
 * Build-time prerender of the storefront pages that need no data (issue #14): scripts/prerender.mjs runs this
 * module (built by `vite build --ssr`) and writes each page's HTML in both languages, so text is on screen before
 * any script runs; the browser then hydrates it (app/main.tsx). The FAQ is drawn with its list loading (the
 * client's first render is the same), and so are the recharge form (packs loading) and the order result (card
 * loading). /contact-ezrecharge, whose form is a lazy chunk (renderToString would leave its Suspense fallback, and
 * hydration would report it), gets a shell.
 *
 * The server also runs it, for one page: an order's result page drawn with the order (`orderResultDocument`).
 */
export const PRERENDERED: readonly TRouteName[] = [
  'portal',
  'login',
  'register',
  'reset-pwsd',
  // Its questions load after the page: the HTML holds the title, the intro and the skeleton of the list.
  'faq',
  // Drawn with the packs loading and the form empty (the form puts a kept draft back after hydrating).
  'recharge',
  // The lookup form; with an order number, its card loading (VARIANTS), which the server fills with the order
  // where it can (orderResultDocument).
  'home-order',
  'about-ezrecharge',
  'about-ezshop',
  'about-ezlivez',
  'about-us',
  'contact-ezlivez',
  'privacy-policy',
  'terms-conditions',
  'refund-policy',
];

/**
 * Pages also drawn at an address with a query (`search`), written beside the page as `<path><suffix>.html`: the
 * server sends that file when the address has the parameter (apps/server/src/infra/spa.ts: `/home-order` with an
 * `order_num` gets `home-order--order_num.html`, the order's card loading; without one, the lookup form). The
 * page's first render must not show the query's value (the card loading does not).
 */
export interface TVariant {
  name: TRouteName;
  search: string;
  suffix: string;
}

export const VARIANTS: readonly TVariant[] = [
  { name: 'home-order', search: '?order_num=EZ0000000000000000000000', suffix: '--order_num' },
];

/**
 * Pages whose form is a lazy chunk are not drawn at build time; they get a shell instead: the page's HTML head
 * (language, title, description, stylesheets inline) with modulepreloads of the page's scripts and texts, so the
 * browser fetches them beside the entry instead of one after another, and an empty #root the app draws into.
 */
export const SHELLS: readonly TRouteName[] = ['contact-ezrecharge'];

export interface TPrerendered {
  path: string;
  /** Locale namespaces the page renders with (core ones included): their chunks are preloaded. */
  texts: readonly string[];
  html: string;
  title: string;
  description: string;
}

const handler = createStaticHandler(ROUTE_OBJECTS);

/**
 * One page in one language, with the cookie notice (a first visit) or without it (`cookieAccepted`: a visitor who
 * confirmed it); the server picks the variant by the notice's cookie (apps/server/src/infra/spa.ts). `seeds` are
 * queries' data the page is drawn with (in the query cache for this render only).
 */
export async function renderPage(
  name: TRouteName,
  language: TLanguage,
  cookieAccepted: boolean,
  search = '',
  seeds: readonly TQuerySeed[] = [],
): Promise<TPrerendered> {
  setCookieNoticeHtmlState(cookieAccepted);
  await i18nReady;
  await setLanguage(language);
  const route = ROUTES[name];
  await loadNamespaces(route.texts);
  const path = route.path;
  const context = await handler.query(new Request(`http://prerender.invalid${path}${search}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered a redirect or response`);
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  for (const seed of seeds) queryClient.setQueryData(seed.key, seed.data);
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    queryClient.clear();
  }
  return {
    path,
    texts: [...CORE_NAMESPACES, ...route.texts],
    html,
    ...documentHead(name, (key) => i18n.t(`common:${key}`)),
  };
}

export { htmlLang } from '../lib/i18n';

/** The shell of a page of SHELLS: no markup, the rest as renderPage. */
export async function renderShell(name: TRouteName, language: TLanguage): Promise<TPrerendered> {
  await i18nReady;
  await setLanguage(language);
  const route = ROUTES[name];
  return {
    path: route.path,
    texts: [...CORE_NAMESPACES, ...route.texts],
    html: '',
    ...documentHead(name, (key) => i18n.t(`common:${key}`)),
  };
}

/** One render at a time: the language, the notice's state and the query cache are the module's own. */
let renderQueue: Promise<unknown> = Promise.resolve();

/**
 * An order's result page drawn with its order (issue #14: its outcome is the page's largest text, and on a phone it
 * would otherwise wait for the scripts and a round trip to the API): the template's #root holds the page with the
 * order, and the order goes with it as the query's seed (lib/query-seed.ts), so that the browser's first render
 * hydrates the same markup. The browser then asks for the order again (a signed-in buyer sees the e-mail unmasked).
 */
export const orderResultDocument: TOrderPageRenderer = (request) => {
  const run = async () => {
    const orderNum = (new URLSearchParams(request.search).get('order_num') ?? '').trim();
    const seeds: TQuerySeed[] = [{ key: orderResultQueryKey(orderNum), data: request.order }];
    const page = await renderPage(
      'home-order',
      request.language,
      request.cookieAccepted,
      request.search,
      seeds,
    );
    return fillRoot(request.template, page.html, querySeedScript(seeds));
  };
  const result = renderQueue.then(run);
  renderQueue = result.catch(() => undefined);
  return result;
};

/** The template with `html` inside its #root (the page's last element) and `before` just ahead of #root. */
function fillRoot(template: string, html: string, before: string): string {
  const start = template.indexOf('<div id="root"');
  const open = template.indexOf('>', start) + 1;
  const close = template.lastIndexOf('</div>', template.lastIndexOf('</body>'));
  if (start < 0 || open <= start || close < open)
    throw new Error('orderResultDocument: the template has no #root');
  return `${template.slice(0, start)}${before}${template.slice(start, open)}${html}${template.slice(close)}`;
}
