/**
 * `npm run test:cluster` (issue #31): the shop as deploy/ runs it, started for real on this machine. Debian's nginx on
 * loopback (HTTPS with a throw-away certificate, HTTP → HTTPS) including deploy/nginx/ezrecharge-locations.conf, in
 * front of two web processes (RUN_JOBS=0), two workers, PostgreSQL and Redis, the sandboxes on.
 *
 *   A. 200 buyers commit and pay through nginx (CLUSTER_CONCURRENCY at a time, each from a loopback address of its
 *      own); after a quarter of them one web process and one worker are SIGKILLed and started again.
 *   B. A rolling restart of all four (SIGTERM, wait for the exit, start, wait until healthy) while buyers go on.
 *
 * It asserts: every paid order delivered exactly once (the BIGO simulator's ledger and the order events); no answer
 * 5xx except those in flight to the killed web process (counted and reported); none at all during the rolling
 * restart; every SIGTERMed process exits 0 and leaves no job leased to itself; the order-commit rate limit is shared
 * by both web processes (Redis); a session made on one is valid on the other; /metrics counts the deliveries.
 * Prints the figures for the README. Exits 1 on any failed check.
 *
 * Needs: nginx (apt-get install nginx libnginx-mod-http-brotli-static), openssl, PostgreSQL at CLUSTER_PG_URL
 * (default postgres://postgres@127.0.0.1:5432/), Redis at CLUSTER_REDIS_URL (default redis://127.0.0.1:6379/13,
 * a database it flushes), and a built web app (npm run build). Ports: CLUSTER_BASE_PORT (default 3340) and up.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { formatEventTime } from '@ezrecharge/shared';
import pg from 'pg';
import { HttpAuthenticator } from '../../apps/server/test/support/http-authenticator';
import {
  commitBody,
  firstSgdPack,
  paidNotification,
  type SgdPack,
  type SiteProcess,
  sleep,
  spawnSiteProcess,
  waitHealthy,
} from '../../apps/server/test/support/site-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUYERS = Number(process.env.CLUSTER_BUYERS ?? 200);
const CONCURRENCY = Number(process.env.CLUSTER_CONCURRENCY ?? 8);
const BASE_PORT = Number(process.env.CLUSTER_BASE_PORT ?? 3340);
const PG_URL = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const NGINX = process.env.CLUSTER_NGINX ?? '/usr/sbin/nginx';
const ADMIN = { username: 'admin', password: 'cluster-pass-1' };
const SECRET = randomBytes(32).toString('hex');
const METRICS_TOKEN = randomBytes(16).toString('hex');
/** The nginx test talks to its own certificate. Loopback only. */
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

// ---- the site ---------------------------------------------------------------------------------------------------

const work = mkdtempSync(path.join(tmpdir(), 'ezr-cluster-'));
const dataDir = path.join(work, 'data');
const ports = {
  http: BASE_PORT,
  https: BASE_PORT + 1,
  web: [BASE_PORT + 2, BASE_PORT + 3],
  metrics: [BASE_PORT + 4, BASE_PORT + 5],
};
const site = `https://127.0.0.1:${ports.https}`;
const dbName = `ezrecharge_cluster_${Date.now().toString(36)}`;
const databaseUrl = new URL(`/${dbName}`, PG_URL).toString();
const adminUrl = new URL('/postgres', PG_URL).toString();

interface Member {
  name: string;
  entry: 'src/main.ts' | 'src/worker.ts';
  env: Record<string, string>;
  url?: string;
  proc?: SiteProcess;
}

function baseEnv(): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    DATA_DIR: dataDir,
    APP_SECRET: SECRET,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // The sandboxes are served by the web processes, through nginx, as a gateway reaches the shop.
    PUBLIC_URL: site,
    TRUST_PROXY: '127.0.0.1',
    METRICS_TOKEN,
    // The processes reach the sandboxes through nginx's HTTPS, whose throw-away certificate they are told to trust.
    NODE_EXTRA_CA_CERTS: path.join(work, 'cert.pem'),
  };
}

