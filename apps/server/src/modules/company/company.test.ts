import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyConfigSchema, type CompanyConfig } from '@portal/shared/company-config';
import { buildCompanyConfig, findCompanyByCode } from './company.service.ts';
import { updateCompanySettings } from './company.repository.ts';
import { Browser, DEMO_PASSWORD, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

describe.each(testEngines())('company calls on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('login-by-code loads the company and sets an HttpOnly company cookie', async () => {
    const b = new Browser(t.server);
    const res = await b.call('POST', '/api/company/login-by-code', { company_code: ' splash ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, company: { CustomerID: 1001, TradingName: 'Splash Swim School', Application: 'CustomerHub' } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/portal_company=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('login-by-code refuses a blank code with the spec message and an unknown code with a message', async () => {
    const b = new Browser(t.server);
    const blank = await b.post('/api/company/login-by-code', { company_code: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: 'Company Code is required', code: 'VALIDATION' });
    const missing = await b.post('/api/company/login-by-code', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Company Code is required');
    const unknown = await b.post('/api/company/login-by-code', { company_code: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'No company was found for that code' });
    expect(b.cookies.has('portal_company')).toBe(false);
  });

  it('an inactive portal is refused at every door with the spec text', async () => {
    const b = new Browser(t.server);
    for (const [url, body] of [
      ['/api/company/login-by-code', { company_code: 'CLOSED' }],
      ['/api/company/login-by-customer-id', { customer_id: 4004 }],
      ['/api/company/login', { company: { CustomerID: 4004, Product: 'CustomerHub' } }],
    ] as const) {
      const res = await b.post(url, body);
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ code: 'COMPANY_INACTIVE', message: 'Company does not have the Customer Hub active' });
    }
    expect(b.cookies.size).toBe(0);
  });

  it('a company switched off after sign-in refuses every call, customer calls included', async () => {
    const b = new Browser(t.server);
    await b.signIn('THAMES', 'dancer@example.com');
    const db = t.runtime.ctx.db;
    const row = await db.selectFrom('companies').select(['id', 'settings']).where('code', '=', 'THAMES').executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings);
    try {
      settings.global_settings.OCR_Version = 1;
      await updateCompanySettings(db, row.id, settings);
      for (const url of ['/api/company/get-config', '/api/home/get-upcoming-classes', '/api/notification']) {
        const res = await b.get(url);
        expect(res.status, url).toBe(403);
        expect(res.body.code).toBe('COMPANY_INACTIVE');
      }
    } finally {
      settings.global_settings.OCR_Version = 2;
      await updateCompanySettings(db, row.id, settings);
    }
    expect((await b.get('/api/company/get-config')).status).toBe(200);
  });

  it('get-by-email lists every company where the password matches, with the three fields', async () => {
    const b = new Browser(t.server);
    const res = await b.post('/api/company/get-by-email', { email: 'Parent@Example.com ', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.companies).toEqual([
      { CustomerID: 2002, TradingName: 'Ace Tennis Academy', Application: 'CustomerHub' },
      { CustomerID: 1001, TradingName: 'Splash Swim School', Application: 'CustomerHub' },
    ]);
  });

  it('get-by-email answers Invalid credentials for a wrong password and for an unknown e-mail alike', async () => {
    const b = new Browser(t.server);
    const wrong = await b.post('/api/company/get-by-email', { email: 'parent@example.com', password: 'Wrong#2026' });
    const unknown = await b.post('/api/company/get-by-email', { email: 'nobody@example.com', password: 'Wrong#2026' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
    }
    const bad = await b.post('/api/company/get-by-email', { email: 'a@b', password: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'email', message: 'Invalid email address' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('company login by CustomerID and Product, and by customer id', async () => {
    const b = new Browser(t.server);
    const res = await b.post('/api/company/login', { company: { CustomerID: 2002, Product: 'CustomerHub' } });
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({ TradingName: 'Ace Tennis Academy' });
    const cfg = await b.get('/api/company/get-config');
    expect(cfg.body.CompanyDisplayName).toBe('Ace Tennis Academy');
    const byId = await b.post('/api/company/login-by-customer-id', { customer_id: 1001 });
    expect(byId.status).toBe(200);
    expect((await b.get('/api/company/get-config')).body.CustomerID).toBe(1001);
    expect((await b.post('/api/company/login-by-customer-id', { customer_id: 999999 })).status).toBe(404);
    for (const customer_id of ['abc', 2147483648, -1, [1001], 1.5]) {
      expect((await b.post('/api/company/login-by-customer-id', { customer_id })).status, JSON.stringify(customer_id)).toBe(400);
    }
    expect((await b.post('/api/company/login', { company: { CustomerID: 2147483648 } })).status).toBe(400);
  });

  it('get-config answers the whole configuration, flattened the way the spec names it', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const res = await b.get('/api/company/get-config');
    expect(res.status).toBe(200);
    const c = res.body as unknown as CompanyConfig;
    expect(c).toMatchObject({
      CustomerID: 1001,
      CompanyDisplayName: 'Splash Swim School',
      StudentTerm: 'Swimmer',
      CustomerPortalActive: true,
      EnableMessages: true,
      AllowOCR: true,
      CustomerPortalAllowOCR: true,
      CanTakeNewSignUps: true,
      ShowFinancialsTab: true,
      ShowBookingsTab: true,
    });
    expect(c.localization).toMatchObject({ DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', PaperSize: 'A4', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' });
    expect(c.global_settings).toMatchObject({ OCR_Version: 2, ButtonRadius: 'SemiRound', NavBarShading: 'Light', UseLogoImage: true });
    expect(Object.keys(c.colors)).toEqual(['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950']);
    for (const list of ['medical_conditions', 'referral_sources', 'school', 'venues', 'date_ranges', 'lesson_formats', 'standards']) {
      expect(Array.isArray(c.lists[list as keyof CompanyConfig['lists']]), list).toBe(true);
      expect(Array.isArray(c.unfiltered_lists[list as keyof CompanyConfig['lists']]), list).toBe(true);
    }
    expect(c.lists.venues.length).toBeGreaterThan(0);
    expect(c.lists.venues[0]).toEqual({ FieldValueID: expect.any(Number), DisplayName: expect.any(String), OCRFieldValueID: null });
    expect(c.social_media.length).toBeGreaterThan(0);
    for (const s of c.social_media) expect(['facebook', 'instagram', 'linkedin', 'pinterest', 'tiktok', 'x', 'youtube']).toContain(s.site);
  });

  it('get-config of ACE carries its own branding and never SPLASH data', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('ACE');
    const c = (await b.get('/api/company/get-config')).body as unknown as CompanyConfig;
    expect(c.StudentTerm).toBe('Player');
    expect(c.global_settings).toMatchObject({ Font: 'monsterrat', ButtonRadius: 'Round', NavBarShading: 'Dark', UseLogoImage: false, AlternateCompanyName: 'Ace Tennis' });
    expect(c.localization).toMatchObject({ DateFormat: 'MM/dd/yyyy', PaperSize: 'Letter' });
    expect(c.EnableMessages).toBe(false);
    const splash = new Browser(t.server);
    await splash.enterCompany('SPLASH');
    const splashVenues = ((await splash.get('/api/company/get-config')).body as unknown as CompanyConfig).unfiltered_lists.venues.map((v) => v.FieldValueID);
    for (const v of c.unfiltered_lists.venues) expect(splashVenues).not.toContain(v.FieldValueID);
  });

  it('get-config follows a settings change at once (the cached answer is tied to the version)', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('THAMES');
    expect((await b.get('/api/company/get-config')).body.StudentTerm).toBe('Dancer');
    const db = t.runtime.ctx.db;
    const row = await db.selectFrom('companies').select(['id', 'settings']).where('code', '=', 'THAMES').executeTakeFirstOrThrow();
    try {
      await updateCompanySettings(db, row.id, { ...JSON.parse(row.settings), StudentTerm: 'Pupil' });
      expect((await b.get('/api/company/get-config')).body.StudentTerm).toBe('Pupil');
    } finally {
      await updateCompanySettings(db, row.id, JSON.parse(row.settings));
    }
    expect((await b.get('/api/company/get-config')).body.StudentTerm).toBe('Dancer');
  });

  it('get-config is the answer its schema describes, with an ETag: 304 while nothing changed, 200 after a settings or list change', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('THAMES');
    const first = await b.get('/api/company/get-config');
    expect(companyConfigSchema.strict().parse(first.body)).toEqual(first.body);
    expect(first.body).toEqual(await buildCompanyConfig(t.runtime.ctx, (await findCompanyByCode(t.runtime.ctx, 'THAMES'))!));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await b.call('GET', '/api/company/get-config', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    const db = t.runtime.ctx.db;
    const row = await db.selectFrom('companies').select(['id', 'settings']).where('code', '=', 'THAMES').executeTakeFirstOrThrow();
    try {
      await updateCompanySettings(db, row.id, { ...JSON.parse(row.settings), StudentTerm: 'Pupil' });
      const changed = await b.call('GET', '/api/company/get-config', undefined, { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.body.StudentTerm).toBe('Pupil');
    } finally {
      await updateCompanySettings(db, row.id, JSON.parse(row.settings));
    }
    const item = await db
      .insertInto('list_items')
      .values({ company_id: row.id, list_name: 'school', display_name: 'Written past the API', ocr_field_value_id: null, active: 1, sort_order: 999 })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const listed = await b.call('GET', '/api/company/get-config', undefined, { 'if-none-match': etag });
      expect(listed.status).toBe(200);
      expect(String(listed.headers.etag)).not.toBe(etag);
    } finally {
      await db.deleteFrom('list_items').where('id', '=', item.id).execute();
    }
    expect((await b.call('GET', '/api/company/get-config', undefined, { 'if-none-match': etag })).status).toBe(304);
  });

  it('without a company cookie, company calls answer 401 COMPANY_REQUIRED', async () => {
    const res = await new Browser(t.server).get('/api/company/get-config');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('COMPANY_REQUIRED');
  });

  it('an expired company session answers "Token Error"; refresh-company-token issues a new one', async () => {
    const b = new Browser(t.server);
    await b.signIn('SPLASH', 'parent@example.com');
    const before = b.cookies.get('portal_company');
    await t.runtime.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('kind', '=', 'company')
      .execute();
    const expired = await b.get('/api/notification?page=1&limit=5&status=All');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ code: 'TOKEN_ERROR', message: 'Token Error' });
    const refreshed = await b.post('/api/company/refresh-company-token');
    expect(refreshed.status).toBe(200);
    expect(b.cookies.get('portal_company')).not.toBe(before);
    // The customer stays signed in across the refresh.
    expect((await b.get('/api/notification?page=1&limit=5&status=All')).status).toBe(200);
  });

  it('refresh-company-token refuses a company whose portal was switched off', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('THAMES');
    const db = t.runtime.ctx.db;
    const row = await db.selectFrom('companies').select(['id', 'settings']).where('code', '=', 'THAMES').executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings);
    settings.switches.CustomerPortalActive = false;
    await updateCompanySettings(db, row.id, settings);
    try {
      const res = await b.post('/api/company/refresh-company-token');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('COMPANY_INACTIVE');
    } finally {
      await updateCompanySettings(db, row.id, JSON.parse(row.settings));
    }
  });

  it('refresh-company-token without a session is refused', async () => {
    const res = await new Browser(t.server).post('/api/company/refresh-company-token');
    expect(res.status).toBe(401);
  });

  it('company logout ends both sessions server-side', async () => {
    const b = new Browser(t.server);
    await b.signIn('SPLASH', 'parent@example.com');
    const stolen = new Map(b.cookies);
    expect((await b.post('/api/company/logout')).body).toEqual({ success: true });
    expect(b.cookies.size).toBe(0);
    const replay = new Browser(t.server);
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect((await replay.get('/api/company/get-config')).status).toBe(401);
    expect((await replay.get('/api/home/get-upcoming-classes')).status).toBe(401);
  });

  it('refuses unsafe calls from another site (CSRF)', async () => {
    const b = new Browser(t.server);
    const cross = await b.post('/api/company/login-by-code', { company_code: 'SPLASH' }, { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    expect(cross.body.code).toBe('CROSS_SITE');
    const origin = await b.post('/api/company/login-by-code', { company_code: 'SPLASH' }, { origin: 'https://evil.example', host: 'portal.test' });
    expect(origin.status).toBe(403);
    const opaque = await b.post('/api/company/login-by-code', { company_code: 'SPLASH' }, { origin: 'null' });
    expect(opaque.status).toBe(403);
    const same = await b.post('/api/company/login-by-code', { company_code: 'SPLASH' }, { origin: 'http://portal.test', host: 'portal.test', 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
  });

  it('ocr-profiles lists the company registration profiles', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    const res = await b.get<{ profiles: unknown[] }>('/api/classes/ocr-profiles');
    expect(res.status).toBe(200);
    expect(res.body.profiles.length).toBe(3);
    expect((res.body.profiles as { PageType: string }[]).map((p) => p.PageType)).toEqual(['SelectClasses', 'SelectClasses', 'NoClasses']);
  });

  it('every answer carries the security headers', async () => {
    const res = await new Browser(t.server).get('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // PUBLIC_URL is http here: no HSTS (http-hardening.test.ts covers https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('health and readiness', async () => {
    expect((await new Browser(t.server).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await new Browser(t.server).get('/readyz')).body).toEqual({ status: 'ready' });
  });

  it('unknown API paths answer a JSON 404; malformed JSON a 400, never a 500', async () => {
    const b = new Browser(t.server);
    const res = await b.get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    const bad = await t.server.inject({ method: 'POST', url: '/api/company/login-by-code', payload: '{"company_code":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ message: 'Invalid request', code: 'BAD_REQUEST' });
    const encoding = await t.server.inject({ method: 'GET', url: '/api/customer/check-if-changing-password/%E0%A4%A' });
    expect(encoding.statusCode).toBe(400);
    expect(JSON.parse(encoding.body)).toEqual({ message: 'Invalid request', code: 'BAD_REQUEST' });
  });
});
