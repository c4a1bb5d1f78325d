import { fileURLToPath } from 'node:url';
import { MAX_BODY_BYTES } from '@ezrecharge/shared';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { RouteDeps } from './composition';
import type { Config } from './config';
import { openCore } from './core';
import type { BigoClientOptions } from './gateways/bigo/bigo-client';
import { registerSandboxes } from './gateways/sandboxes';
import { registerApiDocs } from './infra/api-docs';
import { registerAuth } from './infra/auth';
import type { Database } from './infra/db';
import { registerErrorHandler } from './infra/http';
import { registerInputHygiene } from './infra/input-hygiene';
import type { JobQueue } from './infra/jobs';
import { createLogger, type LogStream } from './infra/logging';
import { registerMetrics } from './infra/metrics';
import { registerSecurityHeaders } from './infra/security';
import { registerGracefulStop, SHUTDOWN_LIMITS } from './infra/shutdown';
import { registerSpa } from './infra/spa';
import { attachmentsRoutes } from './modules/attachments/attachments-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { twoFactorRoutes } from './modules/auth/two-factor-routes';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes';
import { disputesRoutes } from './modules/disputes/disputes-routes';
import { faqRoutes } from './modules/faq/faq-routes';
import { feedbackRoutes } from './modules/feedback/feedback-routes';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment-routes';
import { healthRoutes } from './modules/health/health-routes';
import { jobsRoutes } from './modules/jobs/jobs-routes';
import { ordersRoutes, resultPageOrder } from './modules/orders/orders-routes';
import { paymentsRoutes } from './modules/payments/payments-routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation-routes';
import { refundsRoutes } from './modules/refunds/refunds-routes';
import { rewardsRoutes } from './modules/rewards/rewards-routes';
import { riskRoutes } from './modules/risk/risk-routes';
import { salesRoutes } from './modules/sales/sales-routes';
import { usersRoutes } from './modules/users/users-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database; modules receive it through their plugin options, tests use it to inspect state. */
    database: Database;
    /** The durable job queue; tests call `app.jobs.runDue()` instead of waiting for the worker. */
    jobs: JobQueue;
  }
}

export interface AppOptions {
  /** Request logging (pino to stdout). Tests turn it off. */
  logger?: boolean;
  /** Every log line, at every level, to this stream instead (tests that check what a log never says). */
  logStream?: LogStream;
  /** Folder of the built web app; defaults to apps/web/dist. */
  webRoot?: string;
  /** Where the one-time first-start notice (generated admin password) is written. Never the log. */
  announce?: (text: string) => void;
  /** Run the background job workers (default: RUN_JOBS). Tests turn them off and run due jobs themselves. */
  workers?: boolean;
  /** BIGO client timeouts (not configuration: tests shorten them to reach the timeout paths quickly). */
  bigoClient?: BigoClientOptions;
  /** How often idle job workers poll (not configuration: tests lengthen it to prove the wake-ups). */
  jobPollMs?: number;
  /** The services' clock (core.ts CoreOptions.now); tests move it forward instead of waiting. */
  now?: () => Date;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes the function Fastify itself makes of a number (trust the
 * `hops` nearest addresses), since Fastify's types accept no number.
 */
function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Domain routes under /api/v1, each a Fastify plugin mapping HTTP to the services of the composition root. */
const MODULE_ROUTES: FastifyPluginAsyncZod<RouteDeps>[] = [
  authRoutes,
  twoFactorRoutes,
  usersRoutes,
  attachmentsRoutes,
  catalogueRoutes,
  faqRoutes,
  feedbackRoutes,
  paymentsRoutes,
  ordersRoutes,
  refundsRoutes,
  reconciliationRoutes,
  rewardsRoutes,
  fulfilmentRoutes,
  disputesRoutes,
  jobsRoutes,
  salesRoutes,
  riskRoutes,
];

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the whole server: the core (data dir, database, services and jobs: a bad start stops with one clear line),
 * then Fastify with external plugins, infrastructure, domain routes and the SPA, in that order.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const log = createLogger(options.logger ?? true, options.logStream);
  const core = await openCore(config, {
    log,
    announce: options.announce ?? ((text: string) => process.stdout.write(`${text}\n`)),
    bigoClient: options.bigoClient,
    jobPollMs: options.jobPollMs,
    now: options.now,
  });

  const app = Fastify({
    loggerInstance: log,
    bodyLimit: MAX_BODY_BYTES,
    // request.ip (every per-address limit, sessions, audit) comes from X-Forwarded-For only through trusted proxies.
    trustProxy: trustProxyOption(config.trustProxy),
    // A closing process still answers what arrives on connections already open (with `Connection: close`, main.ts)
    // instead of 503: a proxy does not retry a POST that got a 503, and nothing new reaches a closed listener.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', core.database);
  app.decorate('jobs', core.jobs);
  registerErrorHandler(app);
  registerInputHygiene(app);
  registerGracefulStop(app);
  // Before the routes: its request hook applies to routes registered after it.
  registerMetrics(app, { token: config.metricsToken });
  // preClose runs before every onClose hook, so no job is mid-query when the database closes.
  app.addHook('preClose', async () => {
    await core.jobs.stop({ graceMs: SHUTDOWN_LIMITS.graceMs });
  });
  app.addHook('onClose', () => core.close());

  try {
    const guards = registerAuth(app, core.sessions);
    const deps: RouteDeps = {
      services: core.services,
      guards,
      sessions: core.sessions,
      payments: core.gateways.payments,
      secureCookies: config.publicUrl.startsWith('https://'),
    };

    await app.register(formbody);
    await registerSecurityHeaders(app, config, core.gateways.payments.formOrigins());
    await registerApiDocs(app, config);

    await app.register(
      async (api) => {
        await api.register(healthRoutes, { database: core.database, version: config.version });
        for (const routes of MODULE_ROUTES) await api.register(routes, deps);
      },
      { prefix: '/api/v1' },
    );
    await registerSandboxes(app, {
      providers: config.providers,
      settings: core.settings,
      publicUrl: config.publicUrl,
      db: core.db,
      guards,
    });

    await registerSpa(app, options.webRoot ?? DEFAULT_WEB_ROOT, {
      readOrder: resultPageOrder(core.services.orders),
    });
    await app.ready();
    if (options.workers ?? config.runJobs) core.jobs.start();
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
  return app;
}
