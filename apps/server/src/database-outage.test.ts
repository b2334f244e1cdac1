import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import { openDatabase } from './db/database.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { createRuntime, type Runtime } from './runtime.ts';
import { seedDemoData } from './seed/seed.ts';
import { Browser } from './test/api-harness.ts';
import { canMakeCluster, makeThrowawayPostgres, type ThrowawayPostgres } from './test/throwaway-postgres.ts';

/**
 * PostgreSQL goes away under a running server (a cluster of the test's own, stopped at once as a
 * crash would stop it) and comes back: meanwhile every call answers 503 with a message a parent
 * can read, within a second, and none hangs or answers 500; once it is back the same calls
 * succeed, the same sessions signed in, without a restart.
 */
const unavailable = { message: 'The service is briefly unavailable. Please try again in a moment.', code: 'DATABASE_UNAVAILABLE' };

/** Calls a signed-in parent makes: reads, a write, and a company's entry on another browser. */
const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['GET', '/api/customer/get-details'],
  ['GET', '/api/notification?page=1'],
  ['GET', '/api/home/get-amount-owed'],
  ['POST', '/api/notification/mark-all-read', {}],
];

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe.runIf(canMakeCluster())('a PostgreSQL outage under a running server', () => {
  let cluster: ThrowawayPostgres;
  let runtime: Runtime;
  let parent: Browser;
  let visitor: Browser;

  beforeAll(async () => {
    cluster = await makeThrowawayPostgres();
    runtime = await createRuntime({
      DATABASE_URL: cluster.url,
      LOG_LEVEL: 'silent',
      SERVE_WEB: false,
      SMTP_URL: undefined,
      REDIS_URL: undefined,
      PUBLIC_URL: 'http://portal.test',
      TRUSTED_ORIGINS: '',
      AUTH_RATE_LIMIT: 100_000,
    });
    await seedDemoData(runtime.ctx.db);
    parent = new Browser(runtime.server);
    await parent.signIn('SPLASH', 'parent@example.com');
    visitor = new Browser(runtime.server);
    for (const [method, url, body] of calls) expect((await parent.call(method, url, body)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await runtime?.close();
    await cluster?.remove();
  });

  it('answers the calls that meet the stop either in full or 503, none 500', async () => {
    // A parent keeps calling while the database stops under the calls.
    let stopped = false;
    const answers: { status: number; body: unknown }[] = [];
    const calling = (async () => {
      while (!stopped) answers.push(...(await Promise.all(calls.map(([method, url, body]) => parent.call(method, url, body)))));
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await cluster.stop();
    stopped = true;
    await calling;
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(answers.at(-1)?.status).toBe(503);
    for (const answer of answers) expect(answer.status === 200 || (answer.status === 503 && JSON.stringify(answer.body) === JSON.stringify(unavailable))).toBe(true);
  });

  it('answers every call 503 with a readable message within a second while the database is down, none 500', async () => {
    const slowest: number[] = [];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        ...calls.map(([method, url, body]) => timed(() => parent.call(method, url, body))),
        timed(() => visitor.post('/api/company/login-by-code', { company_code: 'SPLASH' })),
      ]);
      for (const [answer, ms] of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual(unavailable);
        expect(answer.headers['retry-after']).toBe('5');
        expect(ms).toBeLessThan(1_000);
      }
      const [ready, readyMs] = await timed(() => parent.get('/readyz'));
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'database unreachable' });
      expect(readyMs).toBeLessThan(1_000);
      slowest.push(Math.max(readyMs, ...answers.map(([, ms]) => ms)));
    }
    expect(ERROR_MESSAGES.DATABASE_UNAVAILABLE).toBe(unavailable.message);
    console.info(`database down: slowest 503 per round ${slowest.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  });

  it('serves the same signed-in calls again once the database is back, without a restart', async () => {
    await cluster.start();
    const [, recoveryMs] = await timed(async () => {
      while ((await parent.get('/readyz')).status !== 200) await new Promise((resolve) => setTimeout(resolve, 10));
    });
    for (const [method, url, body] of calls) expect((await parent.call(method, url, body)).status).toBe(200);
    expect((await visitor.post('/api/company/login-by-code', { company_code: 'SPLASH' })).status).toBe(200);
    console.info(`database back: ready ${recoveryMs.toFixed(0)} ms after pg_ctl start returned`);
  });
});

describe('a database that accepts the connection and never answers', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up on the connection within a second, as an outage', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const handle = openDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`);
    try {
      const [error, ms] = await timed(() =>
        sql`select 1`.execute(handle.db).then(
          () => undefined,
          (err: unknown) => err,
        ),
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(ms).toBeLessThan(1_500);
    } finally {
      await handle.close();
    }
  });
});
