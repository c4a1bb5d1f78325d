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
import type { Config } from './config';
import { seedFirstStart } from './db/seed';
import { createGateways } from './gateways';
import type { BigoClientOptions } from './gateways/bigo/bigo-client';
import { sandboxRoutes } from './gateways/sandbox/sandbox-routes';
import { registerApiDocs } from './infra/api-docs';
import { registerAuth, Sessions } from './infra/auth';
import { openDataDir } from './infra/data-dir';
import { type Database, openDatabase } from './infra/db';
import type { AppDeps } from './infra/deps';
import { registerErrorHandler } from './infra/http';
import { createJobQueue, type JobQueue } from './infra/jobs';
import { loggerOptions } from './infra/logging';
import { createMailer } from './infra/mail';
import { createRateLimiter } from './infra/rate-limit';
import { registerSecurityHeaders } from './infra/security';
import { registerSpa } from './infra/spa';
import { attachmentsRoutes } from './modules/attachments/attachments-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes';
import { faqRoutes } from './modules/faq/faq-routes';
import { feedbackRoutes } from './modules/feedback/feedback-routes';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment-routes';
import { healthRoutes } from './modules/health/health-routes';
import { ordersRoutes } from './modules/orders/orders-routes';
import { paymentsRoutes } from './modules/payments/payments-routes';
import { refundsRoutes } from './modules/refunds/refunds-routes';
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
  /** Folder of the built web app; defaults to apps/web/dist. */
  webRoot?: string;
  /** Where the one-time first-start notice (generated admin password) is written. Never the log. */
  announce?: (text: string) => void;
  /** Run the background job worker (default true). Tests turn it off and run due jobs themselves. */
  workers?: boolean;
  /** BIGO client timeouts (not configuration: tests shorten them to reach the timeout paths quickly). */
  bigoClient?: BigoClientOptions;
}

/** Domain modules under /api/v1, each a Fastify plugin taking AppDeps. */
const MODULE_ROUTES: FastifyPluginAsyncZod<AppDeps>[] = [
  authRoutes,
  usersRoutes,
  attachmentsRoutes,
  catalogueRoutes,
  faqRoutes,
  feedbackRoutes,
  paymentsRoutes,
  ordersRoutes,
  refundsRoutes,
  fulfilmentRoutes,
];

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the whole server: data dir and database first (a bad one stops the start with one clear line), then
 * Fastify with external plugins, infrastructure, domain modules and the SPA, in that order.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const announce = options.announce ?? ((text: string) => process.stdout.write(`${text}\n`));
  const dataDir = await openDataDir(config);
  let database: Database | undefined;
  try {
    database = await openDatabase(config.database);
    const seed = await seedFirstStart(database.db, config);
    if (seed.generatedAdminPassword) {
      announce(
        [
          '',
          '  First start: superuser created.',
          `    username: ${config.admin.username}`,
          `    password: ${seed.generatedAdminPassword}`,
          '  This password is shown only once. Sign in and change it, or set ADMIN_PASSWORD before the first start.',
          '',
        ].join('\n'),
      );
    }
  } catch (err) {
    await database?.close().catch(() => {});
    await dataDir.release();
    throw err;
  }
  const db = database;

  const app = Fastify({
    logger: loggerOptions(options.logger ?? true),
    bodyLimit: MAX_BODY_BYTES,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', db);
  registerErrorHandler(app);
  const mailer = createMailer(config, dataDir.outbox, app.log);
  const limiter = await createRateLimiter(config.redisUrl, app.log).catch(async (err: unknown) => {
    await db.close();
    await dataDir.release();
    throw err;
  });
  app.addHook('onClose', async () => {
    mailer.close();
    await limiter.close();
    await db.close();
    await dataDir.release();
  });

  try {
    const sessions = new Sessions(db.db, dataDir.secret);
    const guards = registerAuth(app, sessions);
    const { gateways, settings } = createGateways(config, dataDir.secret, app.log, {
      bigo: options.bigoClient,
    });
    const jobs = createJobQueue(db.db, app.log);
    app.decorate('jobs', jobs);
    // preClose runs before every onClose hook, so no job is mid-query when the database closes.
    app.addHook('preClose', async () => {
      await jobs.stop();
    });
    const deps: AppDeps = {
      config,
      db: db.db,
      database: db,
      dataDir,
      mailer,
      limiter,
      sessions,
      guards,
      gateways,
      settings,
      jobs,
    };

    await app.register(formbody);
    await registerSecurityHeaders(app, config);
    await registerApiDocs(app, config);

    await app.register(
      async (api) => {
        await api.register(healthRoutes, { database: db, version: config.version });
        for (const routes of MODULE_ROUTES) await api.register(routes, deps);
      },
      { prefix: '/api/v1' },
    );
    await app.register(
      async (sandbox) => {
        await sandbox.register(sandboxRoutes, deps);
      },
      { prefix: '/sandbox' },
    );

    await registerSpa(app, options.webRoot ?? DEFAULT_WEB_ROOT);
    await app.ready();
    if (options.workers ?? true) jobs.start();
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
  return app;
}
