import type { FastifyRequest } from 'fastify';
import type { Db, Engine } from './db/database.ts';
import type { Env } from './config/env.ts';
import type { Mailer } from './features/mail/mailer.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import { AppError } from './lib/app-error.ts';
import { serverMessages } from '@portal/shared/messages';

/** What routes and services need from the outside world; built once in server.ts or a test. */
export interface Deps {
  db: Db;
  engine: Engine;
  env: Env;
  mailer: Mailer;
  limiter: RateLimiter;
}

/**
 * Sign-in, get-clients and get-by-email share one throttle (per IP, and per e-mail address);
 * registration and reset calls have their own bucket of the same size.
 */
export async function throttle(deps: Deps, req: FastifyRequest, bucket: 'signin' | 'register' | 'reset' | 'contact', email?: string) {
  const okIp = await deps.limiter.hit(`${bucket}:ip:${req.ip}`, deps.env.AUTH_RATE_LIMIT, 60_000);
  const okEmail = email ? await deps.limiter.hit(`${bucket}:email:${email}`, deps.env.AUTH_EMAIL_RATE_LIMIT, 15 * 60_000) : true;
  if (!okIp || !okEmail) throw new AppError(429, 'RATE_LIMITED', serverMessages.tooManyRequests);
}
