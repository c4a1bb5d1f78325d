import { ConfigError, loadConfig } from './config';
import { type Core, openCore } from './core';
import { createLogger } from './infra/logging';
import { startMetricsListener } from './infra/metrics';
import { StartupError } from './infra/startup-error';

/**
 * A worker-only process (`npm run worker`): the same core as the web process (database, gateways, services, every
 * job handler) with no HTTP listener. Run any number of them beside web processes started with RUN_JOBS=0 to scale
 * delivery, refunds and mail apart from web traffic. Needs PostgreSQL (DATABASE_URL): the embedded database belongs
 * to one process. SIGTERM / SIGINT stop claiming jobs, let running ones finish, then close.
 */
function fail(message: string): never {
  process.stderr.write(`EzRecharge worker cannot start: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const log = createLogger(true);
  let core: Core;
  let metricsClose: () => Promise<void> = async () => {};
  try {
    const config = loadConfig();
    if (config.database.kind !== 'postgres') {
      fail('npm run worker needs DATABASE_URL (postgres://…): the embedded database belongs to one process');
    }
    core = await openCore(config, {
      log,
      announce: (text) => process.stdout.write(`${text}\n`),
      role: 'worker',
    });
    if (config.metricsListener) {
      const listener = await startMetricsListener({ ...config.metricsListener, token: config.metricsToken });
      metricsClose = () => listener.close();
    }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof StartupError) fail(err.message);
    throw err;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      process.stderr.write(`${signal} again: exiting now\n`);
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'worker shutting down: finishing the jobs in hand');
    Promise.all([core.close(), metricsClose()]).then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'error during worker shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  core.jobs.start();
  log.info('worker started: running jobs, no HTTP listener');
  process.stdout.write('EzRecharge worker is running (jobs only)\n');
}

main().catch((err: unknown) => {
  process.stderr.write(
    `EzRecharge worker crashed during start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
