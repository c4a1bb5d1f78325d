import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  decryptWireJson,
  encryptWireJson,
  formatEventTime,
  formatMinor,
  WIRE_CONTEXT,
  ZEncryptedSelect,
  ZPriceSelect,
  ZProductSelect,
} from '@ezrecharge/shared';
import { loadConfig } from '../../src/config';
import { fiuuSkey } from '../../src/gateways/fiuu/fiuu-protocol';
import { gatewaySettings } from '../../src/gateways/gateway-settings';

/**
 * Real server and worker processes and the buyer's calls to them over HTTP, for tests and checks that stop, kill
 * and restart processes (backup and restore, the cluster test): src/main.ts and src/worker.ts as production runs them.
 */
export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface SiteProcess {
  child: ChildProcess;
  /** The last 8 000 characters the process wrote (stdout and stderr), for failure messages. */
  output: () => string;
  exited: Promise<number | null>;
}

export function spawnSiteProcess(
  entry: 'src/main.ts' | 'src/worker.ts' | 'src/backup.ts' | 'src/restore.ts',
  env: Record<string, string>,
  args: string[] = [],
  node = process.execPath,
): SiteProcess {
  const child = spawn(node, ['--import', 'tsx', entry, ...args], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', ...env },
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + String(d)).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitHealthy(url: string, proc: SiteProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`exited ${proc.child.exitCode}: ${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`not healthy in time: ${proc.output()}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/** One request from `localAddress` (a loopback address per simulated buyer: per-address limits apply per buyer). */
export function request(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; agent?: http.Agent },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent: init.agent,
        headers: {
          ...(init.body !== undefined ? { 'content-length': Buffer.byteLength(init.body) } : {}),
          ...init.headers,
        },
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
    req.end(init.body);
  });
}

async function unsealSelect(url: string): Promise<unknown> {
  const res = await fetch(url);
  const body = (await res.json()) as { data: unknown };
  const sealed = ZEncryptedSelect.parse(body.data);
  return decryptWireJson(sealed.data, sealed.timestamp, WIRE_CONTEXT.select);
}

export interface SgdPack {
  priceId: number;
  unitAmount: number;
  gameAmount: number;
  /** What Fiuu is paid for one, as its notifications say it ("2.45"). */
  amount: string;
}

/** The first SGD pack of the first released product, as the recharge page finds it. */
export async function firstSgdPack(base: string): Promise<SgdPack> {
  const products = ZProductSelect.parse(await unsealSelect(`${base}/api/v1/product/select?release=1`));
  const product = products[0];
  if (!product) throw new Error('no released product');
  const select = ZPriceSelect.parse(
    await unsealSelect(`${base}/api/v1/price/select/${product.id}?localLang=en`),
  );
  const pack = select.prices.SGD?.[0];
  if (!pack) throw new Error('no SGD pack');
  return {
    priceId: pack.id,
    unitAmount: pack.unit_amount,
    gameAmount: pack.game_amount,
    amount: formatMinor(pack.unit_amount, pack.currency),
  };
}

/** The order commit body the recharge page sends (encrypted payload, event time now). */
export async function commitBody(pack: SgdPack, gameId: string, email: string): Promise<string> {
  const eventtime = formatEventTime();
  const data = await encryptWireJson(
    {
      game_type: 1,
      game_id: gameId,
      price_id: pack.priceId,
      quantity: 1,
      amount: pack.unitAmount,
      amount_game: pack.gameAmount,
      pay_currency: 'SGD',
      token: '',
      page_info: 'recharge',
    },
    eventtime,
    WIRE_CONTEXT.order,
  );
  return JSON.stringify({ data, eventtime, email });
}

let tran = Math.floor(Math.random() * 1e9);

/** The form body of a verified Fiuu "paid" notification for an order (signed with the sandbox key of `secret`). */
export function paidNotification(secret: string, orderNum: string, amount: string): string {
  const fiuu = gatewaySettings(loadConfig({ DATABASE_URL: 'memory://' }), secret).fiuu;
  const fields = {
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
  return new URLSearchParams({ ...fields, skey: fiuuSkey(fields, fiuu.secretKey), nbcb: '2' }).toString();
}
