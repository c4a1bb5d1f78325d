import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './http';
import {
  clearFailures,
  countFailure,
  createRateLimiter,
  enforce,
  ensureBelow,
  type RateLimiter,
} from './rate-limit';
import { StartupError } from './startup-error';

const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const stores: [string, () => Promise<RateLimiter>][] = [
  ['in-process', () => createRateLimiter(undefined, silent)],
  ['Redis', () => createRateLimiter(REDIS_URL, silent)],
];

describe.each(stores)('rate limits (%s)', (_name, make) => {
  const opened: RateLimiter[] = [];
  const limiter = async () => {
    const l = await make();
    opened.push(l);
    return l;
  };
  const key = () => randomBytes(6).toString('hex');
  afterAll(async () => {
    for (const l of opened) await l.close();
  });

  it('let the limit through, refuse the next hit with 429 and Retry-After', async () => {
    const l = await limiter();
    const limit = { name: 'test-enforce', max: 3, windowMs: 60_000 };
    const k = key();
    for (let i = 0; i < 3; i++) await enforce(l, limit, k);
    const err = await enforce(l, limit, k).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    const retry = Number((err as AppError).headers?.['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // Another key is not affected.
    await enforce(l, limit, key());
  });

  it('count failures only, and forget them on success', async () => {
    const l = await limiter();
    const limit = { name: 'test-failures', max: 2, windowMs: 60_000 };
    const k = key();
    await ensureBelow(l, limit, k);
    await countFailure(l, limit, k);
    await ensureBelow(l, limit, k);
    await countFailure(l, limit, k);
    await expect(ensureBelow(l, limit, k)).rejects.toMatchObject({ code: 'rate_limited' });
    await clearFailures(l, limit, k);
    await ensureBelow(l, limit, k);
  });

  it('open a new window when the old one ends', async () => {
    const l = await limiter();
    const limit = { name: 'test-window', max: 1, windowMs: 200 };
    const k = key();
    await enforce(l, limit, k);
    await expect(enforce(l, limit, k)).rejects.toMatchObject({ code: 'rate_limited' });
    await new Promise((r) => setTimeout(r, 350));
    await enforce(l, limit, k);
  });
});

describe('in-process rate limits on the server clock', () => {
  it('count windows by the clock they are given, not by the wall clock', async () => {
    let at = Date.parse('2026-01-01T00:00:00Z');
    const l = await createRateLimiter(undefined, silent, () => new Date(at));
    const limit = { name: 'test-clock', max: 1, windowMs: 60 * 60_000 };
    await enforce(l, limit, 'k');
    at += 59 * 60_000;
    const err = await enforce(l, limit, 'k').catch((e: unknown) => e);
    expect((err as AppError).headers?.['retry-after']).toBe('60');
    at += 60_000;
    await enforce(l, limit, 'k');
    await l.close();
  });
});

describe('a Redis that does not answer', () => {
  it('stops the start with one line naming REDIS_URL and hiding its password', async () => {
    const err = await createRateLimiter('redis://:hunter2@127.0.0.1:1', silent).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toMatch(/^REDIS_URL redis:\/\/\*\*\*@127\.0\.0\.1:1 does not answer/);
    expect((err as Error).message).not.toContain('hunter2');
  });
});
