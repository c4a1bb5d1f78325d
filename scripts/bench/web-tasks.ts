/**
 * Where a storefront page's load spends the main thread (issue #30): the tasks after the first paint that
 * Lighthouse's TBT is made of, each with the sources its time went to. Lighthouse gives each long task's length but
 * not its contents (its traces hold no JS samples); this traces the load itself, with JS samples, and maps them
 * through the build's source maps to the app's modules and libraries (`src/lib/storage.ts`, `nm:preact`, `nm:zod`…).
 *
 * Builds the web app (`npm run build`, its storefront with source maps: BENCH_WEB_SOURCEMAP=1), starts the real
 * server (scripts/bench/server.ts: the embedded database, the sandboxes), then loads the page as a first-time
 * visitor (a fresh browser context, Lighthouse's phone screen, touch) in Debian Chromium, RUNS times, and prints
 * each task of at least MIN_MS after the first contentful paint, until the app is live and the network has been
 * quiet for 800 ms. The figures are the browser's own, unthrottled unless RATE is set:
 * Lighthouse multiplies them by 4 on its simulated phone, and a task counts towards TBT by what it takes over 50 ms.
 * Each run ends with the tasks' total and that excess (× 4 / RATE), a proxy of TBT for comparing two builds run in
 * turn. A measuring aid, not a test: the dist it leaves holds source maps until the next `npm run build`.
 *
 *   npm run bench:web-tasks
 *   BENCH_TASKS_LANG=zh BENCH_TASKS_FINE=1 BENCH_TASKS_RUNS=5 npm run bench:web-tasks
 *
 * BENCH_TASKS_PATH (default /recharge), BENCH_TASKS_LANG (en, zh), BENCH_TASKS_RUNS (default 3), BENCH_TASKS_RATE
 * (CDP CPU slowdown, default 1), BENCH_TASKS_MIN_MS (default 8), BENCH_TASKS_FINE=1 (functions and lines rather
 * than modules), BENCH_TASKS_BUILD=0 (reuse a dist built with source maps), CHROME_PATH (default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { type BenchServer, ROOT, startServer } from './server';
import { CHROME_FLAGS, CHROME_PATH, PHONE_VIEWPORT, positiveInt } from './web-browser';

const PAGE_PATH = process.env.BENCH_TASKS_PATH || '/recharge';
const LANG = process.env.BENCH_TASKS_LANG === 'zh' ? 'zh' : 'en';
const RUNS = positiveInt('BENCH_TASKS_RUNS', 3);
const RATE = positiveInt('BENCH_TASKS_RATE', 1);
const MIN_MS = positiveInt('BENCH_TASKS_MIN_MS', 8);
const FINE = process.env.BENCH_TASKS_FINE === '1';
const BUILD = process.env.BENCH_TASKS_BUILD !== '0';
const DIST = path.join(ROOT, 'apps/web/dist');
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];
/**
 * The browser's own work that the JS samples show only as `(program)`: style, layout, paint, parsing and compiling.
 * Each task also lists the time its events of these kinds took (an event inside another one is counted once).
 */
const NATIVE_EVENTS = new Set([
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'v8.compile',
  'v8.compileModule',
  'DecodeImage',
]);
/** How many sources each task lists. */
const TOP = FINE ? 12 : 6;

