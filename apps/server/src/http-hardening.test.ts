import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Browser, DEMO_PASSWORD, changeCompanySettings, ownCompany, startTestApp, type TestApp } from './test/api-harness.ts';

/** A built web app of one page, so the page routes can be served without a Vite build. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>Hub</title></head><body><div id="root"></div></body></html>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

/** Collects the server's JSON log lines. */
function logCapture() {
  const stream = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  return { stream, lines, text: () => lines.map((l) => JSON.stringify(l)).join('\n') };
}

describe('HTTP hardening (plain-HTTP portal)', () => {
  let t: TestApp;
  const log = logCapture();
  beforeAll(async () => {
    t = await startTestApp('sqlite', { SERVE_WEB: true, WEB_DIST: fakeDist(), LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => t.close());

  it('HEAD on a page route answers as GET does, HTML with its charset', async () => {
    for (const url of ['/', '/hub', '/hub/classes', '/reset-password?token=x']) {
      const get = await t.server.inject({ method: 'GET', url });
      const head = await t.server.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(get.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(head.body).toBe('');
    }
    expect((await t.server.inject({ method: 'HEAD', url: '/assets/app-1234.js' })).statusCode).toBe(200);
    const api = await t.server.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect((await t.server.inject({ method: 'GET', url: '/missing.png' })).statusCode).toBe(404);
  });

  it("decision 103: a Stripe company's pages open Stripe's origins in the content security policy, another company's do not", async () => {
    const stripeOn = (on: boolean) => (s: { fin_setup: Record<string, unknown> }) => {
      s.fin_setup.PaymentGatewayEnabled = on;
      s.fin_setup.PaymentGatewayProvider = on ? 'stripe' : '';
    };
    const [stripe, other] = [await ownCompany(t), await ownCompany(t)];
    await changeCompanySettings(t, stripe.companyId, stripeOn(true));
    const policyOf = async (code: string) => {
      const b = new Browser(t.server);
      await b.enterCompany(code);
      expect((await b.get('/api/company/get-config')).status).toBe(200);
      const page = await b.get<string>('/hub/payment');
      return { b, policy: String(page.headers['content-security-policy']), page: page.body };
    };
    const paying = await policyOf(stripe.code);
    expect(paying.policy).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
    expect(paying.policy).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
    expect(paying.policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(paying.policy).toContain("object-src 'none'");
    expect(paying.page).toContain('<meta name="portal-pay" content="stripe">');
    const plain = await policyOf(other.code);
    expect(plain.policy).not.toContain('stripe');
    expect(plain.page).not.toContain('portal-pay');
    // The company leaves Stripe: its next configuration answer takes the hint back.
    await changeCompanySettings(t, stripe.companyId, stripeOn(false));
    await paying.b.get('/api/company/get-config');
    expect(String((await paying.b.get('/hub/payment')).headers['content-security-policy'])).not.toContain('stripe');
  });

  it('a malformed URL answers 400 with the security headers', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/hub/%' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('over plain HTTP: no HSTS, no upgrade-insecure-requests, cookies not Secure', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/company/login-by-code', payload: { company_code: 'SPLASH' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/i);
  });

  it('every authenticated JSON answer is Cache-Control: no-store', async () => {
    const b = new Browser(t.server);
    await b.signIn('SPLASH', 'parent@example.com');
    for (const url of ['/api/company/get-config', '/api/customer/me', '/api/notification?page=1&limit=5', '/api/customer/get-sign-in-actions']) {
      const res = await b.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await b.post('/api/customer/logout')).headers['cache-control']).toBe('no-store');
  });

  it('an unsafe call must carry JSON or nothing: text/plain and forms are refused, even without Origin', async () => {
    const b = new Browser(t.server);
    await b.signIn('SPLASH', 'parent@example.com');
    const cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const [type, payload] of [
      ['text/plain', ''],
      ['text/plain', '{}'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['multipart/form-data; boundary=x', '--x--'],
    ] as const) {
      for (const url of ['/api/notification/mark-all-read', '/api/customer/logout']) {
        const res = await t.server.inject({ method: 'POST', url, headers: { cookie, 'content-type': type }, payload });
        expect(res.statusCode, `${type} ${url}`).toBe(415);
        expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    }
    // Still signed in: nothing was processed.
    expect((await b.get('/api/customer/me')).status).toBe(200);
    // A body-less POST with no content type, and the web app's own JSON call, both work.
    expect((await t.server.inject({ method: 'POST', url: '/api/notification/mark-all-read', headers: { cookie } })).statusCode).toBe(200);
    expect((await b.post('/api/notification/mark-all-read', {}, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('a JSON body declared in another charset is refused', async () => {
    for (const charset of ['iso-8859-1', 'utf-16', 'latin1']) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/company/login-by-code',
        headers: { 'content-type': `application/json; charset=${charset}` },
        payload: JSON.stringify({ company_code: 'SPLASH' }),
      });
      expect(res.statusCode, charset).toBe(415);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('/api/docs documents every route, nested ones included', async () => {
    expect((await t.server.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    const doc = (await t.server.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    // Every route but those hidden from it: the documentation's own, the health probes and the web app's files and pages.
    const routes = t.server.routeTable.filter((r) => (r.schema as { hide?: boolean } | undefined)?.hide !== true);
    expect(routes.filter((r) => /^\/(api\/docs|healthz|readyz|assets\/|\*)/.test(r.url))).toEqual([]);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/classes/book-makeup', 'POST /api/notification/mark-all-read', 'POST /api/company/login-by-code', 'POST /sim-gateway/v1/tokens']),
    );
    expect(routes.length).toBeGreaterThan(60);
    for (const { method, url } of routes) {
      const openapiPath = url.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[openapiPath]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
    }
  });

  it('a password reset token in the URL never reaches the request log', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    await t.server.inject({ method: 'GET', url: `/api/customer/check-if-changing-password/${token}` });
    await t.server.inject({ method: 'POST', url: `/api/customer/reset-password/${token}`, payload: { password: 'Fresh#2027x', confirm_password: 'Fresh#2027x' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.text()).toContain('/api/customer/check-if-changing-password/');
    expect(log.text()).not.toContain(token);
  });

  it('warns once when requests carry X-Forwarded-For while TRUST_PROXY is off', async () => {
    const before = log.lines.filter((l) => String(l.msg).includes('TRUST_PROXY')).length;
    expect(before).toBe(0);
    for (let i = 0; i < 3; i++) await t.server.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    await new Promise((resolve) => setImmediate(resolve));
    const warnings = log.lines.filter((l) => String(l.msg).includes('TRUST_PROXY'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
  });
});

describe('HTTPS portal behind a plain-HTTP proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { PUBLIC_URL: 'https://hub.example.com' });
  });
  afterAll(() => t.close());

  it('cookies are Secure and HSTS and upgrade-insecure-requests are sent, whatever the proxy says', async () => {
    const b = new Browser(t.server);
    const company = await b.post('/api/company/login-by-code', { company_code: 'SPLASH' });
    expect(String(company.headers['set-cookie'])).toMatch(/portal_company=[^;]+;.*Secure/i);
    expect(company.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(company.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const login = await b.post('/api/customer/login', { email: 'parent@example.com', password: DEMO_PASSWORD });
    expect(String(login.headers['set-cookie'])).toMatch(/portal_customer=[^;]+;.*Secure/i);
  });
});

describe('API_DOCS=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { API_DOCS: false });
  });
  afterAll(() => t.close());

  it('turns the documentation off', async () => {
    expect((await t.server.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await t.server.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
