import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Security headers and a CSP without inline script. Styles allow 'unsafe-inline' because Ant Design injects its
 * CSS-in-JS at run time; scripts never do. The hosted payment form posts to Fiuu, so its origin is a form target.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const formAction = ["'self'"];
  if (config.fiuu) formAction.push(new URL(config.fiuu.paymentUrl).origin);
  await app.register(helmet, {
    global: true,
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
}
