import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config/env.ts';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { importCompanyBundle } from '../import/import.service.ts';
import { saveFormConfiguration } from '../forms/form-config.service.ts';

const LOCATIONS = [
  { Suburb: 'Bondi', State: 'NSW', Postcode: '2026' },
  { Suburb: 'Richmond', State: 'VIC', Postcode: '3121' },
  { Suburb: 'Richmond', State: 'NSW', Postcode: '2753' },
];

/** The example bundle under a fresh code, with locations that have postcodes (or the switch off). */
async function companyWithLocations(t: TestApp, locationsHavePostcodes: boolean) {
  const code = `L${randomBytes(4).toString('hex').toUpperCase()}`;
  const email = `jo.${code.toLowerCase()}@example.com`;
  const bundle = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'company-bundle.example.json'), 'utf8')) as {
    company: { code: string; customer_id: number; config: Record<string, unknown> };
    customers: { email: string }[];
  };
  bundle.company.code = code;
  bundle.company.customer_id = 100_000 + randomBytes(3).readUIntBE(0, 3);
  bundle.company.config.LocationsHavePostcodes = locationsHavePostcodes;
  bundle.company.config.locations = LOCATIONS;
  bundle.customers[0]!.email = email;
  const { companyId } = await importCompanyBundle(t.runtime.ctx.db, bundle);
  await saveFormConfiguration(t.runtime.ctx, companyId, {
    customer: { fields: [{ OCRFormFieldNameID: 5, State: 'Mandatory' }] },
    student: {
      fields: [
        { OCRFormFieldNameID: 17, State: 'Optional' },
        { OCRFormFieldNameID: 22, State: 'Optional' },
      ],
    },
  });
  const browser = new Browser(t.server);
  await browser.signIn(code, email, 'Harbour#2026');
  return browser;
}

type Client = Record<string, unknown>;

describe.each(testEngines())('postcode from the chosen location (C19, E16) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const address = { Address1: '1 Beach Rd', Suburb: 'bondi', State: 'NSW', Postcode: '9999' };

  it("get-config answers the company's locations", async () => {
    const b = await companyWithLocations(t, true);
    const res = await b.get<{ LocationsHavePostcodes: boolean; locations: unknown }>('/api/company/get-config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ LocationsHavePostcodes: true, locations: LOCATIONS });
  });

  it("update-details stores the location's postcode instead of the one sent, and the sent one for no location", async () => {
    const b = await companyWithLocations(t, true);
    const before = (await b.get<{ client: Client }>('/api/customer/get-details')).body.client;
    const res = await b.post<{ updatedClient: Client }>('/api/customer/update-details', { ...before, ...address });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updatedClient).toMatchObject({ Suburb: 'bondi', State: 'NSW', Postcode: '2026' });
    const other = await b.post<{ updatedClient: Client }>('/api/customer/update-details', { ...before, ...address, Suburb: 'Coogee', Postcode: '2034' });
    expect(other.body.updatedClient).toMatchObject({ Suburb: 'Coogee', Postcode: '2034' });
    // The location's postcode also satisfies a mandatory postcode left empty.
    const empty = await b.post<{ updatedClient: Client }>('/api/customer/update-details', { ...before, ...address, Suburb: 'Richmond', State: 'VIC', Postcode: '' });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.updatedClient).toMatchObject({ Postcode: '3121' });
  });

  it("student add stores the location's postcode instead of the one sent", async () => {
    const b = await companyWithLocations(t, true);
    // The customer's own address first: the form now requires it (an UpdateProfile sign-in action).
    const before = (await b.get<{ client: Client }>('/api/customer/get-details')).body.client;
    expect((await b.post('/api/customer/update-details', { ...before, ...address })).status).toBe(200);
    const res = await b.post<{ student: Client }>('/api/student/add', {
      FirstName: 'Zoe',
      LastName: 'Bennett',
      DOB: '2019-01-01',
      AddrSameAsClient: false,
      ...address,
      Suburb: 'Richmond',
      State: 'NSW',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.student).toMatchObject({ Suburb: 'Richmond', State: 'NSW', Postcode: '2753' });
  });

  it('keeps the postcode sent when LocationsHavePostcodes is off', async () => {
    const b = await companyWithLocations(t, false);
    const before = (await b.get<{ client: Client }>('/api/customer/get-details')).body.client;
    const res = await b.post<{ updatedClient: Client }>('/api/customer/update-details', { ...before, ...address });
    expect(res.status).toBe(200);
    expect(res.body.updatedClient).toMatchObject({ Postcode: '9999' });
  });
});
