import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * A small closed-loop load generator: `concurrency` clients each send one request, wait for the answer, send the
 * next, for `durationMs`. Requests leave from many loopback addresses (127.1.x.y), each with its own keep-alive
 * agent, so the server's per-IP rate limits stay on and apply per simulated buyer, as in production.
 */

export interface LoadResult {
  requests: number;
  ok: number;
  failures: Record<string, number>;
  seconds: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export function loopbackAgents(count: number): http.Agent[] {
  return Array.from(
    { length: count },
    (_, i) =>
      new http.Agent({
        keepAlive: true,
        maxSockets: 4,
        localAddress: `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      }),
  );
}

export interface RequestSpec {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export function send(
  base: string,
  agent: http.Agent,
  spec: RequestSpec,
): Promise<{ status: number; body: string }> {
  const url = new URL(spec.path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: spec.method,
        agent,
        headers: {
          ...(spec.body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(spec.body) }
            : {}),
          ...spec.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    if (spec.body) req.write(spec.body);
    req.end();
  });
}

export async function runLoad(options: {
  base: string;
  agents: http.Agent[];
  concurrency: number;
  durationMs: number;
  next: () => RequestSpec;
  /** Whether an answer counts as success; else its status (and a short reason) is counted as a failure. */
  check: (status: number, body: string) => boolean;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let agentIndex = 0;
  let ok = 0;
  const started = performance.now();
  const stopAt = started + options.durationMs;
  const client = async () => {
    while (performance.now() < stopAt) {
      const agent = options.agents[agentIndex++ % options.agents.length];
      if (!agent) throw new Error('no agents');
      const t0 = performance.now();
      try {
        const res = await send(options.base, agent, options.next());
        latencies.push(performance.now() - t0);
        if (options.check(res.status, res.body)) ok++;
        else {
          const key = `HTTP ${res.status}: ${res.body.slice(0, 120)}`;
          failures[key] = (failures[key] ?? 0) + 1;
        }
      } catch (err) {
        const key = `error: ${(err as Error).message}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    ok,
    failures,
    seconds,
    perSecond: ok / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
  };
}
