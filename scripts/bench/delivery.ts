/**
 * Benchmark: payment-to-delivered time (issue "Fulfilment": p99 under 10 s with the simulator; buyers are
 * promised two minutes). Against a real server on the embedded database and on PostgreSQL: N orders placed through
 * the commit API, then a verified Fiuu paid notification for each, paced like real payments, and the time from
 * each order's payment (paid_at, set when the notification moved it to 7) to its delivery (delivered_at, set when
 * BIGO's simulator confirmed the recharge and the order reached 9), both taken from the server's clock.
 * Issue #12's target on PostgreSQL, where the delivery job wakes the workers through LISTEN/NOTIFY instead of waiting
 * for their 500 ms poll: p50 ≤ 100 ms. (The simulator is the server's built-in one: ES256, its sandbox key.)
 *
 *   npm run bench                                   # order commit, then this, on both databases
 *   BENCH_ORDERS=500 BENCH_PAY_RATE=50 npx tsx scripts/bench/delivery.ts
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { formatEventTime, type TFiuuHandoff, type TOrder } from '@ezrecharge/shared';
import { loadConfig } from '../../apps/server/src/config';
import { fiuuSkey } from '../../apps/server/src/gateways/fiuu/fiuu-protocol';
import { gatewaySettings } from '../../apps/server/src/gateways/gateway-settings';
import { HttpAuthenticator } from '../../apps/server/test/support/http-authenticator';
import { commitBody } from './commit';
import { loopbackAgents, percentile, send } from './load';
import { ADMIN, type BenchServer, benchTargets, startServer } from './server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
/** Paid notifications per second. */
const PAY_RATE = Number(process.env.BENCH_PAY_RATE ?? 20);
/** Give up waiting for deliveries after this long. */
const WAIT_SECONDS = Number(process.env.BENCH_DELIVERY_WAIT_SECONDS ?? 180);
const TARGET_P99_MS = 10_000;
/** PostgreSQL only (the embedded database has no wake-ups: its workers poll every 500 ms). */
const TARGET_P50_MS_POSTGRES = 100;

interface Result {
  delivered: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The admin lists every order only on a session that passed two-factor sign-in: enrolled at this first sign-in. */
async function signIn(base: string): Promise<string> {
  return new HttpAuthenticator(ADMIN.username, ADMIN.password).signIn(base, formatEventTime());
}

/** Places the orders through the commit API, from many addresses so the per-address limit never binds. */
async function placeOrders(server: BenchServer): Promise<TFiuuHandoff[]> {
  const agents = loopbackAgents(Math.ceil(ORDERS / 10));
  const body = await commitBody(server.url);
  const placed: TFiuuHandoff[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ORDERS) {
        const agent = agents[next++ % agents.length];
        if (!agent) throw new Error('no agents');
        const res = await send(server.url, agent, { method: 'POST', path: '/api/v1/order/', body });
        if (res.status !== 200)
          throw new Error(`commit refused: HTTP ${res.status} ${res.body.slice(0, 200)}`);
        placed.push((JSON.parse(res.body) as { data: TFiuuHandoff }).data);
      }
    }),
  );
  for (const a of agents) a.destroy();
  return placed;
}

