import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, DEMO_PASSWORD, startTestApp, testEngines, type TestApp } from './test/api-harness.ts';

describe.each(testEngines())('per-address sign-in throttle on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Three failures per address; the per-IP limit out of the way.
    t = await startTestApp(engine, { AUTH_EMAIL_RATE_LIMIT: 3 });
  });
  afterAll(() => t.close());

  /** A customer of its own at SPLASH, made through registration. */
  async function newCustomer(email: string, password = 'Lane#Tadpole47') {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const one = await b.post<{ emailToken: string }>('/api/customer/register', { first_name: 'Tess', last_name: 'Ng', email, password, confirm_password: password });
    const code = Number(/code is (\d{6})/.exec((await t.lastMailTo(email))?.text ?? '')?.[1]);
    expect((await b.post('/api/customer/register', { email, email_code: code, email_token: one.body.emailToken })).status).toBe(200);
    return password;
  }

  const login = async (email: string, password: string) => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    return b.post('/api/customer/login', { email, password });
  };

  it('successful sign-ins are never counted: six in a row all pass', async () => {
    const password = await newCustomer('often@example.com');
    for (let i = 0; i < 6; i++) expect((await login('often@example.com', password)).status, `sign-in ${i + 1}`).toBe(200);
  });

  it('failures are counted; past the limit the address is refused with Retry-After and the real wait', async () => {
    const password = await newCustomer('locked@example.com');
    for (let i = 0; i < 3; i++) expect((await login('locked@example.com', 'Wrong#Pass1')).status).toBe(401);
    const refused = await login('locked@example.com', password);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 15 minutes and try again.' });
    // get-clients and get-by-email share the address's count.
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.post('/api/customer/get-clients', { email: 'locked@example.com', password })).status).toBe(429);
    expect((await b.post('/api/company/get-by-email', { email: 'locked@example.com', password })).status).toBe(429);
    // Other addresses are not affected.
    expect((await login('parent@example.com', DEMO_PASSWORD)).status).toBe(200);
  });

  it('a successful sign-in clears the count', async () => {
    const password = await newCustomer('clears@example.com');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login('clears@example.com', 'Wrong#Pass1')).status).toBe(401);
      expect((await login('clears@example.com', password)).status, `round ${round}`).toBe(200);
    }
  });

  it('a completed reset clears the count, so a stranger cannot keep the owner out', async () => {
    await newCustomer('owner@example.com');
    for (let i = 0; i < 3; i++) expect((await login('owner@example.com', 'Wrong#Pass1')).status).toBe(401);
    expect((await login('owner@example.com', 'Lane#Tadpole47')).status).toBe(429);
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    expect((await b.post('/api/customer/forget-password', { email: 'owner@example.com' })).status).toBe(200);
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec((await t.lastMailTo('owner@example.com'))?.text ?? '')?.[1] ?? '');
    expect((await b.post(`/api/customer/reset-password/${token}`, { password: 'Heron#Lane59', confirm_password: 'Heron#Lane59' })).status).toBe(200);
    expect((await login('owner@example.com', 'Heron#Lane59')).status).toBe(200);
  });
});

describe('per-IP throttle', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answers 429 with Retry-After and the wait in its text', async () => {
    t = await startTestApp('sqlite', { AUTH_RATE_LIMIT: 2 });
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    await b.post('/api/customer/get-clients', { email: 'parent@example.com', password: DEMO_PASSWORD });
    const limited = await b.post('/api/customer/login', { email: 'parent@example.com', password: DEMO_PASSWORD });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please wait (\d+ seconds|1 minute) and try again\.$/);
    // Registration has a bucket of its own.
    const register = await b.post('/api/customer/register', { first_name: 'A', last_name: 'B', email: 'ip@example.com', password: 'Lane#Tadpole47', confirm_password: 'Lane#Tadpole47' });
    expect(register.status).toBe(200);
  });
});
