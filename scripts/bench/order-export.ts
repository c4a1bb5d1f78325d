/**
 * Benchmark: the order export (issue #28: "Export of 100 000 orders on PostgreSQL: time and peak RSS growth, target
 * ≤ 15 s, ≤ 64 MB"). A real server on a throw-away PostgreSQL database; BENCH_EXPORT_ORDERS orders (default 100 000)
 * written in one INSERT … SELECT over generate_series (statuses, currencies, gateways, refunds with their move into
 * 12, promo bonuses, Chinese product names, a formula-looking e-mail every thousandth), then GET /api/v1/order/export
 * as the operator's button calls it, read as a stream. Reported: the time to the last byte, the rows, the size, and
 * the server's resident memory before and at its highest during the export (VmRSS sampled every 20 ms from /proc).
 *
 *   npm run bench:export
 *   BENCH_EXPORT_ORDERS=20000 npx tsx scripts/bench/order-export.ts
 */
import { performance } from 'node:perf_hooks';
import { formatEventTime } from '@ezrecharge/shared';
import pg from 'pg';
import { HttpAuthenticator } from '../../apps/server/test/support/http-authenticator';
import { ADMIN, createDatabase, memoryOf, postgresAvailable, startServer } from './server';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 100_000);
/** Exports one after the other on the same server: the resident memory after each shows whether any is kept. */
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const TARGET_SECONDS = 15;
const TARGET_GROWTH_MB = 64;

/** The orders, their refunds' moves into 12 and their promo bonuses, written by the database itself. */
async function seed(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into orders (order_num, game_id, order_status, email, lang, page_info, product_name, currency,
         unit_amount, game_amount, quantity, amount, amount_game, bonus_game, gateway, gateway_ref, payment_channel,
         created_at, updated_at, paid_at, delivered_at)
       select 'BX' || lpad(g::text, 12, '0'),
         'fan_' || (g % 5000),
         s.status,
         case when g % 1000 = 0 then '=cmd|/C calc!A0+' || g || '@example.com' else 'buyer' || (g % 20000) || '@example.com' end,
         case when g % 3 = 0 then 'zh' else 'en' end,
         'recharge',
         case when g % 3 = 0 then '钻石套餐 ' || (g % 5 + 1) * 100 else 'BIGO LIVE Diamonds ' || (g % 5 + 1) * 100 end,
         (array['SGD', 'MYR', 'HKD'])[g % 3 + 1],
         245, (g % 5 + 1) * 100, g % 3 + 1, 245 * (g % 3 + 1), (g % 5 + 1) * 100 * (g % 3 + 1),
         case when g % 7 = 0 and s.status in (9, 12) then 50 else 0 end,
         case when g % 4 = 0 then 'stripe' else 'fiuu' end,
         case when s.status in (9, 10, 12) then (case when g % 4 = 0 then 'cs_test_' || g else (3000000000 + g)::text end) end,
         case when s.status in (9, 10, 12) then (case when g % 4 = 0 then 'card' else 'credit' end) end,
         c.at, c.at,
         case when s.status in (9, 10, 12) then c.at + interval '40 seconds' end,
         case when s.status = 9 then c.at + interval '48 seconds' end
       from generate_series(1, $1::int) g
       cross join lateral (select (array[9, 9, 9, 9, 9, 5, 6, 12, 3, 10])[g % 10 + 1] as status) s
       cross join lateral (select now() - g * interval '26 seconds' as at) c`,
      [count],
    );
    await client.query(
      `insert into order_events (order_id, from_status, to_status, cause, actor, created_at)
       select id, 11, 12, 'bench refund', 'system', created_at + interval '1 day' from orders where order_status = 12`,
    );
    const promotion = await client.query<{ id: number }>(
      `insert into promotions (kind, name, code, bonus_type, bonus_value, active)
       values ('code', 'Bench 50', 'BENCH50', 'fixed', 50, true) returning id`,
    );
    await client.query(
      `insert into order_bonuses (order_id, promotion_id, kind, code, diamonds, game_id, state)
       select id, $1, 'code', 'BENCH50', 50, game_id, 'delivered' from orders where bonus_game > 0`,
      [promotion.rows[0]?.id],
    );
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** BENCH_EXPLAIN=1: the plan of a batch from the middle of the export, as orders-repository.ts asks for it. */
async function explainBatch(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const middle = await client.query<{ at: string; id: number }>(
      'select created_at::text as at, id from orders order by created_at desc, id desc offset $1 limit 1',
      [Math.floor(ORDERS / 2)],
    );
    const cursor = middle.rows[0];
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) select id, created_at::text as cursor_at, order_num, created_at,
         (select string_agg(b.code, ' ' order by b.id) from order_bonuses b
           where b.order_id = orders.id and b.kind = 'code' and b.state <> 'withdrawn'),
         (select max(e.created_at) from order_events e where e.order_id = orders.id and e.to_status = 12)
       from orders where (created_at, id) < ($1::timestamptz, $2)
       order by orders.created_at desc, orders.id desc limit 1000`,
      [cursor?.at, cursor?.id],
    );
    for (const row of plan.rows) console.log(row['QUERY PLAN']);
  } finally {
    await client.end();
  }
}

