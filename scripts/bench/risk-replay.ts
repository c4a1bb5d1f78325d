/**
 * Benchmark (issue #29): a card-testing attack and an honest day replayed against a real server with its sandboxes.
 *
 * - The attack: ATTEMPTS small orders (the cheapest SGD pack) rotating 30 client addresses, 3 BIGO IDs and 10
 *   e-mails; every one that gets a hand-off is failed at the Fiuu sandbox's hosted page (its Fail button: status 11,
 *   "Do not honor", which the sandbox then notifies to the shop as Fiuu does).
 * - The honest day, interleaved: HONEST orders from distinct buyers (their own address, BIGO ID and e-mail; one in
 *   ten buys a second time), SGD packs of 2.45 to 243.80, paid on the same sandbox page (its Pay button).
 *
 * The server trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback), so each simulated client has the address
 * this script names. Reported: attempts that reached the payment page (got a hand-off), overall and after the first
 * minute (target ≤ 10 %); honest orders refused at commit or held after payment (target 0), and how many were
 * delivered; the rules' own time at commit, read from the server's histogram ezrecharge_risk_commit_check_seconds
 * (RiskService.checkCommit timed in process: blocklist, settings and the card-testing count; target p99 ≤ 5 ms;
 * the p99 is the upper bound of the histogram bucket it falls in), with the whole commit request's p50/p99 as the
 * client saw it for context.
 *
 *   npm run bench:risk                                  # PostgreSQL when it answers, else the embedded database
 *   BENCH_DATABASES=embedded,postgres npm run bench:risk
 *   BENCH_RISK_RATE=4 npm run bench:risk                # attempts (and honest orders) per second, each (default 2)
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fiuuFormFields, formatEventTime, type TFiuuHandoff, type TOrder } from '@ezrecharge/shared';
import { HttpAuthenticator } from '../../apps/server/test/support/http-authenticator';
import { type SelectPack, sealedCommit, sgdPacks } from './commit';
import { percentile } from './load';
import { ADMIN, type BenchServer, postgresAvailable, startServer } from './server';

const ATTEMPTS = Number(process.env.BENCH_RISK_ATTEMPTS ?? 300);
const HONEST = Number(process.env.BENCH_RISK_HONEST ?? 300);
/** Attack attempts per second, and honest orders per second (each stream its own pace). */
const RATE = Number(process.env.BENCH_RISK_RATE ?? 2);
const ATTACK_ADDRESSES = 30;
const ATTACK_BIGO_IDS = 3;
const ATTACK_EMAILS = 10;
/** One honest buyer in REPEAT_EVERY buys a second time. */
const REPEAT_EVERY = 10;
const TARGET_REACHED_AFTER_FIRST_MINUTE = 0.1;
const TARGET_P99_MS = 5;
/** Commits one at a time after the replay, for the rules' time without a queue in front of them. */
const SEQUENTIAL = Number(process.env.BENCH_RISK_SEQUENTIAL ?? 200);
const METRICS_TOKEN = randomBytes(16).toString('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Attempt {
  /** Seconds after the replay started that the commit was sent. */
  at: number;
  reached: boolean;
  status: number;
}

interface Honest {
  orderNum?: string;
  status: number;
  ms: number;
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const htmlText = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => HTML_ENTITIES[e] ?? _m);

/** The forms of a sandbox page: their action and hidden fields. */
function formsOf(page: string): { action: string; fields: Record<string, string> }[] {
  return [...page.matchAll(/<form method="post" action="([^"]*)"[^>]*>(.*?)<\/form>/gs)].map((m) => ({
    action: htmlText(m[1] ?? ''),
    fields: Object.fromEntries(
      [...(m[2] ?? '').matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((f) => [
        htmlText(f[1] ?? ''),
        htmlText(f[2] ?? ''),
      ]),
    ),
  }));
}

/**
 * The buyer at the Fiuu sandbox's hosted page: the hand-off form posted as the browser posts it, then the button of
 * `outcome` pressed (the sandbox records the transaction and notifies the shop before it answers).
 */
