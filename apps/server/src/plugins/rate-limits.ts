import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/app-error.ts';

/**
 * Request buckets: sign-in (with get-clients, get-by-email and the company logins); account
 * sign-up and the guest pages (`register`); the online registration's steps and waiting room (`registration`, with
 * a flood guard's ceiling, decision 147); calls that mail a code (`code`); reset; contact.
 */
export type Bucket = 'signin' | 'register' | 'registration' | 'code' | 'reset' | 'contact';

/**
 * @fastify/rate-limit counts the calls: per IP and bucket each minute (the routes of one bucket
 * share one counter, so they are checked from the handler rather than per route; the sign-in
 * bucket with a flood guard's ceiling, its failures being counted apart), and reset
 * requests, Contact Us messages and registration codes per e-mail address each 15 minutes. In
 * Redis when REDIS_URL is set.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: { perIp: number; signInCalls: number; perSession: number; perEmail: number; redis?: Redis | undefined }) => {
  await app.register(rateLimit, { global: false, ...(opts.redis ? { redis: opts.redis, nameSpace: 'portal:rl:' } : {}) });
  // Sign-in calls only against a flood: its failures are counted apart (lib/sign-in-throttle.ts).
  // The online registration's steps and its waiting room too: the families behind one school's network
  // register on the same morning, and what costs something (a code mailed) is counted in `code`, per address and per e-mail.
  const floodOnly = new Set<Bucket>(['signin', 'registration']);
  const perIp = Object.fromEntries(
    (['signin', 'register', 'registration', 'code', 'reset', 'contact'] as const).map((bucket) => [
      bucket,
      app.createRateLimit({ max: floodOnly.has(bucket) ? opts.signInCalls : opts.perIp, timeWindow: 60_000, keyGenerator: (req) => `${bucket}:ip:${req.ip}` }),
    ]),
  ) as Record<Bucket, ReturnType<FastifyInstance['createRateLimit']>>;
  // Per e-mail address each 15 minutes: reset requests, Contact Us messages from one sender, and
  // codes an online registration mails to one address.
  const perEmail: Partial<Record<Bucket, ReturnType<FastifyInstance['createRateLimit']>>> = Object.fromEntries(
    (['reset', 'contact', 'code'] as const).map((bucket) => [
      bucket,
      app.createRateLimit({
        max: opts.perEmail,
        timeWindow: 15 * 60_000,
        // Per company: a flood at one portal does not lock the address out of another's.
        keyGenerator: (req) => `${bucket}:email:${req.company?.id ?? '-'}:${String((req.body as { email?: unknown } | undefined)?.email)}`,
      }),
    ]),
  );

  // Signed-in traffic per session, never per address: the families behind one school's network each have their own.
  const perSession = app.createRateLimit({ max: opts.perSession, timeWindow: 60_000, keyGenerator: (req) => `session:${req.customer?.sessionId ?? '-'}` });
  app.decorate('throttleSession', async (req: FastifyRequest) => {
    const result = await perSession(req);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttl);
  });

  app.decorate('throttle', async (req: FastifyRequest, bucket: Bucket, byEmail = false) => {
    const byAddress = byEmail ? perEmail[bucket] : undefined;
    for (const limit of byAddress ? [perIp[bucket], byAddress] : [perIp[bucket]]) {
      const result = await limit(req);
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttl);
    }
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one call in the bucket (and per e-mail address for reset, contact and code); throws a 429 past the limit. */
    throttle(req: FastifyRequest, bucket: Bucket, perEmail?: boolean): Promise<void>;
    /** Counts one call of the signed-in session (SESSION_RATE_LIMIT a minute); throws a 429 past it. */
    throttleSession(req: FastifyRequest): Promise<void>;
  }
}
