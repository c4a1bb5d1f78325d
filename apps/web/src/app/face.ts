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
function leaveForConsole({ request }: LoaderFunctionArgs): Promise<never> {
  const url = new URL(request.url);
  carryToasts();
  window.location.assign(`${url.pathname}${url.search}${url.hash}`);
  return new Promise<never>(() => {});
}

/**
 * The storefront's not-found route's loader: an address that is one of the console's paths (as the server tells them
 * apart: exact, trailing slash ignored) leaves for the console's page; any other is not found here. One check on an
 * unknown address rather than a route per console path, which the router would rank on every navigation.
 */
export function handToConsole(consolePaths: ReadonlySet<string>) {
  return (args: LoaderFunctionArgs): Promise<never> | null => {
    const pathname = new URL(args.request.url).pathname.replace(/\/+$/, '') || '/';
    return consolePaths.has(pathname) ? leaveForConsole(args) : null;
  };
}
