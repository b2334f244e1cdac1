import type { Redis } from 'ioredis';

/**
 * Failed sign-ins, counted per member of a group (an e-mail address and a client IP), each in a
 * window that starts with its first failure. Unlike a request limiter it counts only what the
 * caller reports, and a success clears it, which @fastify/rate-limit cannot express
 * (docs/decisions/009). A whole group can be cleared at once (a completed reset). In Redis when
 * configured, so every process shares the counts.
 */
export interface FailureCounter {
  /** The member's failures so far and how long until its window ends. */
  read(group: string, member: string): Promise<{ count: number; ttlMs: number }>;
  fail(group: string, member: string, windowMs: number): Promise<void>;
  clear(group: string, member: string): Promise<void>;
  /** Every member of the group starts afresh. */
  clearGroup(group: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryFailureCounter(): FailureCounter {
  const groups = new Map<string, Map<string, { count: number; resetAt: number }>>();
  let size = 0;
  const sweep = (now: number) => {
    size = 0;
    for (const [g, members] of groups) {
      for (const [m, w] of members) if (w.resetAt <= now) members.delete(m);
      if (members.size === 0) groups.delete(g);
      size += members.size;
    }
  };
  return {
    async read(group, member) {
      const w = groups.get(group)?.get(member);
      const now = Date.now();
      return !w || w.resetAt <= now ? { count: 0, ttlMs: 0 } : { count: w.count, ttlMs: w.resetAt - now };
    },
    async fail(group, member, windowMs) {
      const now = Date.now();
      let members = groups.get(group);
      if (!members) groups.set(group, (members = new Map()));
      const w = members.get(member);
      if (w && w.resetAt > now) w.count += 1;
      else {
        if (!w) size += 1;
        members.set(member, { count: 1, resetAt: now + windowMs });
      }
      if (size > 50_000) sweep(now);
    },
    async clear(group, member) {
      const members = groups.get(group);
      if (members?.delete(member)) size -= 1;
      if (members?.size === 0) groups.delete(group);
    },
    async clearGroup(group) {
      size -= groups.get(group)?.size ?? 0;
      groups.delete(group);
    },
    async close() {
      groups.clear();
      size = 0;
    },
  };
}

/**
 * One key per member, and a set per group naming its members (kept as long as the newest
 * member's window), so a group can be cleared without scanning the keyspace.
 */
export function createRedisFailureCounter(redis: Redis, prefix = 'portal:failures:'): FailureCounter {
  const k = (group: string, member: string) => `${prefix}${group}|${member}`;
  const index = (group: string) => `${prefix}members:${group}`;
  return {
    async read(group, member) {
      const key = k(group, member);
      const [[, count], [, ttl]] = (await redis.multi().get(key).pttl(key).exec()) as [[null, string | null], [null, number]];
      return count === null || ttl <= 0 ? { count: 0, ttlMs: 0 } : { count: Number(count), ttlMs: ttl };
    },
    async fail(group, member, windowMs) {
      const key = k(group, member);
      await redis.multi().incr(key).pexpire(key, windowMs, 'NX').sadd(index(group), member).pexpire(index(group), windowMs).exec();
    },
    async clear(group, member) {
      await redis.multi().del(k(group, member)).srem(index(group), member).exec();
    },
    async clearGroup(group) {
      const members = await redis.smembers(index(group));
      await redis.del(index(group), ...members.map((m) => k(group, m)));
    },
    async close() {},
  };
}
