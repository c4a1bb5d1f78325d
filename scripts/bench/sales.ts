/**
 * Benchmark: the sales view (issue #28, GET /api/v1/sales) over 100 000 orders spread across 90 days. Seeds a
 * throw-away database with generate_series (orders with their events, promotion bonuses, spin prizes, extra
 * payments), then times the view as the endpoint runs it (SalesService.report): the first look, which computes and
 * keeps the figures of every past day of the range (sales-days.ts), then N looks that add the kept days up and group
 * only today's orders again, with their p50/p95. Prints the plan of each query (EXPLAIN ANALYZE) and
 * whether it read `orders` whole where an index fits (a range that selects a small part of the table).
 *
 *   npx tsx scripts/bench/sales.ts                       # PostgreSQL (BENCH_DATABASE_URL), and the embedded one
 *   BENCH_DATABASES=postgres BENCH_RUNS=50 npx tsx scripts/bench/sales.ts
 *   BENCH_ORDERS=200000 BENCH_PLANS=0 npx tsx scripts/bench/sales.ts
 *   BENCH_DATABASES=postgres BENCH_KEEP_DB=1 BENCH_RUNS=1 npx tsx scripts/bench/sales.ts   # keeps it for psql
 */

import { addDays, dayIn } from '@ezrecharge/shared/shop-day';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../../apps/server/src/infra/db';
import { SALES_SQL, type SalesRange } from '../../apps/server/src/modules/sales/sales-repository';
import { QUERY_WORK_MEM, SalesService } from '../../apps/server/src/modules/sales/sales-service';
import { benchTargets, createDatabase } from './server';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const DAYS = 90;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SHOW_PLANS = process.env.BENCH_PLANS !== '0';
/** BENCH_KEEP_DB=1: the PostgreSQL database is kept (its URL printed), to try plans on it by hand. */
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const TIME_ZONE = process.env.SHOP_TIME_ZONE ?? 'Asia/Singapore';
const TARGET_P95_MS = 300;
/** Below this share of the table, a range's query should reach orders through an index. */
const INDEX_SHARE = 0.4;

/**
 * The shop's last 90 days: order i is created at an even step back from now, paid two minutes later unless its
 * payment failed, delivered 5–300 s after payment; one in 20 refunded, one in 7 with a promotion's bonus, one in 5
 * with a spin prize. Four currencies, two gateways, five packs, two languages.
 */