/** Posts one verified paid result per order to the notify URL, `PAY_RATE` a second. */
async function payAll(server: BenchServer, secret: string, placed: TFiuuHandoff[]): Promise<void> {
  const fiuu = gatewaySettings(loadConfig({ DATABASE_URL: 'memory://' }), secret).fiuu;
  const agents = loopbackAgents(4);
  const started = performance.now();
  let tran = 8_000_000_000;
  const sent = placed.map(async (order, i) => {
    await sleep(Math.max(0, started + (i * 1000) / PAY_RATE - performance.now()));
    const fields = {
      tranID: String(++tran),
      orderid: order.order_num,
      status: '00',
      domain: fiuu.merchantId,
      amount: order.amount,
      currency: order.currency,
      appcode: 'BENCH1',
      paydate: '2026-01-01 12:00:00',
      channel: 'credit',
      error_code: '',
      error_desc: '',
    };
    const body = new URLSearchParams({ ...fields, skey: fiuuSkey(fields, fiuu.secretKey), nbcb: '2' });
    const agent = agents[i % agents.length];
    if (!agent) throw new Error('no agents');
    const res = await send(server.url, agent, {
      method: 'POST',
      path: '/api/v1/payment/fiuu/notify',
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.status !== 200) throw new Error(`notify refused: HTTP ${res.status} ${res.body.slice(0, 200)}`);
  });
  await Promise.all(sent);
  for (const a of agents) a.destroy();
}

async function listCharged(server: BenchServer, auth: string): Promise<TOrder[]> {
  const orders: TOrder[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(new URL(`/api/v1/order/?order_status=9&page=${page}&page_size=100`, server.url), {
      headers: { authorization: auth },
    });
    if (!res.ok) throw new Error(`order list: HTTP ${res.status}`);
    const data = ((await res.json()) as { data: { page_data: TOrder[]; total: number } }).data;
    orders.push(...data.page_data);
    if (orders.length >= data.total || data.page_data.length === 0) return orders;
  }
}

async function measure(server: BenchServer, secret: string): Promise<Result> {
  const auth = await signIn(server.url);
  const placed = await placeOrders(server);
  await payAll(server, secret, placed);
  const deadline = Date.now() + WAIT_SECONDS * 1000;
  let charged: TOrder[] = [];
  while (Date.now() < deadline) {
    charged = await listCharged(server, auth);
    if (charged.length >= placed.length) break;
    await sleep(500);
  }
  const times = charged
    .filter((o) => o.paid_at && o.delivered_at)
    .map((o) => Date.parse(o.delivered_at ?? '') - Date.parse(o.paid_at ?? ''))
    .sort((a, b) => a - b);
  const firstPaid = Math.min(...charged.map((o) => Date.parse(o.paid_at ?? '')));
  const lastDelivered = Math.max(...charged.map((o) => Date.parse(o.delivered_at ?? '')));
  if (charged.length < placed.length) {
    console.log(`  only ${charged.length} of ${placed.length} orders delivered within ${WAIT_SECONDS} s`);
  }
  return {
    delivered: charged.length,
    perSecond: charged.length / Math.max(0.001, (lastDelivered - firstPaid) / 1000),
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? Number.NaN,
  };
}

function row(label: string, r: Result): string {
  const s = (ms: number) => (ms / 1000).toFixed(3);
  const verdict = r.delivered === ORDERS && r.p99 < TARGET_P99_MS ? 'yes' : 'NO';
  const p50 = label === 'PostgreSQL' ? (r.p50 <= TARGET_P50_MS_POSTGRES ? 'yes' : 'NO') : '–';
  return `| ${label} | ${r.delivered}/${ORDERS} | ${r.perSecond.toFixed(1)} | ${s(r.p50)} | ${s(r.p90)} | ${s(r.p99)} | ${s(r.max)} | ${verdict} | ${p50} |`;
}

async function main() {
  const targets = await benchTargets();
  console.log(
    `delivery: ${ORDERS} orders placed through the commit API, paid at ${PAY_RATE}/s (Fiuu notify), delivered by the BIGO simulator`,
  );
  const rows: string[] = [];
  let failed = false;
  for (const target of targets) {
    const secret = randomBytes(32).toString('hex');
    const server = await startServer(target, { APP_SECRET: secret });
    try {
      const result = await measure(server, secret);
      rows.push(row(server.label, result));
      failed ||= result.delivered < ORDERS || result.p99 >= TARGET_P99_MS;
    } finally {
      await server.stop();
    }
  }
  console.log('');
  console.log(
    '| database | delivered | orders/s | p50 s | p90 s | p99 s | max s | p99 < 10 s | p50 ≤ 0.1 s (PostgreSQL) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  if (failed) process.exitCode = 1;
}

await main();
