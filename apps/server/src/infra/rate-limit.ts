import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './http';
import { StartupError } from './startup-error';

/**
 * Fixed-window counters for rate limits (DESIGN.md §9). In-process by default; with REDIS_URL the counters live in
 * Redis so that several server processes share them. If Redis stops answering, limits fail open (and log): a
 * counter outage must not lock every buyer out of the shop.
 */
export interface RateLimitResult {
  count: number;
  retryAfterSec: number;
}

export interface RateLimiter {
  /** Counts one hit against `key` in a window of `windowMs`; returns the count so far and the window's rest. */
  hit(key: string, windowMs: number): Promise<RateLimitResult>;
  /** The count so far without adding to it. */
  peek(key: string, windowMs: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

class MemoryLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  /** `now`: the server's clock, so tests can play an hour of limits without waiting for it. */
  constructor(private readonly now: () => Date) {}

  private current(key: string, windowMs: number, add: number): RateLimitResult {
    const now = this.now().getTime();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += add;
    return { count: w.count, retryAfterSec: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  private sweep(): void {
    const now = this.now().getTime();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  async hit(key: string, windowMs: number) {
    return this.current(key, windowMs, 1);
  }
  async peek(key: string, windowMs: number) {
    return this.current(key, windowMs, 0);
  }
  async reset(key: string) {
    this.windows.delete(key);
  }
  async close() {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

class RedisLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async run(key: string, windowMs: number, add: boolean): Promise<RateLimitResult> {
    const k = `ezr:rl:${key}`;
    try {
      const multi = this.redis.multi();
      if (add) multi.incr(k);
      else multi.get(k);
      multi.pexpire(k, windowMs, 'NX');
      multi.pttl(k);
      const res = await multi.exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      const ttl = Number(res?.[2]?.[1] ?? windowMs);
      return { count, retryAfterSec: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)) };
    } catch (err) {
      this.log.error({ err: (err as Error).message }, 'rate-limit store unavailable: limits not enforced');
      return { count: 0, retryAfterSec: 1 };
    }
  }

  hit(key: string, windowMs: number) {
    return this.run(key, windowMs, true);
  }
  peek(key: string, windowMs: number) {
    return this.run(key, windowMs, false);
  }
  async reset(key: string) {
    await this.redis.del(`ezr:rl:${key}`).catch(() => 0);
  }
  async close() {
    this.redis.disconnect();
  }
}

/**
 * The in-process counters follow `now` (the server's clock); Redis keeps its own time for the windows of its keys,
 * so only the in-process counters can be driven by a test's clock.
 */
export async function createRateLimiter(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): Promise<RateLimiter> {
  if (!redisUrl) return new MemoryLimiter(now);
  // Loaded only when configured (issue #12: a server without Redis does not carry its client in memory).
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new StartupError(
      `REDIS_URL ${redisUrl.replace(/\/\/[^@]*@/, '//***@')} does not answer: ${(err as Error).message}`,
    );
  }
  return new RedisLimiter(redis, log);
}

/** A named limit: at most `max` hits per `windowMs` for one key. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

function refuse(retryAfterSec: number): AppError {
  return new AppError(
    'rate_limited',
    'Too many requests',
    `Too many attempts. Please try again in ${retryAfterSec} seconds.`,
    undefined,
    { 'retry-after': String(retryAfterSec) },
  );
}

/** Counts a hit and throws 429 (with Retry-After) once the limit is passed. */
export async function enforce(limiter: RateLimiter, limit: Limit, key: string): Promise<void> {
  const r = await limiter.hit(`${limit.name}:${key}`, limit.windowMs);
  if (r.count > limit.max) throw refuse(r.retryAfterSec);
}

/** Throws 429 if the limit is already used up, without counting (failures are counted separately). */
export async function ensureBelow(limiter: RateLimiter, limit: Limit, key: string): Promise<void> {
  const r = await limiter.peek(`${limit.name}:${key}`, limit.windowMs);
  if (r.count >= limit.max) throw refuse(r.retryAfterSec);
}

export async function countFailure(limiter: RateLimiter, limit: Limit, key: string): Promise<void> {
  await limiter.hit(`${limit.name}:${key}`, limit.windowMs);
}

export async function clearFailures(limiter: RateLimiter, limit: Limit, key: string): Promise<void> {
  await limiter.reset(`${limit.name}:${key}`);
}
