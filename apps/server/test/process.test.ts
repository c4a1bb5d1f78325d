import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/** The real entry point in its own process: what an operator sees on start, on a bad value and on SIGTERM. */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Debian's Chromium (CI installs it); the browser test is skipped on a machine without it. */
const CHROMIUM = '/usr/bin/chromium';
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += String(d);
  });
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  const waitFor = async (text: string, timeoutMs = 40_000) => {
    const start = Date.now();
    while (!stdout.includes(text)) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${stderr}`);
      if (Date.now() - start > timeoutMs)
        throw new Error(`timed out waiting for "${text}": ${stdout}${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, output, waitFor };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The server on a fresh DATA_DIR and a free loopback port, once it says it is running. */
async function startSite() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ezr-proc-'));
  dirs.push(dataDir);
  const port = await freePort();
  const p = run({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'admin-pass-1' });
  await p.waitFor('EzRecharge is running at');
  return { p, port, dataDir };
}

describe('the server process', () => {
  it('stops at once with one clear line naming a bad variable', async () => {
    const p = run({ PORT: 'eighty', DATABASE_URL: 'memory://' });
    expect(await p.exited).toBe(1);
    const lines = p.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^EzRecharge cannot start: PORT /);
  });

  it('serves, then on SIGTERM stops listening, closes the database and releases the data directory', async () => {
    const { p, port, dataDir } = await startSite();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'pg.lock'))).toBe(true);

    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output().stdout).toContain('shutting down');
    expect(existsSync(path.join(dataDir, 'pg.lock'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
  });

  it('exits within its limits on SIGTERM while a connection that never sent a request stays open', {
    timeout: 90_000,
  }, async () => {
    // Browsers open connections ahead of need (Chromium's preconnects); Node's close() waited for them for ever.
    const { p, port } = await startSite();
    const idle = connect(port, '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const closedByServer = new Promise((resolve) => idle.once('close', resolve));
    const started = Date.now();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    await closedByServer;
    // Well inside the 10 s grace after which connections are closed anyway: the idle connection did not hold it.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(p.output().stdout).toContain('shutdown complete');
  });

  it.skipIf(!existsSync(CHROMIUM))(
    'exits promptly on SIGTERM after serving page loads in Chromium',
    {
      timeout: 90_000,
    },
    async () => {
      const { p, port } = await startSite();
      const { chromium } = await import('@playwright/test');
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
      try {
        const page = await browser.newPage();
        for (const route of ['/', '/recharge', '/faq', '/signin', '/home-order?order_num=EZNOSUCHORDER']) {
          await page.goto(`http://127.0.0.1:${port}${route}`);
        }
        // The browser stays open with its connections (and any it opened ahead of need) while the server stops.
        const started = Date.now();
        p.child.kill('SIGTERM');
        expect(await p.exited).toBe(0);
        // Inside the 10 s grace after which connections are closed anyway: no connection of the browser held it.
        expect(Date.now() - started).toBeLessThan(8_000);
      } finally {
        await browser.close();
      }
    },
  );
});