/** `npm run build`, with source maps for the storefront (apps/web/vite.config.ts); its output only if it fails. */
function buildWithSourceMaps(): void {
  console.log('building the web app with source maps…');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BENCH_WEB_SOURCEMAP: '1' },
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`npm run build failed (exit ${result.status})`);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(url: string): SourceMapConsumer | null {
  const pathname = new URL(url).pathname;
  if (!pathname.startsWith('/assets/')) return null;
  const file = `${path.join(DIST, pathname)}.map`;
  if (!maps.has(file)) {
    maps.set(file, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(file) ?? null;
}

/** A sample's source: the app's module or a library (nm:…), or the browser's own work in parentheses. */
function sourceOf(node: ProfileNode | undefined): string {
  if (!node) return '(unknown)';
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  if (functionName.startsWith('(')) return functionName;
  if (!url) return functionName || '(native)';
  const map = url.startsWith('http') ? mapOf(url) : null;
  const position = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (!position?.source) return url.split('/').pop() ?? url;
  let source = position.source
    .replace(/^(\.\.\/)+/, '')
    .replace(/.*node_modules\//, 'nm:')
    .replace(/^apps\/web\//, '')
    .replace(/^packages\/shared\/src\//, 'shared:');
  if (!FINE && source.startsWith('nm:'))
    source = source
      .split('/')
      .slice(0, source.startsWith('nm:@') ? 2 : 1)
      .join('/');
  return FINE ? `${source}:${position.line}${position.name ? ` ${position.name}` : ''}` : source;
}

async function traceLoad(browser: Browser, url: string, runNumber: number): Promise<void> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE_VIEWPORT);
    if (LANG === 'zh') {
      // As the Lighthouse runs (web.ts): the language toggle's stored choice and the cookie the server picks the
      // prerendered page's language by. With the key alone, the English page came and the app drew it afresh in
      // Chinese instead of hydrating it.
      await page.evaluateOnNewDocument(() => {
        if (!window.localStorage.getItem('lang')) window.localStorage.setItem('lang', 'zh');
      });
      await page.setCookie({ name: 'lang', value: 'zh', url, sameSite: 'Lax' });
    }
    const cdp = await page.createCDPSession();
    if (RATE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await page.tracing.start({ categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live', { timeout: 60_000 });
    await page.waitForNetworkIdle({ idleTime: 800 });
    const trace = await page.tracing.stop();
    if (!trace) throw new Error('the trace came back empty');
    const { traceEvents: events } = JSON.parse(Buffer.from(trace).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };

    const navigation = events.find(
      (e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith(url),
    );
    if (!navigation) throw new Error(`no navigation to ${url} in the trace`);
    const onMain = (e: TraceEvent) => e.pid === navigation.pid && e.tid === navigation.tid;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && onMain(e))?.ts ?? navigation.ts;
    const tasks = events
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts >= fcp)
      .sort((a, b) => a.ts - b.ts);
    const natives = events
      .filter((e) => NATIVE_EVENTS.has(e.name) && e.ph === 'X' && onMain(e) && e.ts >= fcp)
      .sort((a, b) => a.ts - b.ts);

    // The renderer's JS samples: the profile of the page's main thread, in chunks.
    const profiles = events.filter((e) => e.name === 'Profile' && e.pid === navigation.pid);
    const profile = profiles.find((e) => e.tid === navigation.tid) ?? profiles[0];
    const nodes = new Map<number, ProfileNode>();
    const samples: { node: number; at: number }[] = [];
    let at = Number(profile?.args?.data?.startTime ?? 0);
    for (const e of events) {
      if (e.name !== 'ProfileChunk' || e.pid !== navigation.pid || e.id !== profile?.id) continue;
      const data = e.args?.data as
        | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
        | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
        at += data?.timeDeltas?.[i] ?? 0;
        samples.push({ node, at });
      });
    }

    console.log(
      `run ${runNumber} (${LANG}, CPU ×${RATE}): first contentful paint at ${ms(fcp - navigation.ts)} ms`,
    );
    let busy = 0;
    let excess = 0;
    for (const task of tasks) {
      const duration = (task.dur ?? 0) / 1000;
      busy += duration;
      excess += Math.max(0, (duration * 4) / RATE - 50);
      if (duration < MIN_MS) continue;
      const bySource = new Map<string, number>();
      for (const sample of samples) {
        if (sample.at < task.ts || sample.at >= task.ts + (task.dur ?? 0)) continue;
        const source = sourceOf(nodes.get(sample.node));
        bySource.set(source, (bySource.get(source) ?? 0) + 1);
      }
      const counted = [...bySource.values()].reduce((a, b) => a + b, 0) || 1;
      const top = [...bySource]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([source, count]) => `${source} ${((duration * count) / counted).toFixed(1)}`)
        .join(', ');
      console.log(`  at ${ms(task.ts - navigation.ts)} ms, ${duration.toFixed(1)} ms: ${top}`);
      const native = nativeTime(natives, task);
      if (native) console.log(`    browser: ${native}`);
    }
    console.log(
      `  tasks after the first paint: ${busy.toFixed(0)} ms; their excess over 50 ms at ×4: ${excess.toFixed(0)} ms`,
    );
  } finally {
    await context.close();
  }
}

/** The task's style, layout, paint, parsing and compiling, by kind, the longest first; empty when under 1 ms. */
function nativeTime(natives: readonly TraceEvent[], task: TraceEvent): string {
  const end = task.ts + (task.dur ?? 0);
  const byName = new Map<string, number>();
  let countedUntil = 0;
  for (const event of natives) {
    if (event.ts < task.ts || event.ts >= end || event.ts < countedUntil) continue;
    countedUntil = event.ts + (event.dur ?? 0);
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...byName]
    .filter(([, time]) => time >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, time]) => `${name} ${time.toFixed(1)}`)
    .join(', ');
}

const ms = (microseconds: number): string => (microseconds / 1000).toFixed(0);

async function main(): Promise<void> {
  if (BUILD) buildWithSourceMaps();
  else if (!existsSync(DIST)) throw new Error('apps/web/dist is missing: run without BENCH_TASKS_BUILD=0');
  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer('embedded');
    browser = await puppeteer.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: CHROME_FLAGS,
    });
    console.log(`${await browser.version()}; ${server.url}${PAGE_PATH}`);
    for (let i = 1; i <= RUNS; i++) await traceLoad(browser, `${server.url}${PAGE_PATH}`, i);
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
