import net, { type Socket } from 'node:net';
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
  /** Stops taking requests, answers those in flight, waits for `alsoWaitFor` (the jobs' stop), then closes the database. */
  close(alsoWaitFor?: Promise<unknown>): Promise<void>;
}

/** Reset and invitation tokens travel in the path (and in a link's query): never into a log line. */
function redactUrl(url: string): string {
  return url.replace(/\/(reset-password|check-if-changing-password|invitations)\/[^/?#]+/g, '/$1/[redacted]').replace(/([?&]token=)[^&#]*/g, '$1[redacted]');
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
/** How long a stop leaves an open connection with no request in it, for a request already on its way. */
const IDLE_GRACE_MS = 250;

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
  const handle = given ?? openDatabase(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE, synchronous: env.SQLITE_SYNCHRONOUS, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS });
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
  // Requests being answered, and the connections open: a stop answers the one and waits a moment for the other (close(), below).
  let inFlight = 0;
  let stopping = false;
  const connections = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  server.addHook('onRequest', async () => {
    inFlight += 1;
  });
  // From the stop on, every answer closes its connection, so the client's next request opens a new one, which is refused.
  server.addHook('onSend', async (_req, reply) => {
    if (stopping) reply.header('connection', 'close');
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
    async close(alsoWaitFor) {
      // New connections are refused from here. Node's http close would also close at once every
      // connection with no request in it, and a keep-alive client's next request, already on its
      // way on one, would be lost to a reset; the listening socket alone is closed instead
      // (decision 089). A request on a connection left open is answered, and closes it. Once nothing
      // is in flight, connections still open a moment later (a browser's spare connection,
      // half-sent headers) would hold the stop for minutes, so they are closed.
      stopping = true;
      const started = Date.now();
      net.Server.prototype.close.call(server.server);
      const draining = () => Date.now() - started < SHUTDOWN_DRAIN_MS && (inFlight > 0 || (connections.size > 0 && Date.now() - started < IDLE_GRACE_MS));
      while (draining()) await new Promise((resolve) => setTimeout(resolve, 10));
      server.server.closeAllConnections();
      await server.close();
      // A background job in hand ends on an open database (decision 089).
      await alsoWaitFor;
      await mailer.close();
      await failures.close();
      await redis?.quit();
      if (!given) await handle.close();
    },
  };
}
