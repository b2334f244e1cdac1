import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerRecord } from '@portal/shared/my-details-schemas';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import { ifMatchVersion } from '@portal/shared/api-schemas';
import { mailedCode, registerCustomer, startTestApp, testEngines, type Browser, type TestApp } from '../../test/api-harness.ts';

/** Two tabs (or the account holder and a co-parent) saving My details filled from the same version (decision 145). */
describe.each(testEngines())('the account details version on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function family(): Promise<{ b: Browser; record: CustomerRecord }> {
    const { browser: b } = await registerCustomer(t, { email: `details.${crypto.randomBytes(4).toString('hex')}@example.com` });
    return { b, record: (await b.get<{ client: CustomerRecord }>('/api/customer/get-details')).body.client };
  }
  const save = (b: Browser, record: CustomerRecord, changes: Partial<CustomerRecord>, version = record.Version) =>
    b.post<{ updatedClient: CustomerRecord; code?: string; message?: string }>('/api/customer/update-details', { ...record, ...changes }, ifMatchVersion(version));

  it('the second save from one version is refused with 412 and writes nothing; a save from the version read again goes through', async () => {
    const { b, record } = await family();
    const first = await save(b, record, { Notes: 'Collects on Fridays' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.updatedClient.Version).toBe(record.Version + 1);
    const second = await save(b, record, { FirstName: 'Tessa' });
    expect([second.status, second.body.code, second.body.message]).toEqual([412, 'RECORD_CHANGED', ERROR_MESSAGES.RECORD_CHANGED]);
    const stored = (await b.get<{ client: CustomerRecord }>('/api/customer/get-details')).body.client;
    expect([stored.FirstName, stored.Notes]).toEqual(['Tess', 'Collects on Fridays']);
    const third = await save(b, stored, { FirstName: 'Tessa' });
    expect([third.status, third.body.updatedClient.FirstName, third.body.updatedClient.Notes]).toEqual([200, 'Tessa', 'Collects on Fridays']);
  });

  it('a new sign-in address confirmed moves the version: a form filled before it is refused, and mails no code to the old address', async () => {
    const { b, record } = await family();
    const moved = `moved.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const asked = await save(b, record, { Email: moved });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const token = (asked.body as { emailToken?: string }).emailToken;
    expect((await b.post('/api/customer/confirm-email-change', { email_token: token, email_code: await mailedCode(t, moved) })).status).toBe(200);
    const stale = await save(b, asked.body.updatedClient, { Notes: 'From a tab opened before' });
    expect([stale.status, stale.body.code]).toEqual([412, 'RECORD_CHANGED']);
    expect((await b.get<{ client: CustomerRecord }>('/api/customer/get-details')).body.client).toMatchObject({ Email: moved, Notes: null });
  });

  it('two saves from one version at the same instant: one is kept whole, the other refused', async () => {
    const { b, record } = await family();
    const answers = await Promise.all([save(b, record, { Notes: 'Mum collects', PhoneMobile: '0411111111' }), save(b, record, { Notes: 'Dad collects', PhoneMobile: '0422222222' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const stored = (await b.get<{ client: CustomerRecord }>('/api/customer/get-details')).body.client;
    expect([
      ['Mum collects', '0411111111'],
      ['Dad collects', '0422222222'],
    ]).toContainEqual([stored.Notes, stored.PhoneMobile]);
    expect(stored.Version).toBe(record.Version + 1);
  });
});
