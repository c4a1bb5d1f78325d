import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers and a CSP without inline script. Styles allow 'unsafe-inline' because Ant Design injects its
 * CSS-in-JS at run time; scripts never do. The hosted payment form posts to Fiuu, so its origin is a form target.
 *
 * Helmet's middleware is built once (issue #12): the Fastify plugin built it anew for every request, parsing the CSP
 * directives each time (2 % of an order commit's CPU). A route may still set a header of its own afterwards (the
 * attachment download's stricter CSP).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const formAction = ["'self'"];
  if (config.fiuu) formAction.push(new URL(config.fiuu.paymentUrl).origin);
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
