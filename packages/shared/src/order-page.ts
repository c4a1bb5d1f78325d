import type { TLanguage } from './support-contact';

/**
 * The contract between the server and the web app's prerender bundle (apps/web/src/app/prerender.tsx, built into
 * apps/web/dist/.ssr): what the server hands the bundle to draw an order's result page for one request
 * (apps/server/src/infra/spa.ts, infra/server-render.ts), issue #14.
 */
export interface TOrderPageRequest {
  /** The prerendered page of the order's card loading, in the visitor's language and notice variant. */
  template: string;
  language: TLanguage;
  /** Whether the visitor confirmed the cookie notice (the page is drawn without it). */
  cookieAccepted: boolean;
  /** The address's query: `?order_num=…&success=…`. */
  search: string;
  /** The order as GET /api/v1/order/stripe answers it for a visitor who is not signed in (its e-mail masked). */
  order: unknown;
}

/** The bundle's `orderResultDocument`: the whole page's HTML, the order in it and handed to the browser. */
export type TOrderPageRenderer = (request: TOrderPageRequest) => Promise<string>;
