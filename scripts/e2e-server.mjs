#!/usr/bin/env node
// The server the browser tests talk to: the real entry point on an in-memory database, with a DATA_DIR of its
// own (outbox, uploads), emptied at start and removed when the server stops. Playwright starts and stops it.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

// A fixed folder (git-ignored) so that journeys can read the mail outbox: e2e/support.ts knows it.
const dataDir = path.resolve(import.meta.dirname, '../.e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const port = process.env.PORT ?? '3217';
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '../apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: port,
    // The browser uses 127.0.0.1 too: gateway return URLs built from PUBLIC_URL must land on the same origin, or
    // the signed-in state (local storage) would be another origin's.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'e2e-admin-pass',
    ADMIN_EMAIL: 'admin@example.com',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
