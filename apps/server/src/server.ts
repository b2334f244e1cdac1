import { loadEnv } from './config/env.ts';
import { createRuntime } from './runtime.ts';
import { demoSignIns, seedDemoData } from './seed/seed.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { devOutboxEnabled } from './modules/messaging/messaging.api.ts';
import { simulatedGatewayAllowed } from './modules/payments/payments.api.ts';

/**
 * How many new connections may wait to be accepted (decision 111): Node's 511 overflowed when a
 * thousand families reloaded at once, and each dropped connection waited for its browser to try
 * again a second or more later. The kernel caps it at `net.core.somaxconn`.
 */
const LISTEN_BACKLOG = 4096;

/** The only file that listens. */
async function main() {
  const env = loadEnv();
  const runtime = await createRuntime();
  const { server, ctx } = runtime;

  if (env.SEED_DEMO && (await seedDemoData(ctx.db, { refuseSimulatedGateway: !simulatedGatewayAllowed(env) }))) server.log.info('seeded the demo companies into an empty database');

  try {
    await server.listen({ host: env.HOST, port: env.PORT, backlog: LISTEN_BACKLOG });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${env.PORT} is already in use: stop the other process or start with PORT=<another port>.`);
      await runtime.close();
      process.exit(1);
    }
    throw err;
  }

  // What start-up logged goes out first (a JSON log is written asynchronously): the banner comes last.
  // (Fastify's logger is pino's, whose flush its type leaves out; a muted log has none.)
  const flush = (server.log as typeof server.log & { flush?: (done: () => void) => void }).flush?.bind(server.log);
  if (flush) await new Promise<void>((resolve) => flush(() => resolve()));
  const url = `http://localhost:${env.PORT}`;
  const lines = [
    '',
    `  Customer Hub is running at ${url}  (${ctx.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
    `  API documentation: ${url}/api/docs`,
    '',
    '  Demo sign-ins (company codes SPLASH, ACE, THAMES, CLOSED):',
    ...demoSignIns.map((s) => `    ${s.email.padEnd(22)} ${s.password.padEnd(13)} ${s.note}`),
    '',
    `  Register a new family: ${url}/ocr?id=1001&p=1    Book a court as a guest: ${url}/ob?id=2002`,
    '',
    ...(devOutboxEnabled(env) ? ['  E-mail is not sent (no SMTP_URL): read codes and reset links with  npm run portal -- outbox', ''] : []),
  ];
  console.log(lines.join('\n'));

  // Every process may run the jobs: each is idempotent and safe beside another process's.
  const scheduler = startScheduler(ctx, server.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // The server stops taking requests at once; a job in hand ends before the database closes.
    await runtime.close(scheduler.stop());
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
