import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers and a CSP without inline script. Styles allow 'unsafe-inline' because Ant Design injects its
 * CSS-in-JS at run time; scripts never do.
 *
 * `form-action` allows this site and exactly the origins the payment providers' hand-off forms post to
 * (each payment provider's descriptor declares them: `handoffOrigins(settings).form`): Fiuu's payment host, or without Fiuu keys the built-in sandbox, which lives at
 * PUBLIC_URL. The sandbox's origin must be listed even though it is this server: `'self'` means the origin the page
 * was loaded from, and a buyer may reach the server by another name than PUBLIC_URL's (`npm start` announces
 * http://localhost:3000 while Fastify logs http://127.0.0.1:3000), so the post to the sandbox would be blocked and
 * the hand-off would hang (issue #13). The hand-off keeps going to the one configured address rather than one
 * derived from the request's Host header: that header is the client's to choose, and the return and notify URLs
 * the gateway holds are PUBLIC_URL's anyway. In production only the real gateways' hosts are listed.
 *
 * Helmet's middleware is built once (issue #12): the Fastify plugin built it anew for every request, parsing the CSP
 * directives each time (2 % of an order commit's CPU). A route may still set a header of its own afterwards (the
 * attachment download's stricter CSP).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  formOrigins: readonly string[],
): Promise<void> {
  const formAction = ["'self'", ...new Set(formOrigins)];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction,
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where the site is really served over HTTPS.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
