import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createRuntime } from './runtime.ts';
import { seedDemoData } from './seed/seed.ts';
import { createTestDatabase } from './test/test-db.ts';
import { Browser, startTestApp, type TestApp } from './test/api-harness.ts';

const quiet = { LOG_LEVEL: 'silent', SERVE_WEB: false, PUBLIC_URL: 'http://portal.test', AUTH_RATE_LIMIT: 100_000, AUTH_EMAIL_RATE_LIMIT: 100_000 } as const;

describe.skipIf(!process.env.TEST_DATABASE_URL)('stateless servers on one PostgreSQL database', () => {
  it('a customer signed in on one server is served by another, and signed out everywhere', async () => {
    const handle = await createTestDatabase('postgres');
    const url = handle.url;
    const one = await createRuntime({ ...quiet, DATABASE_URL: url });
    const two = await createRuntime({ ...quiet, DATABASE_URL: url });
    try {
      await seedDemoData(one.ctx.db);
      const a = new Browser(one.server);
      await a.signIn('SPLASH', 'parent@example.com');
      const b = new Browser(two.server);
      for (const [k, v] of a.cookies) b.cookies.set(k, v);
      const res = await b.get<{ total_count: number }>('/api/notification?page=1&limit=5&status=All');
      expect(res.status).toBe(200);
      expect(res.body.total_count).toBe(120);
      await b.post('/api/customer/logout');
      expect((await a.get('/api/notification')).status).toBe(401);
    } finally {
      await one.close();
      await two.close();
      await handle.close();
      await handle.drop();
    }
  });
});

describe('throttling', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('failed sign-ins, get-clients and get-by-email from one address share one count and answer 429 past it, whatever the e-mail', async () => {
    t = await startTestApp('sqlite', { AUTH_RATE_LIMIT: 4 });
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.post('/api/company/get-by-email', { email: 'parent@example.com', password: 'x' })).status).toBe(401); // 1
    expect((await b.post('/api/customer/get-clients', { email: 'family@example.com', password: 'x' })).status).toBe(401); // 2
    expect((await b.post('/api/customer/login', { email: 'parent@example.com', password: 'x' })).status).toBe(401); // 3
    expect((await b.post('/api/customer/login', { email: 'new@example.com', password: 'x' })).status).toBe(401); // 4
    const limited = await b.post('/api/customer/login', { email: 'parent@example.com', password: 'Portal#2026' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please wait .+ and try again\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('families behind one address (a school’s network) all sign in: a successful sign-in is not counted against the address', async () => {
    const shared = await startTestApp('sqlite', { AUTH_RATE_LIMIT: 3 });
    try {
      for (let i = 0; i < 8; i++) {
        const b = new Browser(shared.server);
        await b.signIn('SPLASH', i % 2 ? 'parent@example.com' : 'family@example.com');
        expect((await b.get('/api/customer/me')).status).toBe(200);
      }
    } finally {
      await shared.close();
    }
  });

  it('guessing reset tokens is throttled per address', async () => {
    const limited = await startTestApp('sqlite', { AUTH_RATE_LIMIT: 3 });
    try {
      const b = new Browser(limited.server);
      for (let i = 0; i < 3; i++) expect((await b.get(`/api/customer/check-if-changing-password/guess-${i}`)).status).toBe(200);
      expect((await b.get('/api/customer/check-if-changing-password/guess-4')).status).toBe(429);
      expect((await b.post('/api/customer/reset-password/guess-5', { password: 'Fresh#2027', confirm_password: 'Fresh#2027' })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('with Redis, two servers share the counters', async () => {
    const env = { ...quiet, REDIS_URL: process.env.TEST_REDIS_URL, AUTH_RATE_LIMIT: 3 };
    const one = await startTestApp('sqlite', env);
    const two = await startTestApp('sqlite', env);
    try {
      // A random client address (64 random bits of IPv6) keeps this run's counters apart from
      // every other run against the same Redis.
      const address = `fd00::${(randomBytes(8).toString('hex').match(/.{4}/g) ?? []).join(':')}`;
      const at = (app: TestApp) => app.server.inject({ method: 'POST', url: '/api/company/get-by-email', payload: { email: 'parent@example.com', password: 'wrong' }, remoteAddress: address });
      expect((await at(one)).statusCode).toBe(401);
      expect((await at(two)).statusCode).toBe(401);
      expect((await at(one)).statusCode).toBe(401);
      expect((await at(two)).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('e-mail over SMTP', () => {
  it('the reset e-mail reaches a real SMTP server and nothing of it stays in the outbox', async () => {
    // startTestApp points SMTP_URL at its own smtp-server on loopback.
    const t = await startTestApp('sqlite');
    try {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      expect((await b.post('/api/customer/forget-password', { email: 'parent@example.com', url: 'http://portal.test/reset-password' })).status).toBe(200);
      await t.runtime.ctx.mailer.flush();
      expect(t.mailbox.received).toHaveLength(1);
      expect(t.mailbox.received[0]!.to).toBe('parent@example.com');
      expect(t.mailbox.received[0]!.text).toContain('http://portal.test/reset-password?token=');
      expect(await t.runtime.ctx.db.selectFrom('outbox').select(['status']).execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
