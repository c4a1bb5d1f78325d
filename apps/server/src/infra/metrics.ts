import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { ORDER_STATUS } from '@ezrecharge/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, queryRows } from './db';
import { sendError } from './http';

/**
 * Prometheus metrics (issue #31), in the text format of prom-client, for docs/operations.md and
 * deploy/prometheus/alerts.yml. Two kinds:
 *
 * - What this process did, counted as it happens: HTTP requests by route, gateway and BIGO calls, order moves into
 *   the outcomes operators watch (payments, deliveries, refunds), paid → delivered times. Each process counts its
 *   own; Prometheus scrapes every process and `sum` adds them (a restart starts a counter at 0, which `rate` and
 *   `increase` handle).
 * - What the whole site is in, read from the database when scraped (at most once every SNAPSHOT_MS per process):
 *   job queue depth and oldest due age by kind, dead jobs, paid orders awaiting delivery, held payments, the last
 *   payment, the reseller balance. Every process reports the same values; alert rules take `max` over them.
 *
 * One registry per process (prom-client's model): a process is one server or one worker.
 */

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'ezrecharge_' });

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'ezrecharge_http_requests_total',
  help: 'HTTP requests answered, by method, route (the pattern, not the path) and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'ezrecharge_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route',
  labelNames: ['method', 'route'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

export const gatewayCalls = new Histogram({
  name: 'ezrecharge_gateway_call_duration_seconds',
  help: 'Calls to Fiuu, Stripe and BIGO, by gateway, call and result (ok, or error: no answer we can use)',
  labelNames: ['gateway', 'call', 'result'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30],
  registers: [registry],
});

/**
 * Issue #29: the risk rules' own time at order commit (blocklist, settings and card-testing count), decided or
 * refused, so their added latency is measured where it is spent. Fine buckets around the 5 ms target.
 */
export const riskCommitCheck = new Histogram({
  name: 'ezrecharge_risk_commit_check_seconds',
  help: 'Time the risk rules took at order commit, by decision (allow, refuse)',
  labelNames: ['decision'] as const,
  buckets: [0.0005, 0.001, 0.002, 0.003, 0.004, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});

const payments = new Counter({
  name: 'ezrecharge_payments_total',
  help: 'Orders moved by a payment outcome: paid (7), cancelled (4), failed (5), expired (6)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const deliveries = new Counter({
  name: 'ezrecharge_deliveries_total',
  help: 'Deliveries ended: delivered (8 → 9), failed (8 → 10), marked delivered by an operator (10 → 9)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const refunds = new Counter({
  name: 'ezrecharge_refunds_total',
  help: 'Refunds: started (→ 11), succeeded (→ 12), failed (→ 13)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const paidToDelivered = new Histogram({
  name: 'ezrecharge_paid_to_delivered_seconds',
  help: 'From an order paid (7) to delivered (9); buyers are promised two minutes',
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 3600],
  registers: [registry],
});

const MOVE_METRICS: Readonly<Record<number, [Counter<'outcome'>, string]>> = {
  [ORDER_STATUS.PAYMENT_COMPLETED]: [payments, 'paid'],
  [ORDER_STATUS.PAYMENT_CANCELLED]: [payments, 'cancelled'],
  [ORDER_STATUS.PAYMENT_FAILED]: [payments, 'failed'],
  [ORDER_STATUS.PAYMENT_TIMEOUT]: [payments, 'expired'],
  [ORDER_STATUS.CHARGE_FAILED]: [deliveries, 'failed'],
  [ORDER_STATUS.REFUNDING]: [refunds, 'started'],
  [ORDER_STATUS.REFUNDED]: [refunds, 'succeeded'],
  [ORDER_STATUS.REFUND_FAILED]: [refunds, 'failed'],
};

/** Counts an order's move (OrderLifecycle.move calls this once the move is made). */
export function orderMoved(
  from: number,
  to: number,
  order: { paidAt: Date | null; deliveredAt: Date | null },
): void {
  if (to === ORDER_STATUS.CHARGED) {
    deliveries.inc({ outcome: from === ORDER_STATUS.CHARGE_FAILED ? 'marked_delivered' : 'delivered' });
    if (order.paidAt) {
      const delivered = order.deliveredAt ?? new Date();
      paidToDelivered.observe(Math.max(0, (delivered.getTime() - order.paidAt.getTime()) / 1000));
    }
    return;
  }
  const metric = MOVE_METRICS[to];
  metric?.[0].inc({ outcome: metric[1] });
}

/** Times one call to a far end; an error is a throw or what `failed` says of the answer. */
export async function timeCall<T>(
  gateway: string,
  call: string,
  run: () => Promise<T>,
  failed: (answer: T) => boolean = () => false,
): Promise<T> {
  const end = gatewayCalls.startTimer({ gateway, call });
  try {
    const answer = await run();
    end({ result: failed(answer) ? 'error' : 'ok' });
    return answer;
  } catch (err) {
    end({ result: 'error' });
    throw err;
  }
}

// --- The site's state, read from the database when scraped -------------------------------------------------------

const jobsDue = new Gauge({
  name: 'ezrecharge_jobs_due',
  help: 'Jobs queued and due now (waiting for a worker), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const jobsOldestDue = new Gauge({
  name: 'ezrecharge_jobs_oldest_due_age_seconds',
  help: 'How long the oldest due job of each kind has waited for a worker (0 when none waits)',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const jobsRunning = new Gauge({
  name: 'ezrecharge_jobs_running',
  help: 'Jobs running now (claimed under a lease), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const jobsDead = new Gauge({
  name: 'ezrecharge_jobs_dead',
  help: 'Jobs that ran out of attempts and wait for an operator (console: Jobs), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const awaitingDelivery = new Gauge({
  name: 'ezrecharge_orders_awaiting_delivery',
  help: 'Paid orders not delivered yet and not held: status 7 (paid) or 8 (charging)',
  labelNames: ['status'] as const,
  registers: [registry],
});
const oldestAwaiting = new Gauge({
  name: 'ezrecharge_oldest_awaiting_delivery_seconds',
  help: 'Age since payment of the oldest paid order awaiting delivery (0 when none)',
  registers: [registry],
});
const chargeFailed = new Gauge({
  name: 'ezrecharge_orders_charge_failed',
  help: 'Orders whose delivery failed (10) and wait for an operator to retry or refund',
  registers: [registry],
});
const held = new Gauge({
  name: 'ezrecharge_orders_held',
  help: 'Paid orders held for an operator (amount or currency differs from the order)',
  registers: [registry],
});
const lastPaid = new Gauge({
  name: 'ezrecharge_last_payment_timestamp_seconds',
  help: 'When the newest paid order was paid (Unix time; 0 before the first)',
  registers: [registry],
});
const balance = new Gauge({
  name: 'ezrecharge_bigo_reseller_balance_diamonds',
  help: "BIGO reseller balance as the newest order's precheck reported it",
  registers: [registry],
});
const balanceAt = new Gauge({
  name: 'ezrecharge_bigo_reseller_balance_timestamp_seconds',
  help: 'When that precheck was made (Unix time)',
  registers: [registry],
});
const balanceAlert = new Gauge({
  name: 'ezrecharge_bigo_reseller_balance_alert_below',
  help: 'BIGO_BALANCE_ALERT_BELOW: the balance below which operators are warned (0 = off)',
  registers: [registry],
});
const buildInfo = new Gauge({
  name: 'ezrecharge_build_info',
  help: 'Always 1: the version of the shop and of Node.js this process runs, and its role',
  labelNames: ['version', 'node', 'role'] as const,
  registers: [registry],
});

/** How long one read of the database serves scrapes (several Prometheus servers, a dashboard's refreshes). */
const SNAPSHOT_MS = 5_000;

interface JobRow extends Record<string, unknown> {
  kind: string;
  due: number;
  oldest: number | null;
  running: number;
  dead: number;
}

interface OrderRow extends Record<string, unknown> {
  paid: number;
  charging: number;
  oldest: number | null;
  failed: number;
  held: number;
  last_paid: number | null;
  balance: number | null;
  balance_at: number | null;
}

async function readSnapshot(db: Db): Promise<{ jobs: JobRow[]; orders: OrderRow | undefined }> {
  const jobRows = await queryRows<JobRow>(
    db,
    sql`select kind,
          count(*) filter (where state = 'queued' and run_at <= now())::int as due,
          extract(epoch from now() - min(run_at) filter (where state = 'queued' and run_at <= now()))::float8
            as oldest,
          count(*) filter (where state = 'running')::int as running,
          count(*) filter (where state = 'dead')::int as dead
        from jobs group by kind`,
  );
  const [orderRow] = await queryRows<OrderRow>(
    db,
    sql`select
          (select count(*)::int from orders where order_status = ${ORDER_STATUS.PAYMENT_COMPLETED}
             and not payment_held) as paid,
          (select count(*)::int from orders where order_status = ${ORDER_STATUS.CHARGING}) as charging,
          (select extract(epoch from now() - min(paid_at))::float8 from orders
             where order_status in (${ORDER_STATUS.PAYMENT_COMPLETED}, ${ORDER_STATUS.CHARGING})
               and not payment_held) as oldest,
          (select count(*)::int from orders where order_status = ${ORDER_STATUS.CHARGE_FAILED}) as failed,
          (select count(*)::int from orders where payment_held) as held,
          (select extract(epoch from max(paid_at))::float8 from orders) as last_paid,
          b.balance, b.balance_at
        from (select null) as one
        left join lateral (
          select precheck_balance::float8 as balance, extract(epoch from created_at)::float8 as balance_at
          from orders where precheck_balance is not null order by created_at desc limit 1
        ) b on true`,
  );
  return { jobs: jobRows, orders: orderRow };
}

export interface SiteMetricsSource {
  db: Db;
  balanceAlertBelow: number;
  version: string;
  role: 'web' | 'worker';
}

let source: SiteMetricsSource | undefined;
let cached: { at: number; value: Promise<void> } | undefined;

/** Reads the site's state into the gauges, at most once every SNAPSHOT_MS (concurrent scrapes share one read). */
function refreshSiteGauges(): Promise<void> {
  const current = source;
  if (!current) return Promise.resolve();
  if (cached && Date.now() - cached.at < SNAPSHOT_MS) return cached.value;
  const value = readSnapshot(current.db).then(({ jobs, orders }) => {
    for (const gauge of [jobsDue, jobsOldestDue, jobsRunning, jobsDead]) gauge.reset();
    for (const row of jobs) {
      jobsDue.set({ kind: row.kind }, Number(row.due));
      jobsOldestDue.set({ kind: row.kind }, Number(row.oldest ?? 0));
      jobsRunning.set({ kind: row.kind }, Number(row.running));
      jobsDead.set({ kind: row.kind }, Number(row.dead));
    }
    if (!orders) return;
    awaitingDelivery.set({ status: '7' }, Number(orders.paid));
    awaitingDelivery.set({ status: '8' }, Number(orders.charging));
    oldestAwaiting.set(Number(orders.oldest ?? 0));
    chargeFailed.set(Number(orders.failed));
    held.set(Number(orders.held));
    lastPaid.set(Number(orders.last_paid ?? 0));
    if (orders.balance !== null) balance.set(Number(orders.balance));
    if (orders.balance_at !== null) balanceAt.set(Number(orders.balance_at));
  });
  cached = { at: Date.now(), value };
  // A failed read is not kept: the next scrape tries again.
  value.catch(() => {
    cached = undefined;
  });
  return value;
}

/** Points the site gauges at this process's database (core.ts); `stop` when the database closes. */
export function watchSite(site: SiteMetricsSource): { stop(): void } {
  source = site;
  cached = undefined;
  balanceAlert.set(site.balanceAlertBelow);
  buildInfo.reset();
  buildInfo.set({ version: site.version, node: process.version, role: site.role }, 1);
  return {
    stop() {
      if (source === site) source = undefined;
    },
  };
}

/** The text Prometheus scrapes, with its content type. A failed database read leaves those gauges as they were. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  await refreshSiteGauges().catch(() => {});
  return { contentType: registry.contentType, body: await registry.metrics() };
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Request metrics for every route, and GET /metrics on this server when a token is configured: the bearer token is
 * required, anything else is the same 404 as an unknown path (the endpoint is never public).
 */
export function registerMetrics(app: FastifyInstance, options: { token: string | undefined }): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route's pattern keeps the label set small; unmatched paths (the SPA's routes, 404s) share one label.
    const route = request.routeOptions.url ?? '(unmatched)';
    const labels = { method: request.method, route };
    httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  const { token } = options;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      return sendError(reply, 'not_found', 'Not Found', 'GET /metrics does not exist');
    }
    const { contentType, body } = await metricsText();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/**
 * GET /metrics on a listener of its own (METRICS_PORT on METRICS_HOST, loopback by default): the worker has no other
 * HTTP, and a web process may keep /metrics off its public port. With METRICS_TOKEN the token is required here too.
 */
export async function startMetricsListener(options: {
  port: number;
  host: string;
  token: string | undefined;
}): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const allowed = options.token === undefined || tokenMatches(request.headers.authorization, options.token);
    if (request.method !== 'GET' || path !== '/metrics' || !allowed) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