async function atFiuuPage(handoff: TFiuuHandoff, outcome: 'pay' | 'fail', address: string): Promise<void> {
  const page = await fetch(handoff.payment_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams(fiuuFormFields(handoff)).toString(),
  });
  const markup = await page.text();
  if (page.status !== 200) throw new Error(`Fiuu sandbox page: HTTP ${page.status} ${markup.slice(0, 200)}`);
  const button = formsOf(markup).find((f) => f.fields.outcome === outcome);
  if (!button) throw new Error(`no ${outcome} button on the Fiuu sandbox page`);
  const result = await fetch(new URL(button.action, handoff.payment_url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams(button.fields).toString(),
  });
  await result.text();
  if (result.status !== 200) throw new Error(`Fiuu sandbox result: HTTP ${result.status}`);
}

async function commit(
  base: string,
  body: string,
  address: string,
): Promise<{ status: number; handoff?: TFiuuHandoff; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/order/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) return { status: res.status, ms };
  const handoff = (JSON.parse(text) as { data: TFiuuHandoff }).data;
  if (handoff.method !== 'form') throw new Error(`an SGD order handed off as ${handoff.method}`);
  return { status: 200, handoff, ms };
}

/** The attack's attempt i: address, BIGO ID and e-mail rotate independently. */
async function attempt(base: string, pack: SelectPack, i: number, started: number): Promise<Attempt> {
  const address = `10.66.0.${(i % ATTACK_ADDRESSES) + 1}`;
  const body = await sealedCommit(pack, {
    gameId: `cardtest${i % ATTACK_BIGO_IDS}`,
    email: `stolen${i % ATTACK_EMAILS}@example.net`,
  });
  const at = (performance.now() - started) / 1000;
  const res = await commit(base, body, address);
  if (res.handoff) await atFiuuPage(res.handoff, 'fail', address);
  return { at, reached: res.status === 200, status: res.status };
}

/** The honest day: buyer b's order (a repeat buyer's second order reuses its address, BIGO ID and e-mail). */
async function honestOrder(base: string, packs: SelectPack[], buyer: number): Promise<Honest> {
  const address = `172.20.${Math.floor(buyer / 250)}.${(buyer % 250) + 1}`;
  // Typical amounts: the five smaller packs (SGD 2.45 to 243.80), small ones more often.
  const pick = [0, 0, 0, 1, 1, 1, 2, 2, 3, 4][buyer % 10] ?? 0;
  const pack = packs[Math.min(pick, packs.length - 1)];
  if (!pack) throw new Error('no pack');
  const body = await sealedCommit(pack, { gameId: `fan${buyer}`, email: `fan${buyer}@example.com` });
  const res = await commit(base, body, address);
  if (res.handoff) await atFiuuPage(res.handoff, 'pay', address);
  return { orderNum: res.handoff?.order_num, status: res.status, ms: res.ms };
}

