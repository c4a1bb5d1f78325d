import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  formatMinor,
  ORDER_STATUS,
  type TOrder,
  type TOrderEvent,
  WIRE_CONTEXT,
  ZEncryptedSelect,
  ZPriceSelect,
  ZProductSelect,
} from '@ezrecharge/shared';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { fiuuSkey } from '../src/gateways/fiuu/fiuu-protocol';
import { gatewaySettings } from '../src/gateways/gateway-settings';
import { newOrderNum } from '../src/modules/order-lifecycle/order-creation';
import { HttpAuthenticator } from './support/http-authenticator';
import { createTestDatabase, freePort, TEST_PG_BASE } from './support/test-app';

/**
 * Diamonds are delivered exactly once even when server processes die (issue "Fulfilment", reliability tests):
 * real server processes (src/main.ts, as in production), killed with SIGKILL at the worst moments and started
 * again on the same database, and two processes sharing one PostgreSQL database. The BIGO simulator's ledger,
 * kept in that database, says how often each order was credited.
 *
 * A job's lease (10 s) is renewed while its handler runs, so a job whose process was killed mid-delivery is picked
 * up by the next process within about 10 seconds of the kill; the waits below allow for that and the restart.
 */

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const SECRET = 'reliability-test-secret-0123456789abcdefgh';
const ADMIN = { username: 'admin', password: 'reliable-pass-1' };
const PG_BASE = TEST_PG_BASE;

type Json = Record<string, unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  url: string;
  site: Site;
  child: ChildProcess;
  /** What the process wrote to stderr, for the failure message. */
  stderr: () => string;
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) await kill(child);
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** The environment every process of one test shares: one database, one APP_SECRET (so one set of sandbox keys). */
interface Site {
  databaseUrl?: string;
  dataDir: string;
}

async function newSite(database: 'postgres' | 'embedded'): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ezr-reliable-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (database === 'embedded') return { dataDir };
  const created = await createTestDatabase(PG_BASE ?? '');
  cleanups.push(created.drop);
  return { databaseUrl: created.url, dataDir };
}

/** A process of the site: src/main.ts (web) or src/worker.ts, with the site's shared environment. */
function spawnProcess(
  site: Site,
  entry: 'src/main.ts' | 'src/worker.ts',
  env: Record<string, string>,
): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: site.dataDir,
      ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl } : {}),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      APP_SECRET: SECRET,
      NODE_ENV: 'development',
      ...env,
    },
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + String(d)).slice(-4_000);
  });
  return { child, stderr: () => stderr };
}

async function start(site: Site, dataDir = site.dataDir, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, stderr: output } = spawnProcess(site, 'src/main.ts', {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...env,
  });
  const stderr = () => output();
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr()}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr()}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  return { url, site, child, stderr };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function call(
  base: string,
  method: string,
  route: string,
  init: { auth?: string; body?: unknown } = {},
) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(init.auth ? { authorization: init.auth } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}

/** Each site's admin signs in with two-factor sign-in, as a superuser must: enrolled at the first sign-in. */
const authenticators = new WeakMap<Site, HttpAuthenticator>();
/** The last event time (whole seconds) each site's admin signed in with. */
const lastSignIn = new WeakMap<Site, number>();

async function signIn(server: Server): Promise<string> {
  let authenticator = authenticators.get(server.site);
  if (!authenticator) {
    authenticator = new HttpAuthenticator(ADMIN.username, ADMIN.password);
    authenticators.set(server.site, authenticator);
  }
  // The server refuses a second sign-in with the same event time (a replay): each sign-in of a site takes a later
  // second than the one before (a step back from a clock of whole seconds could meet an earlier one again when two
  // sign-ins are under two seconds apart). A second or two ahead of the clock is well within the ±5 minutes taken.
  const seconds = Math.max(Math.floor(Date.now() / 1000) - 1, (lastSignIn.get(server.site) ?? 0) + 1);
  lastSignIn.set(server.site, seconds);
  return authenticator.signIn(server.url, formatEventTime(new Date(seconds * 1000)));
}

async function unseal(body: Json): Promise<unknown> {
  const sealed = ZEncryptedSelect.parse(body.data);
  return decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select);
}

