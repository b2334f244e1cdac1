import { afterAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, type TestApp } from './test/api-harness.ts';

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
