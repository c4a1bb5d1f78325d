/**
 * Benchmark: order commit (POST /api/v1/order/) against a running server, on the embedded database and on
 * PostgreSQL. Each commit is the full path a buyer's click takes: rate limit, wire decryption, price lookup and
 * recomputation, the BIGO precheck over HTTP (to the built-in simulator), the order row with its events, the
 * Fiuu hand-off and the timeout job. Prints orders/s and latency percentiles.
 *
 *   npm run bench                      # both databases (PostgreSQL when reachable)
 *   BENCH_SECONDS=30 BENCH_CONCURRENCY=32 npm run bench
 */
import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  WIRE_CONTEXT,
  ZPriceSelect,
  ZProductSelect,
} from '@ezrecharge/shared';
import { type LoadResult, loopbackAgents, runLoad, send } from './load';
import { type BenchServer, postgresAvailable, startServer } from './server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function getJson(base: string, path: string): Promise<unknown> {
  const res = await fetch(new URL(path, base));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

/** The commit body for one SGD pack, built the way the browser builds it (encrypted payload + event time). */
async function commitBody(base: string): Promise<string> {
  const products = (await getJson(base, '/api/v1/product/select?release=1')) as {
    data: { data: string; timestamp: string };
  };
  const productList = ZProductSelect.parse(
    await decryptWireJson(products.data.data, products.data.timestamp, WIRE_CONTEXT.select),
  );
  const product = productList[0];
  if (!product) throw new Error('no released product');
  const prices = (await getJson(base, `/api/v1/price/select/${product.id}?localLang=en`)) as {
    data: { data: string; timestamp: string };
  };
  const select = ZPriceSelect.parse(
    await decryptWireJson(prices.data.data, prices.data.timestamp, WIRE_CONTEXT.select),
  );
  const price = select.prices.SGD?.[0];
  if (!price) throw new Error('no SGD price');
  const quantity = 2;
  const eventtime = formatEventTime();
  const data = await encryptWireJson(
    {
      game_type: 1,
      game_id: 'bench_buyer',
      price_id: price.id,
      quantity,
      amount: price.unit_amount * quantity,
      amount_game: price.game_amount * quantity,
      pay_currency: 'SGD',
      token: '',
      page_info: 'recharge',
    },
    eventtime,
    WIRE_CONTEXT.order,
  );
  return JSON.stringify({ data, eventtime, email: 'bench@example.com' });
}

async function measure(server: BenchServer): Promise<LoadResult> {
  // ~30 commits per address per minute is the public limit; enough addresses that it never binds here.
  const agents = loopbackAgents(500);
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
  const result = await runLoad({
    base: server.url,
    agents,
    concurrency: CONCURRENCY,
    durationMs: SECONDS * 1000,
    next: () => spec,
    check,
  });
  for (const a of agents) a.destroy();
  return result;
}

function row(label: string, r: LoadResult): string {
  const f = (n: number) => n.toFixed(1);
  return `| ${label} | ${r.ok} | ${f(r.perSecond)} | ${f(r.p50)} | ${f(r.p90)} | ${f(r.p99)} | ${f(r.max)} | ${r.requests - r.ok} |`;
}

async function main() {
  const targets: ('embedded' | 'postgres')[] = ['embedded'];
  if (await postgresAvailable()) targets.push('postgres');
  else console.log('PostgreSQL not reachable at BENCH_DATABASE_URL: measuring the embedded database only.');
  console.log(
    `order commit: ${CONCURRENCY} concurrent clients, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up`,
  );
  const rows: string[] = [];
  for (const target of targets) {
    const server = await startServer(target);
    try {
      const result = await measure(server);
      rows.push(row(server.label, result));
      for (const [reason, n] of Object.entries(result.failures))
        console.log(`  ${server.label} failures: ${n} × ${reason}`);
    } finally {
      await server.stop();
    }
  }
  console.log('');
  console.log('| database | commits | commits/s | p50 ms | p90 ms | p99 ms | max ms | failed |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

await main();
