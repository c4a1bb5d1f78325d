import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_IP } from '../src/modules/feedback/feedback-service';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Behind a reverse proxy every connection comes from the proxy: the per-address limits must key on the buyer's
 * address from X-Forwarded-For, and only when the proxy is trusted (TRUST_PROXY), or anyone could pick their own
 * address. Observed through the feedback form's per-address limit (FEEDBACK_PER_IP).
 */

const PROXY = '10.9.9.9';
let counter = 0;

async function feedbackFrom(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<number> {
  counter++;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/feedback/',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { name: `Proxy visitor ${counter}`, whatapp_id: `+65 8000 ${counter}`, comment: 'hello' },
  });
  return res.statusCode;
}

/** Uses up the limit of one client, checking that each message within it was taken. */
async function exhaust(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<void> {
  for (let i = 0; i < FEEDBACK_PER_IP.max; i++)
    expect(await feedbackFrom(t, remoteAddress, forwardedFor)).toBe(200);
  expect(await feedbackFrom(t, remoteAddress, forwardedFor)).toBe(429);
}

describe('TRUST_PROXY', () => {
  let trusting: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    trusting = await startTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    plain = await startTestApp();
  });
  afterAll(async () => {
    await trusting?.close();
    await plain?.close();
  });

  it('gives each buyer behind a trusted proxy their own limit', async () => {
    await exhaust(trusting, PROXY, '198.51.100.1');
    expect(await feedbackFrom(trusting, PROXY, '198.51.100.2')).toBe(200);
  });

  it('does not let a buyer choose their address: a forged first entry is not believed', async () => {
    await exhaust(trusting, PROXY, '198.51.100.11');
    // The proxy appends the address it saw; what the client wrote before it is the client's own claim.
    expect(await feedbackFrom(trusting, PROXY, '203.0.113.50, 198.51.100.11')).toBe(429);
  });

  it('ignores X-Forwarded-For from a connection that is not a trusted proxy', async () => {
    await exhaust(trusting, '203.0.113.7', '198.51.100.21');
    expect(await feedbackFrom(trusting, '203.0.113.7', '198.51.100.22')).toBe(429);
  });

  it('counts hops when TRUST_PROXY is a number', async () => {
    const hops = await startTestApp({ TRUST_PROXY: '2' });
    try {
      // Two proxies: the one that connects, and the one before it that appended the buyer's address.
      await exhaust(hops, PROXY, '198.51.100.41, 10.1.1.1');
      expect(await feedbackFrom(hops, PROXY, '198.51.100.42, 10.1.1.1')).toBe(200);
      expect(await feedbackFrom(hops, PROXY, '203.0.113.60, 198.51.100.41, 10.1.1.1')).toBe(429);
    } finally {
      await hops.close();
    }
  });

  it('trusts no proxy when TRUST_PROXY is unset', async () => {
    await exhaust(plain, PROXY, '198.51.100.31');
    expect(await feedbackFrom(plain, PROXY, '198.51.100.32')).toBe(429);
  });
});
