import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startMetricsListener } from './infra/metrics';
import { StartupError } from './infra/startup-error';

/** Reads config, builds the app, listens; closes gracefully on SIGTERM/SIGINT. Nothing else lives here. */
function fail(message: string): never {
  process.stderr.write(`EzRecharge cannot start: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let app: FastifyInstance;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    app = await buildApp(config);
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
    // Bounded: every wait has a limit, and a watchdog exits with code 1 naming what it waited for (infra/shutdown.ts).
    app.gracefulStop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => {});
    const code = (err as NodeJS.ErrnoException).code;
    fail(code === 'EADDRINUSE' ? `PORT ${config.port} is already in use` : String(err));
  }
  if (config.metricsListener) {
    try {
      // Left open until the process exits: it serves the shutdown's own metrics until the last moment.
      await startMetricsListener({ ...config.metricsListener, token: config.metricsToken });
    } catch (err) {
      await app.close().catch(() => {});
      fail(`METRICS_PORT ${config.metricsListener.port} cannot be listened on: ${String(err)}`);
    }
  }
  process.stdout.write(`EzRecharge is running at ${config.publicUrl}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `EzRecharge crashed during start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
