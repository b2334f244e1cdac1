import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { loadEnv, type Env } from './config/env.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMailer } from './features/mail/mailer.ts';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter.ts';
import { app } from './app.ts';
import type { Deps } from './deps.ts';

export interface Runtime {
  server: FastifyInstance;
  deps: Deps;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** Opens the database, migrates it and builds the app; the same path serves production and tests. */
export async function createRuntime(overrides: Partial<Env> & { handle?: DatabaseHandle } = {}): Promise<Runtime> {
  const { handle: given, ...envOverrides } = overrides;
  const env: Env = { ...loadEnv(), ...envOverrides };
  const server = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    // Fastify accepts a hop count too (documented), though its type omits number.
    trustProxy: env.TRUST_PROXY as boolean | string | string[],
    // Router-level failures (bad percent-encoding, over-long URLs) answer the contract's error shape too.
    frameworkErrors: (err, _req, reply) => {
      void (reply as FastifyReply).code(err.statusCode ?? 400).send({ message: 'Invalid request', code: 'BAD_REQUEST' });
    },
    bodyLimit: 1_048_576,
    requestIdHeader: 'x-request-id',
  });
  const handle = given ?? openDatabase(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE });
  await migrateToLatest(handle);
  const limiter = env.REDIS_URL ? createRedisRateLimiter(env.REDIS_URL) : createMemoryRateLimiter();
  const mailer = createMailer(handle.db, server.log, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const deps: Deps = { db: handle.db, engine: handle.engine, env, mailer, limiter };
  await server.register(app, { deps });
  await server.ready();
  return {
    server,
    deps,
    handle,
    async close() {
      await server.close();
      await mailer.close();
      await limiter.close();
      if (!given) await handle.close();
    },
  };
}
