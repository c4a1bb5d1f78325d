/**
 * Benchmark: how soon a job held by a process that died runs elsewhere (issue #12: "a crashed worker's leased jobs
 * are picked up within seconds, not after a 30 s lease or a 5 minute mail lease"). On PostgreSQL, RUNS times: a
 * child process (the real job queue) claims a job whose handler never ends and is killed with SIGKILL while it
 * renews its lease; a worker polling as the server's do (every 500 ms) takes the job over. Reported: the time
 * from the kill to the takeover.
 *
 *   npx tsx scripts/bench/job-takeover.ts            # part of npm run bench
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { openDatabase } from '../../apps/server/src/infra/db';
import { createJobQueue, defineJob } from '../../apps/server/src/infra/jobs';
import { createLogger } from '../../apps/server/src/infra/logging';
import { percentile } from './load';
import { createDatabase, postgresAvailable } from './server';

const RUNS = Number(process.env.BENCH_TAKEOVER_RUNS ?? 5);
const holdJob = defineJob({
  kind: 'bench-hold',
  payload: z.strictObject({ run: z.number() }),
  maxAttempts: 5,
});

/** Child mode: claim the job and hold it (renewing its lease) until killed. */
async function hold(url: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url });
  const queue = createJobQueue(database.db, createLogger(false), { workerId: 'doomed' });
  queue.handle(holdJob, () => {
    process.stdout.write('held\n');
    return new Promise(() => {});
  });
  queue.start();
}

async function measure(url: string, run: number): Promise<number> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.db.transaction((tx) =>
      createJobQueue(database.db, createLogger(false)).enqueue(tx, holdJob.of({ run })),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--hold', url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('held') && resolve());
      child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    });
    // Let it renew its lease at least once, so the kill lands at a random point of the renewal cycle.
    await new Promise((r) => setTimeout(r, 2_000 + Math.random() * 4_000));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    const killedAt = performance.now();
    await exited;

    const survivor = createJobQueue(database.db, createLogger(false), { workerId: 'survivor' });
    const taken = new Promise<number>((resolve) => {
      survivor.handle(holdJob, async () => {
        resolve(performance.now() - killedAt);
        return undefined;
      });
    });
    survivor.start();
    const ms = await taken;
    await survivor.stop();
    return ms;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--hold') return hold(process.argv[3] ?? '');
  if (!(await postgresAvailable())) {
    console.log('job takeover: PostgreSQL not available, skipped');
    return;
  }
  const created = await createDatabase();
  try {
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run++) times.push(await measure(created.url, run));
    times.sort((a, b) => a - b);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `job takeover after SIGKILL (PostgreSQL, ${RUNS} runs): p50 ${s(percentile(times, 50))}, ` +
        `max ${s(times[times.length - 1] ?? 0)} (lease 10 s, renewed every 3.3 s, poll 500 ms)`,
    );
  } finally {
    await created.drop();
  }
}

await main();
