/**
 * Benchmark: order commit (POST /api/v1/order/) against a running server, on the embedded database and on
 * PostgreSQL. Each commit is the full path a buyer's click takes: rate limit, wire decryption, price lookup and
 * recomputation, the BIGO precheck over HTTP (to the built-in simulator), the order row with its events, the
 * Fiuu hand-off and the timeout job. Prints orders/s and latency percentiles.
 *
 * BIGO is a separate process, as in production (bigo-far-end.ts: the BIGO simulator with the public key of a key
 * pair made for the run), and the measured server talks to it with the BIGO_* variables like to the real API, signing
 * with the algorithm the server is configured with: its default (RS256) unless BIGO_SIGN_ALG says otherwise. Run in
 * one process, the simulator's half of every precheck would be billed to the shop's server.
 *
 *   npm run bench                      # both databases (PostgreSQL when reachable)
 *   BENCH_SECONDS=30 BENCH_CONCURRENCY=32 npm run bench
 *   BIGO_SIGN_ALG=ES256 npx tsx scripts/bench/order-commit.ts
 */

import { loadConfig } from '../../apps/server/src/config';
import { startBigoFarEnd } from './bigo-far-end';
import { commitBody } from './commit';
import { type LoadResult, loopbackAgents, runLoad, send } from './load';
import { type BenchServer, benchTargets, cpuMs, memoryOf, startServer } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

/** The algorithm the server signs BIGO calls with under this environment: BIGO_SIGN_ALG, else config.ts's default. */
function configuredSignAlg(): 'RS256' | 'ES256' {
  const config = loadConfig({
    DATABASE_URL: 'memory://',
    BIGO_API_BASE: 'https://bigo.invalid',
    BIGO_CLIENT_ID: 'bench',
    BIGO_PRIVATE_KEY: 'bench',
    ...(process.env.BIGO_SIGN_ALG ? { BIGO_SIGN_ALG: process.env.BIGO_SIGN_ALG } : {}),
  });
  if (!config.bigo) throw new Error('BIGO settings did not load');
  return config.bigo.signAlg;
}

interface CommitResult extends LoadResult {
  /** CPU time of the server process (all its threads) per successful commit, ms. */
  cpuPerCommit: number;
  /** CPU time of the PostgreSQL backends serving the server per successful commit, ms (0 for the embedded one). */
  dbCpuPerCommit: number;
  /** The BIGO far end's and this process's (the load generator's) CPU time per successful commit, ms. */
  farEndCpuPerCommit: number;
  loadCpuPerCommit: number;
  /** The server's resident memory after the run and its peak, MB. */
  memory: { rss: number; peak: number };
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function measure(server: BenchServer, farEndPid: number): Promise<CommitResult> {
  // ~30 commits per address per minute is the public limit: enough addresses that it never binds here (the warm-up
  // and the run together stay under a minute, so 2 500 addresses allow 75 000 commits, over 4 000/s).
  const agents = loopbackAgents(2500);
  const body = await commitBody(server.url);
  const spec = { method: 'POST', path: '/api/v1/order/', body };
  const check = (status: number, text: string) => status === 200 && text.includes('"order_num"');
  // Warm-up on other addresses' budgets is fine: the limiter window is per minute and we rotate 500 addresses.
  await runLoad({
    base: server.url,
    agents,
    concurrency: CONCURRENCY,
    durationMs: WARMUP_SECONDS * 1000,
    next: () => spec,
    check,
  });
  const first = await send(server.url, agents[0] as (typeof agents)[number], spec);
  if (first.status !== 200)
    throw new Error(`commit refused: HTTP ${first.status} ${first.body.slice(0, 200)}`);
  const dbPids = await server.databasePids();
  const dbCpu = () => dbPids.reduce((sum, pid) => sum + (cpuMs(pid) || 0), 0);
  const cpuBefore = cpuMs(server.pid);
  const dbCpuBefore = dbCpu();
  const farEndBefore = cpuMs(farEndPid);
  const loadBefore = ownCpuMs();
  const result = await runLoad({
    base: server.url,
    agents,
    concurrency: CONCURRENCY,
    durationMs: SECONDS * 1000,
    next: () => spec,
    check,
  });
  const limited = Object.entries(result.failures).filter(([reason]) => reason.startsWith('HTTP 429'));
  if (limited.length > 0)
    // Refusals are answered in well under a millisecond and would flatter the latency percentiles.
    throw new Error(
      `the public rate limit bound during the run (${limited.reduce((n, [, c]) => n + c, 0)} × 429): figures would be void; use more addresses`,
    );
  const cpuPerCommit = (cpuMs(server.pid) - cpuBefore) / Math.max(1, result.ok);
  const perCommit = (ms: number) => ms / Math.max(1, result.ok);
  const dbCpuPerCommit = perCommit(dbCpu() - dbCpuBefore);
  const farEndCpuPerCommit = perCommit(cpuMs(farEndPid) - farEndBefore);
  const loadCpuPerCommit = perCommit(ownCpuMs() - loadBefore);
  for (const a of agents) a.destroy();
  return {
    ...result,
    cpuPerCommit,
    dbCpuPerCommit,
    farEndCpuPerCommit,
    loadCpuPerCommit,
    memory: memoryOf(server.pid),
  };
}

function row(label: string, r: CommitResult): string {
  const f = (n: number) => n.toFixed(1);
  return `| ${label} | ${r.ok} | ${f(r.perSecond)} | ${f(r.p50)} | ${f(r.p90)} | ${f(r.p99)} | ${f(r.max)} | ${r.requests - r.ok} | ${[r.cpuPerCommit, r.dbCpuPerCommit, r.farEndCpuPerCommit, r.loadCpuPerCommit].map((ms) => ms.toFixed(2)).join(' | ')} |`;
}

async function main() {
  const targets = await benchTargets();
  console.log(
    `order commit: ${CONCURRENCY} concurrent clients, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up`,
  );
  const rows: string[] = [];
  const notes: string[] = [];
  const bigo = await startBigoFarEnd(configuredSignAlg());
  console.log(
    `BIGO requests signed with ${bigo.alg} (${process.env.BIGO_SIGN_ALG ? 'BIGO_SIGN_ALG' : 'the configured default'})`,
  );
  // BIGO_SIGN_ALG itself reaches the server through the environment when set; unset, the server uses its default.
  const bigoEnv = {
    BIGO_API_BASE: bigo.apiBase,
    BIGO_CLIENT_ID: bigo.clientId,
    BIGO_PRIVATE_KEY: bigo.privateKey,
  };
  for (const target of targets) {
    const server = await startServer(target, bigoEnv);
    try {
      const result = await measure(server, bigo.pid);
      rows.push(row(server.label, result));
      const mb = (n: number) => n.toFixed(0);
      notes.push(
        `${server.label}: server RSS after the run ${mb(result.memory.rss)} MB (peak ${mb(result.memory.peak)} MB)`,
      );
      for (const [reason, n] of Object.entries(result.failures))
        console.log(`  ${server.label} failures: ${n} × ${reason}`);
    } finally {
      await server.stop();
    }
  }
  await bigo.stop();
  console.log('');
  console.log(`BIGO signature: ${bigo.alg}`);
  console.log(
    '| database | commits | commits/s | p50 ms | p90 ms | p99 ms | max ms | failed | CPU ms/commit: server | PostgreSQL | BIGO | load generator |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log('');
  for (const n of notes) console.log(n);
}

await main();
