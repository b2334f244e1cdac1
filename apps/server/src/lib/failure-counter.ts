import type { Redis } from 'ioredis';

/**
 * Failed sign-ins per e-mail address, in a window that starts with the first failure. Unlike a
 * request limiter it counts only what the caller reports, and a success clears it, which
 * @fastify/rate-limit cannot express (docs/decisions/009). In Redis when configured, so every
 * process shares the counts.
 */
export interface FailureCounter {
  /** The failures so far and how long until the window ends. */
  read(key: string): Promise<{ count: number; ttlMs: number }>;
  fail(key: string, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryFailureCounter(): FailureCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async read(key) {
      const w = windows.get(key);
      const now = Date.now();
      return !w || w.resetAt <= now ? { count: 0, ttlMs: 0 } : { count: w.count, ttlMs: w.resetAt - now };
    },
    async fail(key, windowMs) {
      const now = Date.now();
      const w = windows.get(key);
      if (w && w.resetAt > now) w.count += 1;
      else windows.set(key, { count: 1, resetAt: now + windowMs });
      if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
    },
    async clear(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisFailureCounter(redis: Redis): FailureCounter {
  const k = (key: string) => `portal:failures:${key}`;
  return {
    async read(key) {
      const [[, count], [, ttl]] = (await redis.multi().get(k(key)).pttl(k(key)).exec()) as [[null, string | null], [null, number]];
      return count === null || ttl <= 0 ? { count: 0, ttlMs: 0 } : { count: Number(count), ttlMs: ttl };
    },
    async fail(key, windowMs) {
      await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').exec();
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async close() {},
  };
}
