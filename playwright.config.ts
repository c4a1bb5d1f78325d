import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (the registry cannot download Playwright's own browsers here). The server
 * runs for real on a throw-away database and data directory, serving the built web app.
 */
const CHROMIUM = '/usr/bin/chromium';
// E2E_PORT lets two checkouts (git worktrees) run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 3217);

if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Browser tests need Debian's chromium at ${CHROMIUM}: run \`apt-get install -y chromium\`.`,
  );
}
if (!existsSync('apps/web/dist/index.html')) {
  throw new Error('Browser tests need the built web app: run `npm run build` first.');
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // CI runs the journeys one at a time: on this two-core machine two journeys, their two browsers and the one
  // server they share starved each other (pages not drawn within 10 s, API calls waiting a minute), though every
  // journey passes alone. Locally, two workers.
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    // The recharge form starts in the currency of the browser's region and clock (MY → MYR, SG → SGD); a fixed
    // clock keeps the journeys' first currency the first listed wherever they run.
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