/** Places an SGD order as the public recharge page does; returns its number and what Fiuu will be paid. */
async function commit(server: Server, gameId: string): Promise<{ orderNum: string; amount: string }> {
  const products = ZProductSelect.parse(
    await unseal((await call(server.url, 'GET', '/api/v1/product/select?release=1')).body),
  );
  const product = products[0];
  if (!product) throw new Error('no released product');
  const select = ZPriceSelect.parse(
    await unseal((await call(server.url, 'GET', `/api/v1/price/select/${product.id}?localLang=en`)).body),
  );
  const pack = select.prices.SGD?.[0];
  if (!pack) throw new Error('no SGD pack');
  const eventtime = formatEventTime();
  const data = await encryptWireJson(
    {
      game_type: 1,
      game_id: gameId,
      price_id: pack.id,
      quantity: 1,
      amount: pack.unit_amount,
      amount_game: pack.game_amount,
      pay_currency: 'SGD',
      token: '',
      page_info: 'recharge',
    },
    eventtime,
    WIRE_CONTEXT.order,
  );
  const res = await call(server.url, 'POST', '/api/v1/order/', {
    body: { data, eventtime, email: 'reliable@example.com' },
  });
  if (res.status !== 200) throw new Error(`commit refused: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    orderNum: String((res.body.data as Json).order_num),
    amount: formatMinor(pack.unit_amount, pack.currency),
  };
}

let tran = 9_100_000_000;

/** Posts a verified paid result to the notify URL (signed with the sandbox secret key every process shares). */
async function notifyPaid(server: Server, orderNum: string, amount: string): Promise<void> {
  const fiuu = gatewaySettings(loadConfig({ DATABASE_URL: 'memory://' }), SECRET).fiuu;
  const base = {
    tranID: String(++tran),
    orderid: orderNum,
    status: '00',
    domain: fiuu.merchantId,
    amount,
    currency: 'SGD',
    appcode: 'APP001',
    paydate: '2026-01-01 12:00:00',
    channel: 'credit',
    error_code: '',
    error_desc: '',
  };
  const res = await fetch(`${server.url}/api/v1/payment/fiuu/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...base, skey: fiuuSkey(base, fiuu.secretKey), nbcb: '2' }).toString(),
  });
  expect(res.status).toBe(200);
  await res.text();
}

async function orderOf(server: Server, auth: string, orderNum: string): Promise<TOrder> {
  const res = await call(server.url, 'GET', `/api/v1/order/?order_num=${orderNum}&page=1&page_size=1`, {
    auth,
  });
  const [order] = ((res.body.data as Json | undefined)?.page_data ?? []) as TOrder[];
  if (!order) throw new Error(`order ${orderNum} not listed: ${JSON.stringify(res.body)}`);
  return order;
}

async function waitForStatus(
  server: Server,
  auth: string,
  orderNum: string,
  statuses: number[],
  timeoutMs: number,
): Promise<TOrder> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const order = await orderOf(server, auth, orderNum);
    if (statuses.includes(order.order_status)) return order;
    if (Date.now() > deadline) {
      throw new Error(`order ${orderNum} still in ${order.order_status}: ${server.stderr()}`);
    }
    await sleep(200);
  }
}

async function deliveries(server: Server, orderNum: string): Promise<number> {
  const res = await call(server.url, 'GET', `/sandbox/bigo/ledger?bu_orderid=${orderNum}`);
  return Number(res.body.deliveries);
}

async function causes(server: Server, auth: string, orderNum: string): Promise<string[]> {
  const res = await call(server.url, 'GET', `/api/v1/order/events?order_num=${orderNum}`, { auth });
  return ((res.body.data ?? []) as TOrderEvent[]).map((e) => `${e.from_status}→${e.to_status} ${e.cause}`);
}

/** a. Killed right after answering a paid notification: the restarted process delivers the order once. */
async function killAfterPaidNotification(database: 'postgres' | 'embedded'): Promise<void> {
  const site = await newSite(database);
  const first = await start(site);
  const { orderNum, amount } = await commit(first, 'reliable_fan_a');
  await notifyPaid(first, orderNum, amount);
  await kill(first.child);

  const second = await start(site);
  const auth = await signIn(second);
  // Within the lease (10 s) of a job the first process may have claimed just before it died, plus the restart.
  const order = await waitForStatus(second, auth, orderNum, [ORDER_STATUS.CHARGED], 60_000);
  expect(order.delivered_at).not.toBeNull();
  expect(await deliveries(second, orderNum)).toBe(1);
  const events = await causes(second, auth, orderNum);
  expect(events.filter((e) => e.startsWith('8→9'))).toHaveLength(1);
}

