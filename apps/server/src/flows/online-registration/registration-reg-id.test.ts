import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveFormConfiguration } from '../../modules/forms/form-config.service.ts';
import { Browser, changeCompanySettings, mailedCode, ownCompany, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';

const fresh = (name: string) => `${name}.${crypto.randomBytes(4).toString('hex')}@example.com`;

describe.each(testEngines())('N21: the Registration ID of a new family’s registration on %s', (engine) => {
  let t: TestApp;
  let code: string;
  let companyId: number;
  beforeAll(async () => {
    t = await startTestApp(engine);
    // A company of the test’s own, taking new families on one profile whose customer form shows the Registration ID.
    ({ code, companyId } = await ownCompany(t));
    await changeCompanySettings<{ switches: Record<string, boolean>; profiles: Record<string, unknown>[] }>(t, companyId, (s) => {
      s.switches.AllowOCR = true;
      s.switches.CanTakeNewSignUps = true;
      s.profiles = [{ OCRProfileID: 1, ProfileName: 'family', DisplayName: 'Family', PageType: 'NoClasses', SkipStudents: true }];
    });
    await saveFormConfiguration(t.runtime.ctx, companyId, { customer: { fields: [{ OCRFormFieldNameID: 4, State: 'Optional' }] }, student: { fields: [] } });
  });
  afterAll(() => t.close());

  const header = (token: string) => ({ 'x-registration-token': token });
  const lastDrawn = async () =>
    (await t.runtime.ctx.db.selectFrom('reg_id_sequences').select('last_value').where('company_id', '=', companyId).where('type', '=', 'customer').executeTakeFirst())?.last_value ?? 0;
  const asId = (n: number) => `C${String(n).padStart(6, '0')}`;
  /** A visitor who proved a fresh address: its browser, the registration’s token and the address. */
  const proved = async () => {
    const b = new Browser(t.server);
    await b.enterCompany(code);
    const email = fresh('family');
    const sent = await b.post<{ token: string }>('/api/ocr/send-code', { email });
    expect((await b.post('/api/ocr/verify-code', { token: sent.body.token, code: await mailedCode(t, email), profile: 1 })).status).toBe(200);
    return { b, email, token: sent.body.token };
  };
  const askFor = (b: Browser, token: string) => b.call<{ reg_id: string; code?: string }>('GET', '/api/customer/generate-reg-id?type=customer', undefined, header(token));
  const register = async (b: Browser, token: string, regId: string) => {
    const { agreements } = (await b.get<{ agreements: { AgreementID: number }[] }>('/api/customer/get-active-agreements?id=1')).body;
    return b.post<Record<string, unknown>>(
      '/api/ocr/register',
      {
        registration_token: token,
        profile: 1,
        customer: { FirstName: 'Ola', LastName: 'Berg', RegID: regId },
        students: [],
        agreements: agreements.map((a) => ({ agreementID: a.AgreementID, agreed: true })),
        marketing_opt_in: null,
      },
      { 'idempotency-key': crypto.randomBytes(12).toString('hex') },
    );
  };

  it('is drawn once: the form shown again and again answers the same number, and the next family takes the very next one', async () => {
    const before = await lastDrawn();
    const one = await proved();
    const shown = [await askFor(one.b, one.token), await askFor(one.b, one.token), await askFor(one.b, one.token)];
    expect(shown.map((r) => [r.status, r.body.reg_id])).toEqual([
      [200, asId(before + 1)],
      [200, asId(before + 1)],
      [200, asId(before + 1)],
    ]);
    const two = await proved();
    expect((await askFor(two.b, two.token)).body.reg_id).toBe(asId(before + 2));
    expect(await lastDrawn()).toBe(before + 2);
  });

  it('asked again and again at once (the form shown in several tabs), is drawn once: every answer carries the same number, and no other family or customer can take it', async () => {
    const before = await lastDrawn();
    const one = await proved();
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => askFor(one.b, one.token)));
    expect(answers.map((r) => [r.status, r.body.reg_id])).toEqual(answers.map(() => [200, asId(before + 1)]));
    expect(await lastDrawn()).toBe(before + 1);
    const drawn = asId(before + 1);
    // Another family’s registration draws the next number and cannot register with this one.
    const two = await proved();
    expect((await askFor(two.b, two.token)).body.reg_id).toBe(asId(before + 2));
    const taken = await register(two.b, two.token, drawn);
    expect([taken.status, taken.body.errors]).toEqual([422, [{ field: 'customer.RegID', message: 'Registration ID cannot be changed' }]]);
    // Nor can a signed-in customer without one save it in My details.
    const other = await registerCustomer(t, { email: fresh('other'), company: code });
    const details = (await other.browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client;
    expect((await other.browser.post('/api/customer/update-details', { ...details, RegID: drawn })).status).toBe(422);
    expect((await register(one.b, one.token, drawn)).status).toBe(200);
  });

  it('registers the family with its own number only, never another registration’s', async () => {
    const one = await proved();
    const two = await proved();
    const mine = (await askFor(one.b, one.token)).body.reg_id;
    const theirs = (await askFor(two.b, two.token)).body.reg_id;
    const taken = await register(one.b, one.token, theirs);
    expect([taken.status, taken.body.errors]).toEqual([422, [{ field: 'customer.RegID', message: 'Registration ID cannot be changed' }]]);
    expect((await register(one.b, one.token, mine)).status).toBe(200);
    const client = await t.runtime.ctx.db.selectFrom('clients').select('reg_id').where('company_id', '=', companyId).where('email', '=', one.email).executeTakeFirstOrThrow();
    expect(client.reg_id).toBe(mine);
  });

  it('is refused, drawing nothing, for a registration no longer open', async () => {
    const b = new Browser(t.server);
    await b.enterCompany(code);
    const before = await lastDrawn();
    const res = await askFor(b, 'not-a-registration-token');
    expect([res.status, res.body.code]).toEqual([422, 'REGISTRATION_EXPIRED']);
    expect(await lastDrawn()).toBe(before);
  });

  it('is not taken by a customer saving it in My details while its registration is under way', async () => {
    const one = await proved();
    const drawn = (await askFor(one.b, one.token)).body.reg_id;
    // A signed-in customer of the company without an id, asking for the registration's number by hand.
    const other = await registerCustomer(t, { email: fresh('other'), company: code });
    const mine = (await other.browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client;
    const taken = await other.browser.post<{ errors?: unknown }>('/api/customer/update-details', { ...mine, RegID: drawn });
    expect([taken.status, taken.body.errors]).toEqual([422, [{ field: 'RegID', message: 'Registration ID cannot be changed' }]]);
    expect((await register(one.b, one.token, drawn)).status).toBe(200);
  });
});
