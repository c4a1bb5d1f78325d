/**
 * Benchmark: resident memory of an idle server (issue #12: "embedded idle RSS ≤ 350 MB"). Starts the real server
 * (apps/server/src/main.ts, as `npm start` does after its build) and reads VmRSS and VmHWM (the peak) from
 * /proc/<pid>/status once startup has settled: on the embedded database at its first start (a fresh DATA_DIR: the
 * database is created), again on the same DATA_DIR (a restart), and on PostgreSQL when it answers.
 *
 *   npx tsx scripts/bench/idle-rss.ts                 # part of npm run bench
 *   BENCH_SETTLE_SECONDS=30 npx tsx scripts/bench/idle-rss.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { memoryOf, postgresAvailable, startServer } from './server';

const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const TARGET_EMBEDDED_MB = 350;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(
  label: string,
  database: 'embedded' | 'postgres',
  dataDir?: string,
): Promise<{ label: string; rss: number; peak: number }> {
  const server = await startServer(database, {}, dataDir ? { dataDir } : {});
  try {
    // One request through the API, as a load balancer's health check or the first visitor would make.
    await fetch(`${server.url}/api/v1/product/select?release=1`);
    await sleep(SETTLE_SECONDS * 1000);
    return { label, ...memoryOf(server.pid) };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const rows: { label: string; rss: number; peak: number }[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ezr-bench-rss-'));
  try {
    rows.push(await measure('embedded (PGlite), first start', 'embedded', dataDir));
    rows.push(await measure('embedded (PGlite), restart', 'embedded', dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (await postgresAvailable()) rows.push(await measure('PostgreSQL', 'postgres'));
  else console.log('PostgreSQL not reachable at BENCH_DATABASE_URL: measuring the embedded database only.');
  console.log(`idle server memory, ${SETTLE_SECONDS} s after start`);
  console.log('');
  console.log(`| server | RSS MB | peak RSS MB | embedded ≤ ${TARGET_EMBEDDED_MB} MB |`);
  console.log('|---|---|---|---|');
  let failed = false;
  for (const r of rows) {
    const embedded = r.label.startsWith('embedded');
    const ok = r.rss <= TARGET_EMBEDDED_MB;
    failed ||= embedded && !ok;
    console.log(
      `| ${r.label} | ${r.rss.toFixed(0)} | ${r.peak.toFixed(0)} | ${embedded ? (ok ? 'yes' : 'NO') : '–'} |`,
    );
  }
  if (failed) process.exitCode = 1;
}

await main();
