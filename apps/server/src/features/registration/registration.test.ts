import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaChallenge } from '@portal/shared/contact-schemas';
import { Browser, changeCompanySettings, mailedCode, ownCompany, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { hashToken } from '../../lib/tokens.ts';

/** What the widget does: find the number, and send the solution as base64 of its JSON. */
function solve(c: CaptchaChallenge) {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (crypto.createHash('sha256').update(`${c.salt}${n}`).digest('hex') === c.challenge) {
      return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, salt: c.salt, number: n })).toString('base64');
    }
  }
  throw new Error('no solution');
}

const fresh = (name: string) => `${name}.${crypto.randomBytes(4).toString('hex')}@example.com`;

describe.each(testEngines())('online registration: e-mail and captcha checks on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const visitorAt = async (code = 'SPLASH', ip?: string) => {
    const b = new Browser(t.server, ip);
    await b.enterCompany(code);
    return b;
  };
  const registrationRow = (token: string) => t.runtime.deps.db.selectFrom('registrations').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  /** A visitor who proved a fresh address: the registration token and the address. */
  const verified = async (b: Browser, profile = 1) => {
    const email = fresh('family');
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    const ok = await b.post('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(t, email), profile });
    expect(ok.status).toBe(200);
    return { token: sent.body.token, email };
  };

  it('R60: confirm-email says whether the address already signs in at this company', async () => {
    const b = await visitorAt();
    expect((await b.post('/api/ocr/confirm-email', { email: 'Parent@Example.com' })).body).toEqual({ success: true, existing_client: true });
    expect((await b.post('/api/ocr/confirm-email', { email: fresh('new') })).body).toEqual({ success: true, existing_client: false });
    const bad = await b.post('/api/ocr/confirm-email', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
    expect((await new Browser(t.server).post('/api/ocr/confirm-email', { email: fresh('x') })).status).toBe(401);
  });

  it('R57, R58: a mailed 6-digit code proves the address and opens the registration under its profile', async () => {
    const b = await visitorAt();
    const email = fresh('Mia.Family').toUpperCase();
    const sent = await b.post<{ token: string; message: string }>('/api/ocr/send-code', { email });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`We have sent a 6-digit code to ${email.toLowerCase()}.`);
    const mail = await t.lastMailTo(email.toLowerCase());
    expect(mail?.subject).toMatch(/^Your registration code: \d{6}$/);
    const code = await mailedCode(t, email.toLowerCase());
    // The code is stored only as a hash; nothing is open until it is verified.
    expect(await registrationRow(sent.body.token)).toBeUndefined();
    const ok = await b.post('/api/ocr/verify-code', { token: sent.body.token, code, profile: 2 });
    expect(ok.body).toEqual({ success: true, verified: true, email: email.toLowerCase() });
    expect(await registrationRow(sent.body.token)).toMatchObject({ email: email.toLowerCase(), profile_id: 2, captcha_verified_until: null, submitted_at: null });
    // Used once.
    const again = await b.post('/api/ocr/verify-code', { token: sent.body.token, code, profile: 2 });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('The code is incorrect or has expired');
  });

  it('N22: a missing code is "Code is required"; an unknown profile or token changes nothing', async () => {
    const b = await visitorAt();
    const email = fresh('rules');
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    const blank = await b.post('/api/ocr/verify-code', { token: sent.body.token, code: '', profile: 1 });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: 'code', message: 'Code is required' }]);
    const code = await mailedCode(t, email);
    expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code, profile: 99 })).status).toBe(404);
    expect((await b.post('/api/ocr/verify-code', { token: 'x'.repeat(43), code, profile: 1 })).status).toBe(422);
    // Neither spent the code: it still verifies.
    expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code, profile: 1 })).status).toBe(200);
  });

  it('the code wrong six times: five tries, then refused even with the right code; no registration opens', async () => {
    const b = await visitorAt();
    const email = fresh('guess');
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    const code = await mailedCode(t, email);
    const wrong = (code + 1) % 1_000_000;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await b.post('/api/ocr/verify-code', { token: sent.body.token, code: wrong, profile: 1 })).body.message);
    expect(answers).toEqual([...Array(4).fill('The code is incorrect or has expired'), 'Too many incorrect codes. Please ask for a new code.']);
    const right = await b.post('/api/ocr/verify-code', { token: sent.body.token, code, profile: 1 });
    expect(right.status).toBe(422);
    expect(right.body.message).toBe('Too many incorrect codes. Please ask for a new code.');
    expect(await registrationRow(sent.body.token)).toBeUndefined();
  });

  it('parallel guesses get no more than five looks at a code', async () => {
    const b = await visitorAt();
    const email = fresh('parallel');
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    const code = await mailedCode(t, email);
    const guesses = Array.from({ length: 12 }, (_, i) => (code + 1 + i) % 1_000_000);
    await Promise.all(guesses.map((g) => b.post('/api/ocr/verify-code', { token: sent.body.token, code: g, profile: 1 })));
    const row = await t.runtime.deps.db.selectFrom('email_codes').select('attempts').where('token_hash', '=', hashToken(sent.body.token)).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('an address that already signs in gets a notice without a code, and no registration can be opened for it', async () => {
    const b = await visitorAt();
    const sent = await b.post<{ token: string; message: string }>('/api/ocr/send-code', { email: 'parent@example.com' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('We have sent a 6-digit code to parent@example.com.');
    const mail = await t.lastMailTo('parent@example.com');
    expect(mail?.subject).toBe('Your Splash Swim School account');
    expect(mail?.text).toContain('You already have an account');
    expect(mail?.text).not.toMatch(/\d{6}/);
    // No six digits will do: the stored code is a decoy.
    const tries = await Promise.all([0, 1, 2, 3, 4].map((i) => b.post('/api/ocr/verify-code', { token: sent.body.token, code: 123456 + i, profile: 1 })));
    expect(tries.every((r) => r.status === 422)).toBe(true);
    expect(await registrationRow(sent.body.token)).toBeUndefined();
  });

  it('an address that signs up while its code is on the way is told to sign in; the code stays unused', async () => {
    const b = await visitorAt();
    const email = fresh('meanwhile');
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    const code = await mailedCode(t, email);
    await registerCustomer(t, { email });
    const res = await b.post('/api/ocr/verify-code', { token: sent.body.token, code, profile: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This email address already has an account. Please sign in.');
    expect(await registrationRow(sent.body.token)).toBeUndefined();
  });

  it('R59: a solved captcha marks the registration for ten minutes; unsolved, replayed, forged or another company’s is refused', async () => {
    const b = await visitorAt();
    const { token } = await verified(b, 2);
    const challenge = async (x: Browser) => (await x.get<{ captcha: CaptchaChallenge }>('/api/company/captcha-challenge')).body.captcha;
    // Unsolved: a number that does not hash to the challenge.
    const c1 = await challenge(b);
    const forged = Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: c1.challenge, salt: c1.salt, number: c1.maxnumber + 1 })).toString('base64');
    expect((await b.post('/api/ocr/verify-captcha', { token: forged, registration_token: token })).body).toEqual({ success: true, verified: false });
    expect((await b.post('/api/ocr/verify-captcha', { token: 'not a solution', registration_token: token })).body).toEqual({ success: true, verified: false });
    expect((await registrationRow(token))?.captcha_verified_until).toBeNull();
    // Another company's challenge, solved, does not count here.
    const elsewhere = await visitorAt('ACE');
    expect((await b.post('/api/ocr/verify-captcha', { token: solve(await challenge(elsewhere)), registration_token: token })).body.verified).toBe(false);
    // Solved: verified, and the mark is kept for about ten minutes.
    const solution = solve(await challenge(b));
    const before = Date.now();
    expect((await b.post('/api/ocr/verify-captcha', { token: solution, registration_token: token })).body).toEqual({ success: true, verified: true });
    const until = Date.parse((await registrationRow(token))!.captcha_verified_until!);
    expect(until - before).toBeGreaterThan(9.5 * 60_000);
    expect(until - before).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    // Replayed, even for another registration of the same visitor: refused, and that one stays unmarked.
    const second = await verified(b, 2);
    expect((await b.post('/api/ocr/verify-captcha', { token: solution, registration_token: second.token })).body.verified).toBe(false);
    expect((await registrationRow(second.token))?.captcha_verified_until).toBeNull();
  });

  it('verify-captcha needs an open registration of this company, checked before the solution is spent', async () => {
    const b = await visitorAt();
    const c = (await b.get<{ captcha: CaptchaChallenge }>('/api/company/captcha-challenge')).body.captcha;
    const solution = solve(c);
    const unknown = await b.post('/api/ocr/verify-captcha', { token: solution, registration_token: 'y'.repeat(43) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('This registration has expired. Please verify your email address again.');
    const { token } = await verified(b);
    // A visitor of another company with registration open cannot mark a SPLASH registration.
    const own = await ownCompany(t);
    await changeCompanySettings(t, own.companyId, (s) => {
      s.switches!.AllowOCR = true;
      s.switches!.CanTakeNewSignUps = true;
    });
    const other = await visitorAt(own.code);
    expect((await other.post('/api/ocr/verify-captcha', { token: solution, registration_token: token })).status).toBe(422);
    // The solution was not spent by either refusal.
    expect((await b.post('/api/ocr/verify-captcha', { token: solution, registration_token: token })).body.verified).toBe(true);
  });

  it('N36, U30: a company with online registration off, or taking no new sign-ups, refuses every check and mails nothing', async () => {
    const own = await ownCompany(t);
    await changeCompanySettings(t, own.companyId, (s) => {
      s.switches!.AllowOCR = true;
      s.switches!.CanTakeNewSignUps = false;
    });
    const b = await visitorAt(own.code);
    const email = fresh('closed');
    for (const [url, body] of [
      ['/api/ocr/confirm-email', { email }],
      ['/api/ocr/send-code', { email }],
      ['/api/ocr/verify-code', { token: 'z'.repeat(43), code: 123456, profile: 1 }],
      ['/api/ocr/verify-captcha', { token: 'x', registration_token: 'z'.repeat(43) }],
    ] as const) {
      const res = await b.post(url, body);
      expect([url, res.status, res.body.message]).toEqual([url, 403, 'Online registration is not available']);
    }
    await changeCompanySettings(t, own.companyId, (s) => {
      s.switches!.AllowOCR = false;
      s.switches!.CanTakeNewSignUps = true;
    });
    expect((await b.post('/api/ocr/send-code', { email })).status).toBe(403);
    expect(await t.lastMailTo(email)).toBeUndefined();
  });

  it('send-code is throttled per address as well as per network address, with Retry-After', async () => {
    const small = await startTestApp(engine, { AUTH_RATE_LIMIT: 100, AUTH_EMAIL_RATE_LIMIT: 3 });
    try {
      const email = fresh('flood');
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const b = new Browser(small.server, `203.0.113.${10 + i}`);
        await b.enterCompany('SPLASH');
        codes.push(await b.post('/api/ocr/send-code', { email }));
      }
      expect(codes.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(Number(codes[3]!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});
