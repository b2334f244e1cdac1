import { Redis } from 'ioredis';

/** Fixed-window counters; in Redis when configured so every server process shares them. */
export interface RateLimiter {
  /** Counts one hit and answers whether the key is still within `limit` for the window. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
        if (windows.size > 50_000) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        }
      }
      w.count += 1;
      return w.count <= limit;
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    async hit(key, limit, windowMs) {
      const k = `portal:rl:${key}`;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[null, number]];
      return count <= limit;
    },
    async close() {
      await redis.quit();
    },
  };
}
