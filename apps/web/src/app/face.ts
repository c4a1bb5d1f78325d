import type { LoaderFunctionArgs } from 'react-router';
import { carryToasts } from '../lib/toast';

/**
 * Which face of the web app this build is (vite.config.ts): the storefront build (Preact, `--mode storefront`) draws
 * only the public pages; the console build (React with Ant Design, console.html), the dev server and the tests draw
 * every route.
 */
export const STOREFRONT_BUILD = import.meta.env.MODE === 'storefront';

/**
 * A console route reached inside the storefront's page (a link, sign-in's redirect): the browser loads it, and the
 * server answers with the console's page. The toasts showing go along; the router waits for the page to go.
 */
export function leaveForConsole({ request }: LoaderFunctionArgs): Promise<never> {
  const url = new URL(request.url);
  carryToasts();
  window.location.assign(`${url.pathname}${url.search}${url.hash}`);
  return new Promise<never>(() => {});
}