const members: Member[] = [
  ...ports.web.map((port, i) => ({
    name: `web${i + 1}`,
    entry: 'src/main.ts' as const,
    env: { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', RUN_JOBS: '0' },
    url: `http://127.0.0.1:${port}`,
  })),
  ...ports.metrics.map((port, i) => ({
    name: `worker${i + 1}`,
    entry: 'src/worker.ts' as const,
    env: { ...baseEnv(), METRICS_PORT: String(port) },
  })),
];

async function startMember(m: Member): Promise<void> {
  m.proc = spawnSiteProcess(m.entry, m.env);
  if (m.url) await waitHealthy(m.url, m.proc);
  else {
    const deadline = Date.now() + 60_000;
    while (!m.proc.output().includes('worker is running')) {
      if (m.proc.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`${m.name} did not start: ${m.proc.output()}`);
      }
      await sleep(100);
    }
  }
}

function member(name: string): Member {
  const m = members.find((x) => x.name === name);
  if (!m) throw new Error(name);
  return m;
}

let nginxPid: number | undefined;

function startNginx(): void {
  const key = path.join(work, 'key.pem');
  const cert = path.join(work, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const brotli = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
  if (!existsSync(brotli))
    throw new Error(`${brotli} missing: apt-get install libnginx-mod-http-brotli-static`);
  writeFileSync(
    path.join(work, 'ezrecharge-proxy.conf'),
    readFileSync(path.join(ROOT, 'deploy/nginx/ezrecharge-proxy.conf')),
  );
  const conf = `
load_module ${brotli};
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  upstream ezrecharge_web {
    ${ports.web.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n    ')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${ports.http};
    location / { return 301 https://$host:${ports.https}$request_uri; }
  }
  server {
    listen 127.0.0.1:${ports.https} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    set $ezrecharge_web_root ${path.join(ROOT, 'apps/web/dist')};
    include ${path.join(ROOT, 'deploy/nginx/ezrecharge-locations.conf')};
  }
}
`;
  writeFileSync(path.join(work, 'nginx.conf'), conf);
  execFileSync(NGINX, ['-t', '-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: 'pipe' });
  const child = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  nginxPid = child.pid;
}

// ---- buyers -----------------------------------------------------------------------------------------------------

interface Outcome {
  status: number;
  at: number;
  ms: number;
  what: 'commit' | 'notify';
  /** The start of the answer's body, kept for answers 5xx (nginx's page, or the app's error). */
  body?: string;
}

const outcomes: Outcome[] = [];
const paid = new Set<string>();

function post(
  url: string,
  agent: https.Agent,
  body: string,
  type: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': type, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

async function timed(what: Outcome['what'], send: () => Promise<{ status: number; body: string }>) {
  const t0 = performance.now();
  let res: { status: number; body: string };
  try {
    res = await send();
  } catch {
    res = { status: 0, body: '' };
  }
  outcomes.push({
    status: res.status,
    at: Date.now(),
    ms: performance.now() - t0,
    what,
    ...(res.status >= 500 || res.status === 0 ? { body: res.body.replace(/\s+/g, ' ').slice(0, 160) } : {}),
  });
  return res;
}

/** One buyer: commits (again after a 5xx, as a buyer taps again), then the gateway's notification (resent on 5xx). */
async function buyer(i: number, pack: SgdPack): Promise<void> {
  const agent = new https.Agent({
    keepAlive: true,
    localAddress: `127.2.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  });
  try {
    let orderNum: string | undefined;
    let last = '';
    for (let attempt = 0; attempt < 5 && !orderNum; attempt++) {
      const res = await timed('commit', async () =>
        post(
          `${site}/api/v1/order/`,
          agent,
          await commitBody(pack, `cluster_fan_${i}`, 'buyer@example.com'),
          'application/json',
        ),
      );
      if (res.status === 200) {
        orderNum = (JSON.parse(res.body) as { data: { order_num: string } }).data.order_num;
      } else {
        last = `${res.status} ${res.body.slice(0, 200)}`;
        await sleep(300);
      }
    }
    if (!orderNum) throw new Error(`buyer ${i} could not commit: ${last}`);
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await timed('notify', () =>
        post(
          `${site}/api/v1/payment/fiuu/notify`,
          agent,
          paidNotification(SECRET, orderNum, pack.amount),
          'application/x-www-form-urlencoded',
        ),
      );
      if (res.status === 200) {
        paid.add(orderNum);
        return;
      }
      await sleep(500);
    }
    throw new Error(`buyer ${i}: the notification was never taken`);
  } finally {
    agent.destroy();
  }
}

// ---- checks -----------------------------------------------------------------------------------------------------

async function sharedRateLimit(): Promise<void> {
  // One address, straight to both web processes in turn: 30 commits a minute in all, not 30 each.
  const agents = ports.web.map(() => new http.Agent({ keepAlive: true, localAddress: '127.4.0.9' }));
  let accepted = 0;
  let limited = 0;
  for (let i = 0; i < 40; i++) {
    const port = ports.web[i % 2];
    const res = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ data: 'x', eventtime: formatEventTime(), email: 'limit@example.com' });
      const req = http.request(
        `http://127.0.0.1:${port}/api/v1/order/`,
        {
          method: 'POST',
          agent: agents[i % 2],
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (r) => {
          r.resume();
          r.on('end', () => resolve(r.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    if (res === 429) limited++;
    else accepted++;
  }
  for (const a of agents) a.destroy();
  check(
    accepted === 30 && limited === 10,
    `rate limit shared by both web processes (Redis): ${accepted} let through, ${limited} refused of 40 from one address`,
  );
}

async function sessionsOnBoth(authenticator: HttpAuthenticator): Promise<void> {
  const auth = await authenticator.signIn(
    ports.web.map((p) => `http://127.0.0.1:${p}`)[0] ?? '',
    formatEventTime(),
  );
  const statuses: number[] = [];
  for (const port of ports.web) {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/user/readme/`, {
      headers: { authorization: auth },
    });
    statuses.push(res.status);
  }
  check(
    statuses.every((s) => s === 200),
    `a session made on web1 is valid on both web processes (${statuses.join(', ')})`,
  );
}

async function precompressed(): Promise<void> {
  const assets = readdirSync(path.join(ROOT, 'apps/web/dist/assets')).filter((f) => f.endsWith('.js'));
  const file = assets.find((f) => existsSync(path.join(ROOT, 'apps/web/dist/assets', `${f}.br`)));
  if (!file) return check(false, 'a built asset with a .br sibling');
  const res = await fetch(`${site}/assets/${file}`, { headers: { 'accept-encoding': 'br' } });
  const sent = Buffer.from(await res.arrayBuffer());
  // fetch decodes the brotli body: it must be the built file itself.
  const onDisk = readFileSync(path.join(ROOT, 'apps/web/dist/assets', file));
  check(
    res.headers.get('content-encoding') === 'br' && sent.equals(onDisk),
    `as the build's brotli file, byte for byte (content-encoding: ${res.headers.get('content-encoding')})`,
  );
  check(
    res.status === 200 && (res.headers.get('server') ?? '').startsWith('nginx'),
    `nginx serves /assets/${file} itself (server: ${res.headers.get('server')})`,
  );
  check((res.headers.get('cache-control') ?? '').includes('immutable'), 'with a year-long immutable cache');
  const redirect = await fetch(`http://127.0.0.1:${ports.http}/recharge?x=1`, { redirect: 'manual' });
  check(
    redirect.status === 301 && (redirect.headers.get('location') ?? '').startsWith('https://'),
    `HTTP → HTTPS (${redirect.status} ${redirect.headers.get('location')})`,
  );
  const metrics = await fetch(`${site}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  check(metrics.status === 404, `/metrics is not served through nginx (${metrics.status})`);
}

function p(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

// ---- the run ----------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('build the web app first: npm run build');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();

  startNginx();
  // web1 first: it migrates and seeds; the others start on the migrated database.
  await startMember(member('web1'));
  await Promise.all(members.slice(1).map(startMember));
  console.log(
    `cluster up: nginx https :${ports.https} → web ${ports.web.join(', ')}; 2 workers; PostgreSQL ${dbName}; Redis ${REDIS_URL}`,
  );

  const authenticator = new HttpAuthenticator(ADMIN.username, ADMIN.password);
  await precompressed();
  await sessionsOnBoth(authenticator);
  await sharedRateLimit();
  const pack = await firstSgdPack(site);

  // A. 200 buyers; a web process and a worker killed after a quarter of them.
  const killAt = Math.floor(BUYERS / 4);
  let next = 0;
  let done = 0;
  let killed: { at: number; restartedAt: number } | undefined;
  let killing: Promise<void> | undefined;
  const aStarted = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < BUYERS) {
        const i = next++;
        await buyer(i, pack);
        done++;
        if (done === killAt && !killing) {
          killing = (async () => {
            const at = Date.now();
            member('web1').proc?.child.kill('SIGKILL');
            member('worker1').proc?.child.kill('SIGKILL');
            await Promise.all([member('web1').proc?.exited, member('worker1').proc?.exited]);
            await Promise.all([startMember(member('web1')), startMember(member('worker1'))]);
            killed = { at, restartedAt: Date.now() };
          })();
        }
      }
    }),
  );
  const aSeconds = (performance.now() - aStarted) / 1000;
  await killing;
  const phaseA = [...outcomes];
  const commitsA = phaseA
    .filter((o) => o.what === 'commit' && o.status === 200)
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const fivexxA = phaseA.filter((o) => o.status >= 500 || o.status === 0);
  // In flight to the killed process: answered 502 (or cut) within a moment of the kill.
  const aroundKill = fivexxA.filter((o) => killed && o.at >= killed.at - 100 && o.at <= killed.at + 2_000);
  check(
    fivexxA.length === aroundKill.length,
    `phase A: ${fivexxA.length} answers 5xx, all ${aroundKill.length} of them in flight to the killed web process (within 2 s of the kill)`,
  );

  // B. A rolling restart of all four while buyers go on.
  outcomes.length = 0;
  let rolling = true;
  let bNext = BUYERS;
  const lost: string[] = [];
  const background = Array.from({ length: 4 }, async () => {
    while (rolling) {
      await buyer(bNext++, pack).catch((err: unknown) => lost.push(String(err)));
      await sleep(100);
    }
  });
  const cleanExits: { name: string; code: number | null; pid: number }[] = [];
  const stops: { name: string; at: number }[] = [];
  for (const m of members) {
    const proc = m.proc;
    if (!proc) continue;
    stops.push({ name: m.name, at: Date.now() });
    proc.child.kill('SIGTERM');
    const code = await proc.exited;
    cleanExits.push({ name: m.name, code, pid: proc.child.pid ?? 0 });
    await startMember(m);
    // nginx marks a process that refused a connection down for fail_timeout (2 s): the next one stops only after
    // that, so the two are never down in nginx's eyes at once (deploy/rolling-restart.sh does the same).
    if (m.url) await sleep(3_000);
  }
  rolling = false;
  await Promise.all(background);
  const phaseB = [...outcomes];
  const fivexxB = phaseB.filter((o) => o.status >= 500 || o.status === 0);
  check(
    cleanExits.every((e) => e.code === 0),
    `rolling restart: every SIGTERMed process exited 0 (${cleanExits.map((e) => `${e.name} ${e.code}`).join(', ')})`,
  );
  check(
    fivexxB.length === 0,
    `rolling restart: ${phaseB.length} answers during it, ${fivexxB.length} of them 5xx`,
  );

  // Every paid order delivered exactly once.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const nums = [...paid];
  const deadline = Date.now() + 120_000;
  let charged = 0;
  while (Date.now() < deadline) {
    const r = await db.query<{ n: number }>(
      'select count(*)::int as n from orders where order_num = any($1) and order_status = 9',
      [nums],
    );
    charged = r.rows[0]?.n ?? 0;
    if (charged === nums.length) break;
    await sleep(500);
  }
  check(charged === nums.length, `${charged} of ${nums.length} paid orders delivered (status 9)`);
  const ledger = await db.query<{ n: number }>(
    `select count(*)::int as n from sandbox_records where kind = 'bigo_delivery' and key = any($1)`,
    [nums],
  );
  const distinct = await db.query<{ n: number }>(
    `select count(distinct key)::int as n from sandbox_records where kind = 'bigo_delivery' and key = any($1)`,
    [nums],
  );
  check(
    ledger.rows[0]?.n === nums.length && distinct.rows[0]?.n === nums.length,
    `BIGO ledger: ${ledger.rows[0]?.n} deliveries for ${distinct.rows[0]?.n} of ${nums.length} orders (exactly one each)`,
  );
  const twice = await db.query<{ n: number }>(
    `select count(*)::int as n from (select order_id from order_events where to_status = 9 and from_status <> 9
       group by order_id having count(*) > 1) t`,
  );
  check((twice.rows[0]?.n ?? 1) === 0, 'no order moved to delivered twice (order events)');
  const pids = cleanExits.map((e) => `%:${e.pid}:%`);
  const leased = await db.query<{ n: number }>(
    `select count(*)::int as n from jobs where state = 'running' and locked_by like any($1)`,
    [pids],
  );
  check(
    (leased.rows[0]?.n ?? 1) === 0,
    `no job left leased by a process that exited cleanly (${leased.rows[0]?.n})`,
  );
  await db.end();

  // Each worker counts what it delivered since its own (re)start: the rolling restart restarted both, and the one
  // restarted last may have found nothing left to deliver, so the two workers' counts are read together.
  const counted: number[] = [];
  for (const port of ports.metrics) {
    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const found = /ezrecharge_deliveries_total\{outcome="delivered"\} (\d+)/.exec(await scrape.text());
    counted.push(Number(found?.[1] ?? 0));
  }
  check(
    counted.some((n) => n > 0),
    `the workers' /metrics count their deliveries since their restart (${counted.join(' and ')})`,
  );

  console.log('');
  console.log(
    '| cluster test | buyers | orders paid/s through nginx | commit p50 | commit p99 | 5xx around the SIGKILL | 5xx in the rolling restart |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| 2 web + 2 workers, PostgreSQL, Redis, ${CONCURRENCY} at a time | ${BUYERS} (+${bNext - BUYERS} during the restart) | ${(BUYERS / aSeconds).toFixed(1)} | ${p(commitsA, 50).toFixed(1)} ms | ${p(commitsA, 99).toFixed(1)} ms | ${aroundKill.length} (${aroundKill.map((o) => `${o.what} ${o.status}`).join(', ') || 'none'}) | ${fivexxB.length} of ${phaseB.length} |`,
  );
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores shared: figures move with other work)`,
  );
  if (killed) {
    console.log(
      `web1 and worker1 back ${((killed.restartedAt - killed.at) / 1000).toFixed(1)} s after the SIGKILL`,
    );
  }
}

async function cleanup(): Promise<void> {
  for (const m of members) if (m.proc && m.proc.child.exitCode === null) m.proc.child.kill('SIGKILL');
  if (nginxPid) {
    try {
      process.kill(nginxPid, 'SIGQUIT');
    } catch {
      /* gone */
    }
  }
  await sleep(500);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin
    .connect()
    .then(() => admin.query(`drop database if exists "${dbName}" with (force)`))
    .catch(() => {});
  await admin.end().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}

main().then(
  async () => {
    await cleanup();
    console.log(
      failures.length === 0 ? '\ncluster test passed' : `\ncluster test FAILED: ${failures.length} check(s)`,
    );
    process.exit(failures.length === 0 ? 0 : 1);
  },
  async (err: unknown) => {
    console.error(err instanceof Error ? err.stack : err);
    for (const m of members) if (m.proc) console.error(`--- ${m.name}\n${m.proc.output().slice(-1500)}`);
    await cleanup();
    process.exit(1);
  },
);