async function seed(database: Database): Promise<void> {
  const { db } = database;
  const started = performance.now();
  await db.execute(sql`
    INSERT INTO orders (order_num, game_id, order_status, email, lang, page_info, product_name, currency,
                        unit_amount, game_amount, quantity, amount, amount_game, bonus_game, gateway, gateway_ref,
                        payment_channel, created_at, updated_at, paid_at, delivered_at)
    SELECT 'B' || i, 'fan' || (i % 5000), s.status, 'buyer' || (i % 20000) || '@example.com',
           CASE WHEN i % 3 = 0 THEN 'zh' ELSE 'en' END, 'recharge',
           'BIGO ' || (p.diamonds) || ' diamonds', c.currency, p.unit, p.diamonds, q.quantity,
           p.unit * q.quantity, p.diamonds * q.quantity, CASE WHEN i % 7 = 0 THEN 50 ELSE 0 END,
           c.gateway, 'ref' || i, c.channel, t.created, t.created,
           CASE WHEN s.status IN (9, 12) THEN t.created + interval '2 minutes' END,
           CASE WHEN s.status = 9 THEN t.created + interval '2 minutes' + (5 + i % 296) * interval '1 second' END
      FROM generate_series(1, ${ORDERS}) AS i
      CROSS JOIN LATERAL (SELECT now() - (i::float8 / ${ORDERS}) * interval '${sql.raw(String(DAYS))} days'
                          AS created) AS t
      CROSS JOIN LATERAL (SELECT CASE i % 20 WHEN 0 THEN 5 WHEN 1 THEN 6 WHEN 2 THEN 12 WHEN 3 THEN 1
                                 ELSE 9 END AS status) AS s
      CROSS JOIN LATERAL (SELECT 1 + i % 3 AS quantity) AS q
      CROSS JOIN LATERAL (SELECT (ARRAY[100, 300, 600, 1200, 3000])[1 + i % 5] AS diamonds,
                                 (ARRAY[245, 690, 1350, 2700, 6500])[1 + i % 5] AS unit) AS p
      CROSS JOIN LATERAL (SELECT (ARRAY['SGD','SGD','SGD','MYR','MYR','USD','CNY'])[1 + i % 7] AS currency,
                                 (ARRAY['fiuu','fiuu','fiuu','fiuu','fiuu','stripe','fiuu'])[1 + i % 7] AS gateway,
                                 (ARRAY['credit','credit','FPX_MB2U','credit','FPX_MB2U','card','ALIPAY'])[1 + i % 7]
                                   AS channel) AS c`);
  // The moves of each order as the lifecycle writes them, one minute apart; a refund carries its reason.
  await db.execute(sql`
    INSERT INTO order_events (order_id, from_status, to_status, cause, actor, detail, created_at)
    SELECT o.id, NULL, m.status, 'bench', 'system',
           CASE WHEN m.status = 11 THEN jsonb_build_object('reason',
             (ARRAY['BIGO refused the ID', 'Buyer asked', 'Paid twice'])[1 + o.id % 3]) END,
           o.created_at + m.n * interval '1 minute'
      FROM orders o
      CROSS JOIN LATERAL unnest(CASE o.order_status
        WHEN 9 THEN ARRAY[2, 3, 7, 8, 9] WHEN 12 THEN ARRAY[2, 3, 7, 8, 10, 11, 12]
        WHEN 1 THEN ARRAY[1] ELSE ARRAY[2, 3, o.order_status] END) WITH ORDINALITY AS m(status, n)`);
  await db.execute(sql`
    INSERT INTO promotions (kind, name, code, bonus_type, bonus_value, active)
    VALUES ('welcome', 'Welcome', NULL, 'fixed', 50, true), ('code', 'Spring code', 'SPRING', 'fixed', 50, true),
           ('channel', 'FPX week', NULL, 'fixed', 50, true)`);
  await db.execute(sql`
    INSERT INTO order_bonuses (order_id, promotion_id, kind, diamonds, game_id, state, created_at, updated_at)
    SELECT o.id, p.id, p.kind, o.bonus_game, o.game_id,
           CASE WHEN o.order_status = 9 THEN 'delivered' ELSE 'withdrawn' END, o.created_at, o.created_at
      FROM orders o JOIN promotions p ON p.id = (SELECT min(id) FROM promotions) + o.id % 3
     WHERE o.bonus_game > 0`);
  await db.execute(sql`
    INSERT INTO spins (order_id, seq, game_id, bu_orderid, state, prize_diamonds, delivery, spun_at, delivered_at)
    SELECT o.id, 1, o.game_id, o.order_num || 'S1', 'spun', (ARRAY[10, 20, 50, 100])[1 + o.id % 4], 'delivered',
           o.delivered_at + interval '1 minute', o.delivered_at + interval '2 minutes'
      FROM orders o WHERE o.order_status = 9 AND o.id % 5 = 0`);
  await db.execute(sql`
    INSERT INTO extra_payments (order_id, gateway, ref, amount, currency, channel, state, created_at, updated_at)
    SELECT o.id, o.gateway, 'extra' || o.id, o.amount, o.currency, o.payment_channel,
           CASE WHEN o.id % 2 = 0 THEN 'refunded' ELSE 'recorded' END,
           o.paid_at + interval '3 minutes', o.paid_at + interval '1 hour'
      FROM orders o WHERE o.order_status = 9 AND o.id % 500 = 0`);
  await db.execute(sql`ANALYZE`);
  const [counts] = await queryRows<{ orders: number; events: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_events)::int AS events`,
  );
  console.log(
    `  seeded ${counts?.orders} orders, ${counts?.events} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function timeReport(
  service: SalesService,
  range: SalesRange,
): Promise<{ first: number; p50: number; p95: number }> {
  const query = { from: range.from, to: range.to };
  // The first look computes and keeps every past day of the range not kept yet (sales-days.ts).
  const began = performance.now();
  await service.report(query);
  const first = performance.now() - began;
  for (let i = 0; i < 2; i++) await service.report(query);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await service.report(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { first, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Each query's plan; `wholeOrders`: it reads the orders table whole (a sequential scan on it). */
async function plans(
  database: Database,
  range: SalesRange,
): Promise<{ name: string; wholeOrders: boolean }[]> {
  const found: { name: string; wholeOrders: boolean }[] = [];
  for (const [name, build] of Object.entries(SALES_SQL)) {
    // As the service runs it: in a read-only transaction with its work_mem (sales-service.ts).
    const rows = await database.db.transaction(
      async (tx) => {
        await tx.execute(sql`SELECT set_config('work_mem', ${QUERY_WORK_MEM}, true)`);
        return queryRows<Record<string, string>>(tx, sql`EXPLAIN (ANALYZE, COSTS OFF) ${build(range)}`);
      },
      { accessMode: 'read only' },
    );
    const plan = rows.map((row) => Object.values(row)[0]).join('\n');
    const wholeOrders = /Seq Scan on orders\b/.test(plan);
    found.push({ name, wholeOrders });
    if (SHOW_PLANS)
      console.log(`\n  --- ${name} (${range.from} … ${range.to})\n${plan.replace(/^/gm, '    ')}`);
  }
  return found;
}

async function run(target: 'embedded' | 'postgres'): Promise<boolean> {
  console.log(`\n== ${target === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'}`);
  const created = target === 'postgres' ? await createDatabase() : undefined;
  const database = await openDatabase(created ? { kind: 'postgres', url: created.url } : { kind: 'memory' });
  let good = true;
  try {
    await seed(database);
    const service = new SalesService({ db: database.db, timeZone: TIME_ZONE, now: () => new Date() });
    const today = dayIn(new Date(), TIME_ZONE);
    const ranges: { label: string; range: SalesRange; share: number }[] = [
      {
        label: '90 days',
        range: { from: addDays(today, 1 - DAYS), to: today, timeZone: TIME_ZONE },
        share: 1,
      },
      {
        label: '30 days',
        range: { from: addDays(today, -29), to: today, timeZone: TIME_ZONE },
        share: 30 / DAYS,
      },
      { label: '1 day', range: { from: today, to: today, timeZone: TIME_ZONE }, share: 1 / DAYS },
    ];
    const results: string[] = [];
    for (const { label, range, share } of ranges) {
      const { first, p50, p95 } = await timeReport(service, range);
      const planned = await plans(database, range);
      const whole = planned.filter((p) => p.wholeOrders).map((p) => p.name);
      const misplanned = share < INDEX_SHARE ? whole : [];
      if (misplanned.length > 0 || p95 > TARGET_P95_MS) good = false;
      results.push(
        `  ${label.padEnd(8)} first look ${first.toFixed(0).padStart(5)} ms  then p50 ${p50.toFixed(1).padStart(6)} ms` +
          `  p95 ${p95.toFixed(1).padStart(6)} ms` +
          `  (target p95 ≤ ${TARGET_P95_MS} ms)  seq scan on orders: ${whole.length ? whole.join(', ') : 'none'}` +
          (misplanned.length ? '  ← an index fits here' : ''),
      );
    }
    console.log(`\n  ${RUNS} runs each, ${ORDERS} orders over ${DAYS} days, time zone ${TIME_ZONE}:`);
    for (const line of results) console.log(line);
  } finally {
    await database.close();
    if (created && KEEP_DB) console.log(`  kept the database: ${created.url}`);
    else await created?.drop();
  }
  return good;
}

async function main(): Promise<void> {
  let good = true;
  for (const target of await benchTargets()) good = (await run(target)) && good;
  if (!good) {
    console.log('\nA target was missed (p95 or plan): see above.');
    process.exitCode = 1;
  }
}

await main();
