import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskBlocklist } from '../src/db/schema';
import { commitOrder, payloadFor, publicPack } from './support/order-commit';
import { freePort, startTestApp, type TestApp } from './support/test-app';

/**
 * GET /metrics (issue #31): Prometheus text behind METRICS_TOKEN, never public; the same on a listener of its own
 * (METRICS_PORT), as the worker serves it.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  // Listening: an order commit calls the BIGO simulator (its precheck) over HTTP.
  t = await startTestApp({ METRICS_TOKEN: TOKEN }, { listen: true });
});
afterAll(async () => {
  await t.close();
});

describe('GET /metrics', () => {
  it('is a 404 without the token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('ezrecharge_');
    }
  });

  it('answers Prometheus text with request, job, order and build metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(
      /ezrecharge_http_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} \d+/,
    );
    expect(text).toContain('ezrecharge_http_request_duration_seconds_bucket');
    // The job the queue keeps for the whole site (retention) is there from the first start.
    expect(text).toMatch(/ezrecharge_jobs_due\{kind="job-retention"\} \d+/);
    expect(text).toContain('ezrecharge_orders_awaiting_delivery{status="7"} 0');
    expect(text).toContain('ezrecharge_last_payment_timestamp_seconds 0');
    expect(text).toMatch(/ezrecharge_build_info\{version="[^"]+",node="v\d+/);
    expect(text).toContain('ezrecharge_process_cpu_seconds_total');
  });

  it('times the risk rules at every order commit, by decision (issue #29)', async () => {
    const counts = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const count = (decision: string) =>
        Number(
          new RegExp(`ezrecharge_risk_commit_check_seconds_count\\{decision="${decision}"\\} (\\d+)`).exec(
            res.body,
          )?.[1] ?? 0,
        );
      return { allow: count('allow'), refuse: count('refuse') };
    };
    const before = await counts();
    const pack = await publicPack(t.app, 'SGD', 100);
    const placed = await commitOrder(t.app, payloadFor(pack, 1, { game_id: 'metrics_fan' }), {
      email: 'metrics@example.com',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await t.app.database.db
      .insert(riskBlocklist)
      .values({ kind: 'bigo_id', value: 'metrics_blocked', reason: 'metrics test' });
    const refused = await commitOrder(t.app, payloadFor(pack, 1, { game_id: 'metrics_blocked' }), {
      email: 'metrics@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(await counts()).toEqual({ allow: before.allow + 1, refuse: before.refuse + 1 });
  });

  it('is off without METRICS_TOKEN: the path is an ordinary page address', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.body).not.toContain('ezrecharge_');
    } finally {
      await plain.close();
    }
  });

  it('is served on a listener of its own with METRICS_PORT (the token still required)', async () => {
    const { startMetricsListener } = await import('../src/infra/metrics');
    const listener = await startMetricsListener({ port: metricsPort, host: '127.0.0.1', token: TOKEN });
    try {
      const refused = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(refused.status).toBe(404);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('ezrecharge_jobs_dead');
    } finally {
      await listener.close();
    }
  });
});
