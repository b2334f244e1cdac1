import { loadEnv } from './config/env.ts';
import { createRuntime } from './runtime.ts';
import { demoSignIns, seedDemoData } from './seed/seed.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { devOutboxEnabled } from './modules/messaging/messaging.api.ts';
import { simulatedGatewayAllowed } from './modules/payments/payments.api.ts';

/** The only file that listens. */
async function main() {
  const env = loadEnv();
  const runtime = await createRuntime();
  const { server, ctx } = runtime;

  if (env.SEED_DEMO && (await seedDemoData(ctx.db, { refuseSimulatedGateway: !simulatedGatewayAllowed(env) }))) server.log.info('seeded the demo companies into an empty database');

  try {
    await server.listen({ host: env.HOST, port: env.PORT });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${env.PORT} is already in use: stop the other process or start with PORT=<another port>.`);
      await runtime.close();
      process.exit(1);
    }
    throw err;
  }

  const url = `http://localhost:${env.PORT}`;
  const lines = [
    '',
    `  Customer Hub is running at ${url}  (${ctx.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
    `  API documentation: ${url}/api/docs`,
    '',
    '  Demo sign-ins (company codes SPLASH, ACE, THAMES, CLOSED):',
    ...demoSignIns.map((s) => `    ${s.email.padEnd(22)} ${s.password.padEnd(13)} ${s.note}`),
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
