#!/usr/bin/env node
// The server the browser tests talk to: the real entry point with a DATA_DIR of its own (outbox, uploads, and the
// embedded database), emptied at start and removed when the server stops. Playwright starts and stops it.
// Before the server starts, scripts/e2e-seed.ts writes into that database what no journey can make through the
// API in its time (e2e/seeded-jobs.ts) and the superusers of the journeys (e2e/seeded-admins.ts).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

// A fixed folder (git-ignored) so that journeys can read the mail outbox: e2e/support.ts knows it.
const dataDir = path.resolve(import.meta.dirname, '../.e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const port = process.env.PORT ?? '3217';
// The embedded database in a folder rather than memory://, so that the seed and the server can open it in turn.
const databaseDir = path.join(dataDir, 'pg');
const { DATABASE_URL: _ignored, ...inherited } = process.env;
// One environment for the seed and the server: the seed writes the first start's data and the journeys' superusers
// (their TOTP secrets sealed with this APP_SECRET) as the server will read them.
const env = {
  ...inherited,
  HOST: '127.0.0.1',
  PORT: port,
  // The browser uses 127.0.0.1 too: gateway return URLs built from PUBLIC_URL must land on the same origin, or
  // the signed-in state (local storage) would be another origin's.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // No DATABASE_URL: the embedded database in DATA_DIR/pg (databaseDir).
  DATA_DIR: dataDir,
  APP_SECRET: randomBytes(32).toString('hex'),
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'e2e-admin-pass',
  ADMIN_EMAIL: 'admin@example.com',
  // The browser and the server are both on 127.0.0.1: a journey that needs buyers of their own addresses (the risk
  // rules count unsuccessful payments per client address) sends X-Forwarded-For, which only loopback may set. Every
  // other journey sends none, so its address stays 127.0.0.1 as before.
  TRUST_PROXY: 'loopback',
};
const seeded = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'e2e-seed.ts'), databaseDir],
  { stdio: 'inherit', env },
);
if (seeded.status !== 0) {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(seeded.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '../apps/server'),
  stdio: 'inherit',
  env,
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
