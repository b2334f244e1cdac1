import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, DEMO_PASSWORD, registerCustomer, startTestApp, testEngines, type TestApp } from './test/api-harness.ts';

describe.each(testEngines())('per-address sign-in throttle on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Three failures per address and client address; the per-IP limit out of the way.
    t = await startTestApp(engine, { AUTH_EMAIL_RATE_LIMIT: 3 });
  });
  afterAll(() => t.close());

  const STRANGER = '203.0.113.66';
  const OWNER = '198.51.100.20';

  /** A sign-in from a fresh browser at SPLASH, from the given client address. */
  const login = async (email: string, password: string, from = OWNER) => {
    const b = new Browser(t.server, from);
    await b.enterCompany('SPLASH');
    return b.post('/api/customer/login', { email, password });
  };

  it('successful sign-ins are never counted: six in a row all pass', async () => {
    const { email, password } = await registerCustomer(t, { email: 'often@example.com' });
    for (let i = 0; i < 6; i++) expect((await login(email, password)).status, `sign-in ${i + 1}`).toBe(200);
  });

  it("a stranger's failures refuse the stranger, with Retry-After and the real wait, and never the owner from another address", async () => {
    const { email, password } = await registerCustomer(t, { email: 'locked@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(email, 'Wrong#Pass1', STRANGER)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    // Past the limit the right password from the stranger's address is refused too.
    const refused = await login(email, password, STRANGER);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 15 minutes and try again.' });
    // get-clients and get-by-email share the pair's count.
    const b = new Browser(t.server, STRANGER);
    await b.enterCompany('SPLASH');
    expect((await b.post('/api/customer/get-clients', { email, password })).status).toBe(429);
    expect((await b.post('/api/company/get-by-email', { email, password })).status).toBe(429);

    // The owner, from their own address, signs in at once, and through every route.
    expect((await login(email, password, OWNER)).status).toBe(200);
    const owner = new Browser(t.server, OWNER);
    await owner.enterCompany('SPLASH');
    expect((await owner.post('/api/customer/get-clients', { email, password })).status).toBe(200);
    expect((await owner.post('/api/company/get-by-email', { email, password })).status).toBe(200);
    // The owner's sign-in does not end the stranger's window.
    expect((await login(email, password, STRANGER)).status).toBe(429);
    // Other addresses are not affected from the stranger's client address either.
    expect((await login('parent@example.com', DEMO_PASSWORD, STRANGER)).status).toBe(200);
  });

  it('a successful sign-in clears the count', async () => {
    const { email, password } = await registerCustomer(t, { email: 'clears@example.com' });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login(email, 'Wrong#Pass1')).status).toBe(401);
      expect((await login(email, password)).status, `round ${round}`).toBe(200);
    }
  });

  it("a completed reset clears the address's counts from every client address", async () => {
    const { email, password } = await registerCustomer(t, { email: 'owner@example.com' });
    for (const from of [STRANGER, OWNER]) {
      for (let i = 0; i < 3; i++) expect((await login(email, 'Wrong#Pass1', from)).status).toBe(401);
      expect((await login(email, password, from)).status).toBe(429);
    }
    const b = new Browser(t.server, OWNER);
    await b.enterCompany('SPLASH');
    expect((await b.post('/api/customer/forget-password', { email })).status).toBe(200);
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec((await t.lastMailTo(email))?.text ?? '')?.[1] ?? '');
    expect((await b.post(`/api/customer/reset-password/${token}`, { password: 'Heron#Lane59', confirm_password: 'Heron#Lane59' })).status).toBe(200);
    expect((await login(email, 'Heron#Lane59', OWNER)).status).toBe(200);
    expect((await login(email, 'Wrong#Pass1', STRANGER)).status).toBe(401);
  });
});

describe('per-IP throttle', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answers 429 with Retry-After and the wait in its text', async () => {
    t = await startTestApp('sqlite', { AUTH_RATE_LIMIT: 2 });
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    await b.post('/api/customer/get-clients', { email: 'parent@example.com', password: 'wrong' });
    await b.post('/api/customer/get-clients', { email: 'family@example.com', password: 'wrong' });
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

describe('per-session throttle', () => {
  it('a signed-in session past SESSION_RATE_LIMIT a minute is answered 429; another family at the same address is not', async () => {
    const t = await startTestApp('sqlite', { SESSION_RATE_LIMIT: 5 });
    try {
      const busy = new Browser(t.server);
      await busy.signIn('SPLASH', 'parent@example.com', DEMO_PASSWORD);
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push((await busy.get('/api/customer/me')).status);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
      const neighbour = new Browser(t.server);
      await neighbour.signIn('SPLASH', 'family@example.com', DEMO_PASSWORD);
      expect((await neighbour.get('/api/customer/me')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
