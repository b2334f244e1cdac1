import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Barcode, BarcodeAnswer, BarcodesAnswer } from '@portal/shared/barcode-schemas';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { importCompanyBundle, BundleValidationError } from '../import/import.api.ts';
import { demoBundles } from '../../seed/demo-bundles.ts';

describe.each(testEngines())('barcode calls on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const signedIn = async (code: string, email: string, clientIndex = 0) => {
    const b = new Browser(t.server);
    const { user } = await b.signIn(code, email, undefined, clientIndex);
    return { b, user: user as unknown as { total_barcodes: number } };
  };

  it("Q3: get-barcodes answers the client's own card and each student's, drawn as SVG, holder named", async () => {
    const { b, user } = await signedIn('SPLASH', 'parent@example.com');
    const res = await b.get<BarcodesAnswer>('/api/customer/get-barcodes');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.total_barcodes).toBe(3);
    expect(user.total_barcodes).toBe(3);
    expect(res.body.barcodes.map((c: Barcode) => [c.HolderName, c.Code, c.Symbology, c.Label, c.StudentID === null])).toEqual([
      ['Sarah Mitchell', 'SPL-FAM-1001', 'qrcode', 'Family account', true],
      ['Ella Mitchell', 'SPL1001-48213', 'code128', 'Entry card', false],
      ['Noah Mitchell', 'SPL1001-48214', 'code128', 'Entry card', false],
    ]);
    for (const card of res.body.barcodes) {
      expect(card.Svg).toMatch(/^<svg viewBox="0 0 \d+ \d+" xmlns="http:\/\/www.w3.org\/2000\/svg">/);
      expect(card.Svg).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('answers 304 to a browser that holds the same cards, and 200 again when it holds another', async () => {
    const { b } = await signedIn('SPLASH', 'parent@example.com');
    const first = await b.get('/api/customer/get-barcodes');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await b.call('GET', '/api/customer/get-barcodes', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    const other = await b.call('GET', '/api/customer/get-barcodes', undefined, { 'if-none-match': 'W/"stale"' });
    expect(other.status).toBe(200);
  });

  it("get-barcode/{id} answers one of the client's cards; another client's or another company's is a 404", async () => {
    const { b } = await signedIn('SPLASH', 'parent@example.com');
    const own = (await b.get<BarcodesAnswer>('/api/customer/get-barcodes')).body.barcodes[1]!;
    const one = await b.get<BarcodeAnswer>(`/api/customer/get-barcode/${own.BarcodeID}`);
    expect(one.status).toBe(200);
    expect(one.body.barcode).toEqual(own);

    // Another client of the same company (family@'s James) and another company (parent@ at ACE).
    const { b: james } = await signedIn('SPLASH', 'family@example.com');
    const jamesCard = (await james.get<BarcodesAnswer>('/api/customer/get-barcodes')).body.barcodes[0]!;
    expect(jamesCard.HolderName).toBe('Mia Carter');
    const { b: ace } = await signedIn('ACE', 'parent@example.com');
    const aceCard = (await ace.get<BarcodesAnswer>('/api/customer/get-barcodes')).body.barcodes[0]!;
    for (const id of [jamesCard.BarcodeID, aceCard.BarcodeID, 2_000_000_000]) {
      const res = await b.get(`/api/customer/get-barcode/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
    expect((await b.get('/api/customer/get-barcode/abc')).status).toBe(400);
  });

  it('a customer without barcodes gets an empty list; a guest gets 401', async () => {
    const { b, user } = await signedIn('SPLASH', 'family@example.com', 1);
    expect(user.total_barcodes).toBe(0);
    expect((await b.get<BarcodesAnswer>('/api/customer/get-barcodes')).body).toMatchObject({ total_barcodes: 0, barcodes: [] });
    const guest = new Browser(t.server);
    await guest.enterCompany('SPLASH');
    expect((await guest.get('/api/customer/get-barcodes')).status).toBe(401);
    expect((await guest.get('/api/customer/get-barcode/1')).status).toBe(401);
  });

  it('the bundle refuses a barcode its symbology cannot draw, a duplicate, and a student of another client', async () => {
    const bundle = structuredClone(demoBundles()[0]) as {
      company: { code: string; customer_id: number };
      customers: { clients: { barcodes: unknown[] }[] }[];
    };
    bundle.company.code = 'BARCODEBAD';
    bundle.company.customer_id = 77_001;
    bundle.customers[0]!.clients[0]!.barcodes = [
      { code: '12345', symbology: 'ean13' },
      { code: 'lower case', symbology: 'code39' },
      { code: 'SPL1001-48213', student: 'mia' },
      { code: 'SPL1001-48213' },
    ];
    const err = await importCompanyBundle(t.runtime.ctx.db, bundle).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BundleValidationError);
    const issues = (err as BundleValidationError).issues.map((i) => `${i.path}: ${i.message}`);
    const at = 'customers.0.clients.0.barcodes';
    expect(issues).toEqual(
      expect.arrayContaining([
        `${at}.0.code: Cannot be drawn as ean13: EAN-13 must be 12 or 13 digits`,
        expect.stringMatching(new RegExp(`^${at}\\.1\\.code: Cannot be drawn as code39: `)),
        `${at}.2.student: Unknown student "mia" (not a student of client "sarah")`,
        `${at}.3.code: Duplicate barcode "SPL1001-48213"`,
      ]),
    );
    bundle.customers[0]!.clients[0]!.barcodes = [{ code: 'X', symbology: 'aztec' }];
    const unknown = await importCompanyBundle(t.runtime.ctx.db, bundle).catch((e: unknown) => e);
    expect((unknown as BundleValidationError).issues.map((i) => i.path)).toEqual([`${at}.0.symbology`]);
  });
});