interface Result {
  seconds: number;
  rows: number;
  megabytes: number;
  rssBefore: number;
  rssPeak: number;
}

/** Reads the export as a stream (as a browser saving it would), counting rows and bytes, sampling the server's RSS. */
async function exportOnce(url: string, auth: string, pid: number): Promise<Result> {
  const rssBefore = memoryOf(pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
  }, 20);
  const started = performance.now();
  try {
    const res = await fetch(`${url}/api/v1/order/export`, { headers: { authorization: auth } });
    if (!res.ok || !res.body) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
    // The header line is not an order; no field of the seed holds a line break.
    return { seconds, rows: lines - 1, megabytes: bytes / 1024 / 1024, rssBefore, rssPeak };
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<void> {
  if (!(await postgresAvailable())) {
    console.log('PostgreSQL not reachable at BENCH_DATABASE_URL: the export benchmark needs it.');
    process.exitCode = 1;
    return;
  }
  const database = await createDatabase();
  // The server migrates the database it is given; 'embedded' here only means startServer makes none of its own.
  const server = await startServer('embedded', { DATABASE_URL: database.url });
  try {
    const seeding = performance.now();
    await seed(database.url, ORDERS);
    console.log(`seeded ${ORDERS} orders in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    if (process.env.BENCH_EXPLAIN === '1') await explainBatch(database.url);
    const auth = await new HttpAuthenticator(ADMIN.username, ADMIN.password).signIn(
      server.url,
      formatEventTime(),
    );
    // A first, smaller export warms the code paths (the module loads, the query's plan), as a running shop has them.
    await fetch(`${server.url}/api/v1/order/export?order_status=5`, {
      headers: { authorization: auth },
    }).then((r) => r.arrayBuffer());
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await exportOnce(server.url, auth, server.pid));
    console.log('');
    console.log(
      `| export of ${ORDERS} orders, PostgreSQL | rows | MB | time | server RSS before | peak | growth | ≤ ${TARGET_SECONDS} s, ≤ ${TARGET_GROWTH_MB} MB |`,
    );
    console.log('|---|---|---|---|---|---|---|---|');
    let failed = false;
    runs.forEach((r, i) => {
      const growth = r.rssPeak - r.rssBefore;
      const ok = r.seconds <= TARGET_SECONDS && growth <= TARGET_GROWTH_MB && r.rows === ORDERS;
      failed ||= !ok;
      console.log(
        `| run ${i + 1} | ${r.rows} | ${r.megabytes.toFixed(1)} | ${r.seconds.toFixed(2)} s | ${r.rssBefore.toFixed(0)} MB | ${r.rssPeak.toFixed(0)} MB | ${growth.toFixed(0)} MB | ${ok ? 'yes' : 'NO'} |`,
      );
    });
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
    await database.drop();
  }
}

await main();
