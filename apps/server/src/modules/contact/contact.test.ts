import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactFormState } from '@portal/shared/contact-schemas';
import { Browser, captchaChallenge as challenge, encodedSolution, ownCompany, solveCaptcha, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { updateCompanySettings } from '../company/company.repository.ts';

const enquiry = { name: 'Priya Shah', email: 'priya@example.com', phone: '+61412345678', subject: 'Saturday lessons', message: 'Can Ella move to Saturdays?' };

describe.each(testEngines())('contact us on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const guestAt = async (code: string, ip?: string) => {
    const b = new Browser(t.server, ip);
    await b.enterCompany(code);
    return b;
  };

  it('GET contact-us: a guest at Splash must solve a challenge; a signed-in customer gets the form filled', async () => {
    expect((await new Browser(t.server).get('/api/company/contact-us')).status).toBe(401);
    const guest = await guestAt('SPLASH');
    expect((await guest.get<ContactFormState>('/api/company/contact-us')).body).toEqual({
      success: true,
      available: true,
      contact_email: 'office@splash.example',
      captcha_required: true,
      prefill: null,
    });
    expect((await (await guestAt('ACE')).get<ContactFormState>('/api/company/contact-us')).body.captcha_required).toBe(false);
    const customer = new Browser(t.server);
    await customer.signIn('SPLASH', 'parent@example.com');
    expect((await customer.get<ContactFormState>('/api/company/contact-us')).body).toMatchObject({
      captcha_required: false,
      prefill: { name: 'Sarah Mitchell', email: 'parent@example.com', phone: '0412345678' },
    });
  });

  it('P3: refuses a bad form with every field message and sends nothing', async () => {
    const b = await guestAt('ACE');
    const bad = await b.post('/api/company/contact-us', { name: ' ', email: 'nope', phone: '04 12', subject: '', message: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Invalid email address' },
      { field: 'phone', message: 'Please enter valid numbers only' },
      { field: 'subject', message: 'Subject is required' },
      { field: 'message', message: 'Message is required' },
    ]);
    const header = await b.post('/api/company/contact-us', { ...enquiry, subject: 'Hi\r\nBcc: all@example.com' });
    expect(header.status).toBe(400);
    expect(header.body.errors).toEqual([{ field: 'subject', message: 'Please keep this to one line' }]);
  });

  it("P3, P5: mails the company's contact address with Reply-To the sender and answers the confirmation", async () => {
    const b = await guestAt('ACE');
    const ok = await b.post('/api/company/contact-us', enquiry);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Thank you. Your message has been sent.' });
    const mail = await t.lastMailTo('frontdesk@ace-tennis.example');
    expect(mail?.subject).toBe('Customer Hub: Saturday lessons');
    expect(mail?.replyTo).toBe('priya@example.com');
    expect(mail?.text).toContain('From: Priya Shah <priya@example.com>, phone +61412345678');
    expect(mail?.text).toContain('Sent by a visitor who was not signed in.');
    expect(mail?.text).toContain('Can Ella move to Saturdays?');
  });

  it('a guest at Splash: no solution, a wrong one, a reused one, another company’s, an altered one and an expired one are refused', async () => {
    const b = await guestAt('SPLASH');
    const none = await b.post('/api/company/contact-us', enquiry);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', message: 'Please complete the verification' });

    const c = await challenge(b);
    expect(c.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 5_000 });
    const found = await solveCaptcha(c);
    const solution = encodedSolution(c, found);
    const wrongKey = encodedSolution(c, { ...found, derivedKey: found.derivedKey.replace(/^./, (d) => (d === '0' ? '1' : '0')) });
    const wrong = await b.post('/api/company/contact-us', { ...enquiry, captcha: wrongKey });
    expect(wrong.body).toMatchObject({ code: 'CAPTCHA_FAILED', message: 'The verification failed. Please try again.' });
    expect((await b.post('/api/company/contact-us', { ...enquiry, captcha: 'not a solution' })).body.code).toBe('CAPTCHA_FAILED');

    const sent = await b.post('/api/company/contact-us', { ...enquiry, subject: 'First try', captcha: solution });
    expect(sent.status).toBe(200);
    expect((await t.lastMailTo('office@splash.example'))?.subject).toBe('Customer Hub: First try');
    expect((await b.post('/api/company/contact-us', { ...enquiry, captcha: solution })).body.code).toBe('CAPTCHA_FAILED');

    // A challenge issued to another company's portal does not open this one.
    const ace = await challenge(await guestAt('ACE'));
    expect((await b.post('/api/company/contact-us', { ...enquiry, captcha: encodedSolution(ace, await solveCaptcha(ace)) })).body.code).toBe('CAPTCHA_FAILED');

    // The signature covers the parameters: a challenge given a later expiry, or less work, is not the one issued.
    const fresh = await challenge(b);
    const freshSolution = await solveCaptcha(fresh);
    for (const altered of [{ expiresAt: fresh.parameters.expiresAt + 3600 }, { cost: 1 }]) {
      const forged = encodedSolution({ ...fresh, parameters: { ...fresh.parameters, ...altered } }, freshSolution);
      expect((await b.post('/api/company/contact-us', { ...enquiry, captcha: forged })).body.code).toBe('CAPTCHA_FAILED');
    }

    // Twenty minutes on, the challenge has expired.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 21 * 60_000);
      expect((await b.post('/api/company/contact-us', { ...enquiry, captcha: encodedSolution(fresh, freshSolution) })).body.code).toBe('CAPTCHA_FAILED');
    } finally {
      vi.useRealTimers();
    }
    // Unspent by those refusals, it is still good within its time.
    expect((await b.post('/api/company/contact-us', { ...enquiry, subject: 'In time', captcha: encodedSolution(fresh, freshSolution) })).status).toBe(200);
  });

  it('a signed-in customer at Splash sends without a challenge; the mail says who was signed in', async () => {
    const b = new Browser(t.server);
    const { user } = await b.signIn('SPLASH', 'parent@example.com');
    const res = await b.post('/api/company/contact-us', { ...enquiry, name: 'Sarah Mitchell', email: 'sarah.m@example.com', subject: 'Signed in' });
    expect(res.status).toBe(200);
    const mail = await t.lastMailTo('office@splash.example');
    expect(mail?.subject).toBe('Customer Hub: Signed in');
    expect(mail?.replyTo).toBe('sarah.m@example.com');
    expect(mail?.text).toContain(`Sent while signed in as Sarah Mitchell (client ${user.ClientID}, parent@example.com).`);
  });

  it('a company without a contact address says so and sends nothing', async () => {
    const { code, companyId } = await ownCompany(t);
    const db = t.runtime.ctx.db;
    const row = await db.selectFrom('companies').select('settings').where('id', '=', companyId).executeTakeFirstOrThrow();
    await updateCompanySettings(db, companyId, { ...JSON.parse(row.settings), ContactEmail: '' });
    const b = await guestAt(code);
    expect((await b.get<ContactFormState>('/api/company/contact-us')).body).toMatchObject({ available: false });
    const res = await b.post('/api/company/contact-us', enquiry);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'CONTACT_UNAVAILABLE', message: 'Messages cannot be sent from here yet. Please contact the office directly.' });
  });
});

describe.each(testEngines())('contact us throttling on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { AUTH_RATE_LIMIT: 3, AUTH_EMAIL_RATE_LIMIT: 2 });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the per-address limits: per sender e-mail, and per client address', async () => {
    // One sender from two client addresses: the third message in 15 minutes is refused.
    for (const ip of ['203.0.113.1', '203.0.113.2']) {
      const b = new Browser(t.server, ip);
      await b.enterCompany('ACE');
      expect((await b.post('/api/company/contact-us', enquiry)).status).toBe(200);
    }
    const third = new Browser(t.server, '203.0.113.3');
    await third.enterCompany('ACE');
    const refused = await third.post('/api/company/contact-us', enquiry);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);

    // One client address, different senders: the fourth call in a minute is refused.
    const one = new Browser(t.server, '203.0.113.9');
    await one.enterCompany('ACE');
    for (const n of [1, 2, 3]) expect((await one.post('/api/company/contact-us', { ...enquiry, email: `sender${n}@example.com` })).status).toBe(200);
    const fourth = await one.post('/api/company/contact-us', { ...enquiry, email: 'sender4@example.com' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