describe('a worker-only process', () => {
  it('refuses the embedded database with one clear line', { timeout: 60_000 }, async () => {
    const site = await newSite('embedded');
    const worker = spawnProcess(site, 'src/worker.ts', {});
    const code = await new Promise((resolve) => worker.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(worker.stderr()).toContain('npm run worker needs DATABASE_URL');
  });
});

// Several processes or pools on one database: PostgreSQL only (TEST_PG_BASE says when, and that CI runs it).
describe.skipIf(!PG_BASE)('web and worker processes apart (PostgreSQL)', () => {
  it('a web process with RUN_JOBS=0 runs no job; a worker process (no HTTP) delivers the paid order', {
    timeout: 120_000,
  }, async () => {
    const site = await newSite('postgres');
    const web = await start(site, site.dataDir, { RUN_JOBS: '0' });
    const auth = await signIn(web);
    const { orderNum, amount } = await commit(web, 'worker_fan_a');
    await notifyPaid(web, orderNum, amount);
    // Paid, and nobody delivers it: the web process leaves the jobs to the workers.
    await sleep(2_000);
    expect((await orderOf(web, auth, orderNum)).order_status).toBe(ORDER_STATUS.PAYMENT_COMPLETED);

    // The worker reaches the far ends where the web process serves them (the sandboxes under PUBLIC_URL).
    const worker = spawnProcess(site, 'src/worker.ts', {
      PUBLIC_URL: web.url,
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'ezr-worker-')),
    });
    const order = await waitForStatus(web, auth, orderNum, [ORDER_STATUS.CHARGED], 60_000);
    expect(order.delivered_at).not.toBeNull();
    expect(await deliveries(web, orderNum)).toBe(1);

    // SIGTERM: it finishes what it holds and exits cleanly.
    const exited = new Promise((resolve) => worker.child.once('exit', resolve));
    worker.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('a server process killed right after a paid notification (embedded database)', () => {
  it('is delivered exactly once by the restarted process', { timeout: 120_000 }, async () => {
    await killAfterPaidNotification('embedded');
  });
});

// Several processes or pools on one database: PostgreSQL only (TEST_PG_BASE says when, and that CI runs it).
describe.skipIf(!PG_BASE)('server processes killed mid-delivery (PostgreSQL)', () => {
  it('a paid notification, then SIGKILL: delivered exactly once after the restart', {
    timeout: 120_000,
  }, async () => {
    await killAfterPaidNotification('postgres');
  });

  it('SIGKILL while the recharge call is in flight: the next process resumes it, one delivery in the ledger', {
    timeout: 150_000,
  }, async () => {
    const site = await newSite('postgres');
    const first = await start(site);
    const auth = await signIn(first);
    const { orderNum, amount } = await commit(first, 'reliable_fan_b');
    // BIGO takes 20 s to answer the next recharge: the call is still in flight when the process dies.
    const hang = await call(first.url, 'PUT', '/sandbox/bigo/controls', {
      auth,
      body: { fail_next: { hang_ms: 20_000, count: 1, endpoint: 'recharge' } },
    });
    expect(hang.status).toBe(200);
    await notifyPaid(first, orderNum, amount);
    await waitForStatus(first, auth, orderNum, [ORDER_STATUS.CHARGING], 20_000);
    await sleep(500);
    await kill(first.child);

    const second = await start(site);
    const auth2 = await signIn(second);
    expect((await call(second.url, 'DELETE', '/sandbox/bigo/controls', { auth: auth2 })).status).toBe(200);
    expect((await orderOf(second, auth2, orderNum)).order_status).toBe(ORDER_STATUS.CHARGING);
    await waitForStatus(second, auth2, orderNum, [ORDER_STATUS.CHARGED], 75_000);
    expect(await deliveries(second, orderNum)).toBe(1);
    const events = await causes(second, auth2, orderNum);
    // The call that died with its process is on the record as one that may have delivered.
    expect(events).toContain(
      '8→8 delivery resumed: the previous call to BIGO got no recorded answer and may have delivered',
    );
    expect(events.filter((e) => e.startsWith('8→9'))).toHaveLength(1);
  });

  it('SIGTERM to a worker whose delivery hangs: it exits 0 within its bounds and leaves the job to the next worker', {
    timeout: 150_000,
  }, async () => {
    const site = await newSite('postgres');
    const web = await start(site, site.dataDir, { RUN_JOBS: '0' });
    const auth = await signIn(web);
    const { orderNum, amount } = await commit(web, 'reliable_fan_t');
    // BIGO takes 40 s to answer the next recharge: longer than the worker's 10 s grace.
    const hang = await call(web.url, 'PUT', '/sandbox/bigo/controls', {
      auth,
      body: { fail_next: { hang_ms: 40_000, count: 1, endpoint: 'recharge' } },
    });
    expect(hang.status).toBe(200);
    const workerEnv = { PUBLIC_URL: web.url, DATA_DIR: await mkdtemp(path.join(tmpdir(), 'ezr-worker-')) };
    const first = spawnProcess(site, 'src/worker.ts', workerEnv);
    await notifyPaid(web, orderNum, amount);
    await waitForStatus(web, auth, orderNum, [ORDER_STATUS.CHARGING], 30_000);
    await sleep(500);

    const stopped = Date.now();
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(20_000);
    const db = new pg.Client({ connectionString: site.databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const leased = await db.query<{ n: number }>(
      "select count(*)::int as n from jobs where state = 'running' and locked_by like $1",
      [`%:${first.child.pid}:%`],
    );
    expect(leased.rows[0]?.n).toBe(0);

    expect((await call(web.url, 'DELETE', '/sandbox/bigo/controls', { auth })).status).toBe(200);
    spawnProcess(site, 'src/worker.ts', workerEnv);
    await waitForStatus(web, auth, orderNum, [ORDER_STATUS.CHARGED], 75_000);
    expect(await deliveries(web, orderNum)).toBe(1);
  });

  it('two processes on one database deliver 200 paid orders, each exactly once', {
    timeout: 150_000,
  }, async () => {
    const site = await newSite('postgres');
    // The second process has its own DATA_DIR (outbox, uploads); the database is what they share.
    const servers = [
      await start(site),
      await start(site, await mkdtemp(path.join(tmpdir(), 'ezr-reliable-'))),
    ];
    const db = new pg.Client({ connectionString: site.databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());

    const total = 200;
    const nums = Array.from({ length: total }, () => newOrderNum());
    for (const orderNum of nums) {
      await db.query(
        `insert into orders (order_num, game_id, order_status, email, page_info, product_name, currency,
             unit_amount, game_amount, quantity, amount, amount_game, gateway, payment_deadline)
           values ($1, $2, 3, 'many@example.com', 'recharge', 'Diamonds', 'SGD', 245, 100, 1, 245, 100, 'fiuu',
             now() + interval '30 minutes')`,
        [orderNum, `fan_${orderNum.slice(-8)}`],
      );
    }
    // Paid notifications over both processes, a few at a time, as Fiuu's servers would send them.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < total) {
          const i = next++;
          const server = servers[i % 2];
          const orderNum = nums[i];
          if (server && orderNum) await notifyPaid(server, orderNum, '2.45');
        }
      }),
    );

    const deadline = Date.now() + 90_000;
    let charged = 0;
    while (Date.now() < deadline) {
      const res = await db.query<{ n: number }>(
        'select count(*)::int as n from orders where order_num = any($1) and order_status = 9',
        [nums],
      );
      charged = res.rows[0]?.n ?? 0;
      if (charged === total) break;
      await sleep(500);
    }
    expect(charged).toBe(total);

    const ledger = await db.query<{ key: string; n: number }>(
      `select key, count(*)::int as n from sandbox_records
         where kind = 'bigo_delivery' and key = any($1) group by key`,
      [nums],
    );
    expect(ledger.rows).toHaveLength(total);
    expect(ledger.rows.every((r) => r.n === 1)).toBe(true);
    const moves = await db.query<{ order_num: string; started: number; charged: number }>(
      `select o.order_num,
           count(*) filter (where e.from_status = 7 and e.to_status = 8)::int as started,
           count(*) filter (where e.to_status = 9)::int as charged
         from orders o join order_events e on e.order_id = o.id
         where o.order_num = any($1) group by o.order_num`,
      [nums],
    );
    expect(moves.rows).toHaveLength(total);
    for (const row of moves.rows) expect(row).toMatchObject({ started: 1, charged: 1 });
  });
});

/**
 * Issue #29: an order the risk rules held is delivered exactly once after an operator approves it, though the process
 * dies right after the approval committed or while the approved delivery's call to BIGO is in flight: the approval
 * queued the delivery job in its own transaction, and the next process takes that job over.
 */
describe.skipIf(!PG_BASE)('an approved hold, its process killed (PostgreSQL)', () => {
  /** Every paid first order is held (first-order limit SGD 1), as an operator sets it in the console. */
  async function holdEveryFirstOrder(server: Server, auth: string): Promise<void> {
    const current = await call(server.url, 'GET', '/api/v1/risk/settings', { auth });
    expect(current.status).toBe(200);
    const saved = await call(server.url, 'PUT', '/api/v1/risk/settings', {
      auth,
      body: { ...(current.body.data as Json), first_order_sgd: 1 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  /** A paid order held for review: it stays 7, nothing delivered. */
  async function heldOrder(server: Server, auth: string, gameId: string): Promise<string> {
    const { orderNum, amount } = await commit(server, gameId);
    await notifyPaid(server, orderNum, amount);
    const order = await orderOf(server, auth, orderNum);
    expect(order.order_status).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect(order.review_hours).toBeGreaterThan(0);
    // Long enough for a worker polling every 500 ms to have delivered it, were it not held.
    await sleep(1_500);
    expect((await orderOf(server, auth, orderNum)).order_status).toBe(ORDER_STATUS.PAYMENT_COMPLETED);
    expect(await deliveries(server, orderNum)).toBe(0);
    return orderNum;
  }

  const approve = (server: Server, auth: string, orderNum: string) =>
    call(server.url, 'POST', `/api/v1/risk/holds/decide?order_num=${orderNum}`, {
      auth,
      body: { decision: 'approve', reason: 'Buyer known to support' },
    });

  it('SIGKILL right after the approval: the next process delivers it once', {
    timeout: 150_000,
  }, async () => {
    const site = await newSite('postgres');
    // No job runs in the first process: it dies with the approval committed and the delivery not yet started.
    const first = await start(site, site.dataDir, { RUN_JOBS: '0' });
    const auth = await signIn(first);
    await holdEveryFirstOrder(first, auth);
    const orderNum = await heldOrder(first, auth, 'held_fan_a');
    const approved = await approve(first, auth, orderNum);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await kill(first.child);

    const second = await start(site);
    const auth2 = await signIn(second);
    const order = await waitForStatus(second, auth2, orderNum, [ORDER_STATUS.CHARGED], 60_000);
    expect(order.delivered_at).not.toBeNull();
    expect(await deliveries(second, orderNum)).toBe(1);
    // The decision was taken once: a second approval finds no hold.
    expect((await approve(second, auth2, orderNum)).status).toBe(409);
    const events = await causes(second, auth2, orderNum);
    expect(events.filter((e) => e.startsWith('8→9'))).toHaveLength(1);
  });

  it('SIGKILL while the approved delivery is at BIGO: the next process resumes it, one delivery in the ledger', {
    timeout: 150_000,
  }, async () => {
    const site = await newSite('postgres');
    const first = await start(site);
    const auth = await signIn(first);
    await holdEveryFirstOrder(first, auth);
    const orderNum = await heldOrder(first, auth, 'held_fan_b');
    // BIGO takes 20 s to answer the next recharge: the approved delivery's call is in flight when the process dies.
    const hang = await call(first.url, 'PUT', '/sandbox/bigo/controls', {
      auth,
      body: { fail_next: { hang_ms: 20_000, count: 1, endpoint: 'recharge', bigo_id: 'held_fan_b' } },
    });
    expect(hang.status).toBe(200);
    const approved = await approve(first, auth, orderNum);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await waitForStatus(first, auth, orderNum, [ORDER_STATUS.CHARGING], 20_000);
    await sleep(500);
    await kill(first.child);

    const second = await start(site);
    const auth2 = await signIn(second);
    expect((await call(second.url, 'DELETE', '/sandbox/bigo/controls', { auth: auth2 })).status).toBe(200);
    expect((await orderOf(second, auth2, orderNum)).order_status).toBe(ORDER_STATUS.CHARGING);
    await waitForStatus(second, auth2, orderNum, [ORDER_STATUS.CHARGED], 75_000);
    expect(await deliveries(second, orderNum)).toBe(1);
    const events = await causes(second, auth2, orderNum);
    expect(events).toContain(
      '8→8 delivery resumed: the previous call to BIGO got no recorded answer and may have delivered',
    );
    expect(events.filter((e) => e.startsWith('8→9'))).toHaveLength(1);
    expect((await approve(second, auth2, orderNum)).status).toBe(409);
  });
});
