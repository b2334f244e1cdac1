import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { isPublicHttps, loadEnv, type Env } from './config/env.ts';
import { securityHeaders } from './plugins/security.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createMailer } from './modules/messaging/messaging.api.ts';
import { devOutboxEnabled } from './modules/messaging/messaging.api.ts';
import { assertNoSimulatedPayments } from './modules/payments/payments.api.ts';
import { Redis } from 'ioredis';
import { createMemoryFailureCounter, createRedisFailureCounter } from './lib/failure-counter.ts';
import { app } from './app.ts';
import { createContext, type Clock, type Ctx } from './context.ts';
import { createGateways, type Gateways } from './modules/payments/payments.api.ts';
import { altcha, type CaptchaProvider } from './modules/captcha/captcha.api.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { OneLinePerRequest, prettyLog, prettyStream } from './lib/log-format.ts';

export interface Runtime {
  server: FastifyInstance;
  ctx: Ctx;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** Reset tokens travel in the path (and in a link's query): never into a log line. */
function redactUrl(url: string): string {
  return url.replace(/\/(reset-password|check-if-changing-password)\/[^/?#]+/g, '/$1/[redacted]').replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
}

/** Opens the database, migrates it and builds the app; the same path serves production and tests. */
/** What a test may hand in instead of the real thing: a fixed clock, fake gateways or captcha. */
export interface RuntimeParts {
  handle?: DatabaseHandle;
  logStream?: NodeJS.WritableStream;
  clock?: Clock;
  gateways?: Gateways;
  captcha?: CaptchaProvider;
}

/** How long a stop waits for the requests in flight before closing their connections (server.ts exits 1 at 10 s). */
const SHUTDOWN_DRAIN_MS = 8_000;

export async function createRuntime(overrides: Partial<Env> & RuntimeParts = {}): Promise<Runtime> {
  const { handle: given, logStream, clock, gateways, captcha, ...envOverrides } = overrides;
  const env: Env = { ...loadEnv(), ...envOverrides };
  const withSecurityHeaders = securityHeaders(isPublicHttps(env));
  const pretty = env.LOG_LEVEL !== 'silent' && prettyLog(env, logStream === undefined && process.stdout.isTTY === true);
  const stream = pretty ? await prettyStream(logStream, logStream === undefined) : logStream;
  const server = Fastify({
    ...(pretty ? { logController: new OneLinePerRequest(redactUrl) } : {}),
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(stream ? { stream } : {}),
            serializers: {
              // Fastify's own request serializer, with reset tokens taken out of the URL.
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    // Fastify accepts a hop count too (documented), though its type omits number.
    trustProxy: env.TRUST_PROXY as boolean | string | string[],
    // Router-level failures (bad percent-encoding, over-long URLs) answer the contract's error shape too.
    // They skip the app's hooks, so the security headers are set here.
    frameworkErrors: (err, req, reply) => {
      withSecurityHeaders(req as FastifyRequest, reply as FastifyReply);
      void (reply as FastifyReply).code(err.statusCode ?? 400).send({ message: 'Invalid request', code: 'BAD_REQUEST' });
    },
    bodyLimit: 1_048_576,
    requestIdHeader: 'x-request-id',
  });
  const handle = given ?? openDatabase(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE, synchronous: env.SQLITE_SYNCHRONOUS });
  await migrateToLatest(handle);
  try {
    await assertNoSimulatedPayments({ db: handle.db, env });
  } catch (err) {
    if (!given) await handle.close();
    throw err;
  }
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  const failures = redis ? createRedisFailureCounter(redis) : createMemoryFailureCounter();
  const mailer = createMailer(handle.db, server.log, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, holdInMemory: devOutboxEnabled(env) });
  const ctx = createContext({
    db: handle.db,
    engine: handle.engine,
    env,
    mailer,
    failures,
    gateways: gateways ?? createGateways(handle.db, env),
    captcha: captcha ?? altcha,
    log: server.log,
    ...(clock ? { clock } : {}),
  });
  // Requests being answered: a stop lets them finish (close(), below).
  let inFlight = 0;
  server.addHook('onRequest', async () => {
    inFlight += 1;
  });
  server.addHook('onResponse', async () => {
    inFlight -= 1;
  });
  // On the server itself, before the app: every route of the app is seen, and the table is the server's.
  await server.register(routeTablePlugin);
  await server.register(app, { ctx, redis });
  await server.ready();
  return {
    server,
    ctx,
    handle,
    async close() {
      // New requests are refused (503) from here; the requests in flight are answered. A socket
      // with no request in it (a browser's spare connection, half-sent headers) would keep the
      // stop waiting for minutes, so once nothing is in flight, every connection left is closed.
      const closing = server.close();
      const until = Date.now() + SHUTDOWN_DRAIN_MS;
      while (inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      server.server.closeAllConnections();
      await closing;
      await mailer.close();
      await failures.close();
      await redis?.quit();
      if (!given) await handle.close();
    },
  };
}