async function allOrders(base: string, auth: string): Promise<TOrder[]> {
  const orders: TOrder[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/v1/order/?page=${page}&page_size=100`, {
      headers: { authorization: auth },
    });
    if (!res.ok) throw new Error(`order list: HTTP ${res.status}`);
    const data = ((await res.json()) as { data: { page_data: TOrder[]; total: number } }).data;
    orders.push(...data.page_data);
    if (orders.length >= data.total || data.page_data.length === 0) return orders;
  }
}

/** The histogram's buckets (cumulative, both decisions added), count and sum, from GET /metrics. */
async function riskHistogram(
  base: string,
): Promise<{ buckets: [number, number][]; count: number; sum: number }> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`/metrics: HTTP ${res.status}`);
  const byLe = new Map<number, number>();
  let count = 0;
  let sum = 0;
  for (const line of text.split('\n')) {
    const bucket = /^ezrecharge_risk_commit_check_seconds_bucket\{.*le="([^"]+)".*\} (\S+)$/.exec(line);
    if (bucket) {
      const le = bucket[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(bucket[1]);
      byLe.set(le, (byLe.get(le) ?? 0) + Number(bucket[2]));
    }
    const c = /^ezrecharge_risk_commit_check_seconds_count\{.*\} (\S+)$/.exec(line);
    if (c) count += Number(c[1]);
    const s = /^ezrecharge_risk_commit_check_seconds_sum\{.*\} (\S+)$/.exec(line);
    if (s) sum += Number(s[1]);
  }
  return { buckets: [...byLe.entries()].sort((a, b) => a[0] - b[0]), count, sum };
}

type RiskHistogram = Awaited<ReturnType<typeof riskHistogram>>;

/** What was observed between two reads of the histogram. */
function since(before: RiskHistogram, after: RiskHistogram): RiskHistogram {
  const earlier = new Map(before.buckets);
  return {
    buckets: after.buckets.map(([le, n]) => [le, n - (earlier.get(le) ?? 0)]),
    count: after.count - before.count,
    sum: after.sum - before.sum,
  };
}

const figures = (h: RiskHistogram) => ({
  checks: h.count,
  meanMs: h.count ? (h.sum / h.count) * 1000 : Number.NaN,
  p50Ms: bucketPercentile(h, 50),
  p99Ms: bucketPercentile(h, 99),
});

/** The upper bound (ms) of the bucket the p-th percentile falls in. */
function bucketPercentile(h: { buckets: [number, number][]; count: number }, p: number): number {
  const rank = Math.ceil((p / 100) * h.count);
  for (const [le, n] of h.buckets) if (n >= rank) return le * 1000;
  return Number.NaN;
}

async function replay(server: BenchServer) {
  const auth = await new HttpAuthenticator(ADMIN.username, ADMIN.password).signIn(
    server.url,
    formatEventTime(),
  );
  const packs = await sgdPacks(server.url);
  const smallest = packs[0];
  if (!smallest) throw new Error('no SGD pack');
  const load0 = os.loadavg()[0] ?? Number.NaN;
  const started = performance.now();
  const at = (i: number, offsetMs: number) =>
    sleep(Math.max(0, started + offsetMs + (i * 1000) / RATE - performance.now()));

  const attacks = Promise.all(
    Array.from({ length: ATTEMPTS }, async (_, i) => {
      await at(i, 0);
      return attempt(server.url, smallest, i, started);
    }),
  );
  // Buyers 0…n-1, then every REPEAT_EVERY-th buyer again, spread over the same time as the attack.
  const firstBuyers = Math.ceil((HONEST * REPEAT_EVERY) / (REPEAT_EVERY + 1));
  const sequence = Array.from({ length: HONEST }, (_, j) =>
    j < firstBuyers ? j : (j - firstBuyers) * REPEAT_EVERY,
  );
  const honest = Promise.all(
    sequence.map(async (buyer, j) => {
      await at(j, 500 / RATE);
      return honestOrder(server.url, packs, buyer);
    }),
  );
  const [attempts, orders] = await Promise.all([attacks, honest]);
  const seconds = (performance.now() - started) / 1000;
  const load1 = os.loadavg()[0] ?? Number.NaN;

  // The honest orders' fate: held (review_hours) or delivered, once the deliveries have run.
  const placed = new Set(orders.flatMap((o) => (o.orderNum ? [o.orderNum] : [])));
  let listed: TOrder[] = [];
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    listed = (await allOrders(server.url, auth)).filter((o) => placed.has(o.order_num));
    if (listed.every((o) => o.order_status === 9 || o.review_hours)) break;
    await sleep(1_000);
  }
  const histogram = await riskHistogram(server.url);

  // Then the rules alone, with nothing queued in front of them: SEQUENTIAL commits of new buyers one at a time
  // (left unpaid), the histogram read before and after.
  const quietLoad = os.loadavg()[0] ?? Number.NaN;
  for (let k = 0; k < SEQUENTIAL; k++) {
    const body = await sealedCommit(smallest, { gameId: `quiet${k}`, email: `quiet${k}@example.com` });
    const res = await commit(server.url, body, `172.30.${Math.floor(k / 250)}.${(k % 250) + 1}`);
    if (res.status !== 200) throw new Error(`sequential commit refused: HTTP ${res.status}`);
  }
  const quiet = since(histogram, await riskHistogram(server.url));
  const late = attempts.filter((a) => a.at >= 60);
  const commitMs = orders.map((o) => o.ms).sort((a, b) => a - b);
  return {
    seconds,
    load: [load0, load1],
    reached: attempts.filter((a) => a.reached).length,
    refused: attempts.filter((a) => a.status === 429 || a.status === 403).length,
    other: attempts.filter((a) => !a.reached && a.status !== 429 && a.status !== 403).map((a) => a.status),
    late: late.length,
    lateReached: late.filter((a) => a.reached).length,
    honestRefused: orders.filter((o) => o.status !== 200).length,
    honestStatuses: [...new Set(orders.filter((o) => o.status !== 200).map((o) => o.status))],
    honestHeld: listed.filter((o) => o.review_hours).length,
    honestDelivered: listed.filter((o) => o.order_status === 9).length,
    repeatBuyers: HONEST - firstBuyers,
    replayRules: figures(histogram),
    quietRules: figures(quiet),
    quietLoad,
    commitP50: percentile(commitMs, 50),
    commitP99: percentile(commitMs, 99),
  };
}

async function main() {
  const wanted = (process.env.BENCH_DATABASES ?? '').split(',').filter(Boolean);
  const targets: ('embedded' | 'postgres')[] =
    wanted.length > 0
      ? (wanted as ('embedded' | 'postgres')[])
      : [(await postgresAvailable()) ? 'postgres' : 'embedded'];
  console.log(
    `risk replay: ${ATTEMPTS} card-testing attempts (${ATTACK_ADDRESSES} addresses, ${ATTACK_BIGO_IDS} BIGO IDs, ` +
      `${ATTACK_EMAILS} e-mails, failed at the Fiuu sandbox) and ${HONEST} honest orders (paid), ${RATE}/s each; ` +
      `${os.cpus().length} CPUs`,
  );
  let failed = false;
  for (const target of targets) {
    const server = await startServer(target, { TRUST_PROXY: 'loopback', METRICS_TOKEN });
    try {
      const r = await replay(server);
      const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
      const okLate = r.lateReached / Math.max(1, r.late) <= TARGET_REACHED_AFTER_FIRST_MINUTE;
      const okHonest = r.honestRefused === 0 && r.honestHeld === 0;
      const okP99 = r.quietRules.p99Ms <= TARGET_P99_MS;
      failed ||= !okLate || !okHonest || !okP99;
      console.log('');
      console.log(
        `${server.label}: ${r.seconds.toFixed(0)} s, load average ${r.load[0]?.toFixed(1)} → ${r.load[1]?.toFixed(1)}`,
      );
      console.log('| figure | measured | target |');
      console.log('|---|---|---|');
      console.log(
        `| attempts that reached the payment page | ${r.reached}/${ATTEMPTS} (${pct(r.reached, ATTEMPTS)}); refused ${r.refused}${r.other.length ? `; other ${r.other.join(',')}` : ''} | – |`,
      );
      console.log(
        `| … after the first minute | ${r.lateReached}/${r.late} (${pct(r.lateReached, r.late)}) | ≤ 10 % ${okLate ? 'yes' : 'NO'} |`,
      );
      console.log(
        `| honest orders refused at commit | ${r.honestRefused}/${HONEST}${r.honestStatuses.length ? ` (HTTP ${r.honestStatuses.join(',')})` : ''} | 0 ${r.honestRefused === 0 ? 'yes' : 'NO'} |`,
      );
      console.log(
        `| honest orders held for review | ${r.honestHeld}/${HONEST} (${r.repeatBuyers} repeat purchases); delivered ${r.honestDelivered} | 0 ${r.honestHeld === 0 ? 'yes' : 'NO'} |`,
      );
      console.log(
        `| rules' time at commit, during the replay (${r.replayRules.checks} checks): mean / p50 / p99 | ${r.replayRules.meanMs.toFixed(2)} / ≤ ${r.replayRules.p50Ms} / ≤ ${r.replayRules.p99Ms} ms | – |`,
      );
      console.log(
        `| rules' time at commit, commits one at a time after it (${r.quietRules.checks} checks, load ${r.quietLoad.toFixed(1)}): mean / p50 / p99 | ${r.quietRules.meanMs.toFixed(2)} / ≤ ${r.quietRules.p50Ms} / ≤ ${r.quietRules.p99Ms} ms | p99 ≤ 5 ms ${okP99 ? 'yes' : 'NO'} |`,
      );
      console.log(
        `| whole commit request (honest, client side): p50 / p99 | ${r.commitP50.toFixed(1)} / ${r.commitP99.toFixed(1)} ms | – |`,
      );
    } finally {
      await server.stop();
    }
  }
  if (failed) process.exitCode = 1;
}

await main();
