#!/usr/bin/env node
// The server the browser tests talk to: the real entry point on an in-memory database, with a DATA_DIR of its
// own (outbox, uploads) that is removed when the server stops. Playwright starts and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ezr-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.resolve(import.meta.dirname, '../apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: process.env.PORT ?? '3217',
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
