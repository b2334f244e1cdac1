import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityAnswer } from '@portal/shared/activity-schemas';
import type { CompanyConfig, ListItem } from '@portal/shared/company-config';
import type { FormFieldsAnswer } from '@portal/shared/form-config';
import { Browser, registerCustomer, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { classesWithSessionsAhead, customerWithInvoices, idempotencyKey, newStudent, TEST_CARDS, tokenise } from '../../test/payment-fixtures.ts';
import { deviceOf } from './activity.service.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('a device as a family reads it', () => {
  it('names the browser and the system', () => {
    expect(deviceOf(IPHONE)).toBe('Safari on iPhone');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')).toBe('Chrome on Windows');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Gecko/20100101 Firefox/127.0')).toBe('Firefox on Mac');
    expect(deviceOf(undefined)).toBe('a browser on an unknown system');
  });
});

/** Issue 24 §3, decision 098: every change to a family's data, who made it, when and what changed. */
describe.each(testEngines())('the activity log on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());
  const db = () => t.runtime.ctx.db;
  const log = async (b: Browser) => (await b.get<ActivityAnswer>('/api/customer/activity')).body.entries;

  it('begins a new family’s log with the account created', async () => {
    const family = await registerCustomer(t, { email: `created.${Date.now().toString(36)}@example.com` });
    const entries = await log(family.browser);
    expect(entries.at(-1)).toMatchObject({ kind: 'account', actor: 'family', summary: 'Created the account', changes: [] });
    expect(entries.filter((e) => e.summary === 'Created the account')).toHaveLength(1);
  });

  it('records details, password, a student, a purchase and its payment, with the fields that changed and never a secret', async () => {
    const f = await customerWithInvoices(t, []);
    const studentId = await newStudent(t, f.companyId, f.clientId, 'Ada');

    const details = (await f.browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client;
    const saved = await f.browser.post('/api/customer/update-details', { ...details, PhoneMobile: '0412000111', Suburb: 'Bondi' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const newPassword = 'Reef#Shark2031';
    expect((await f.browser.post('/api/customer/change-password', { current_password: f.password, password: newPassword, confirm_password: newPassword })).status).toBe(200);
    const record = (await f.browser.get<Record<string, unknown>>(`/api/student/${studentId}`)).body;
    const renamed = await f.browser.post(`/api/student/update/${studentId}`, { ...record, FirstName: 'Adaline' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const [classId] = (await classesWithSessionsAhead(t, f.companyId)) as [number];
    await db().updateTable('classes').set({ capacity: 50 }).where('id', '=', classId).execute();
    const paid = await f.browser.post<{ status: string; receiptNo: string }>(
      '/api/payment/checkout',
      { classItems: [{ ClassID: classId, StudentID: studentId }], cardToken: await tokenise(f.browser, TEST_CARDS.ok) },
      { 'idempotency-key': idempotencyKey() },
    );
    expect(paid.body.status).toBe('completed');

    const entries = await log(f.browser);
    const kinds = entries.map((e) => e.kind);
    // Newest first: the payment, what it bought, the student, the password, the details.
    expect(kinds.slice(0, 5)).toEqual(['payment', 'enrolment', 'student', 'password', 'details']);
    expect(entries[0]!.summary).toMatch(new RegExp(`^Paid \\$[\\d.]+ for invoice \\S+ \\(receipt ${paid.body.receiptNo}\\)$`));
    expect(entries[1]!.summary).toMatch(/^Enrolled: Adaline Test: /);
    expect(entries[2]).toMatchObject({ actor: 'family', summary: "Changed Ada's details", changes: [{ field: 'FirstName', from: 'Ada', to: 'Adaline' }] });
    expect(entries[3]).toMatchObject({ summary: 'Changed the password; other devices were signed out', changes: [] });
    expect(entries[4]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'PhoneMobile', from: (details.PhoneMobile as string) || null, to: '0412000111' },
        { field: 'Suburb', from: (details.Suburb as string) || null, to: 'Bondi' },
      ]),
    );
    for (const e of entries) expect(Date.parse(e.at)).toBeLessThanOrEqual(Date.now());

    // No password, card number or token is ever written to the log.
    const everything = JSON.stringify(await db().selectFrom('activity_log').selectAll().where('client_id', '=', f.clientId).execute());
    for (const secret of [f.password, newPassword, TEST_CARDS.ok, '4242']) expect(everything).not.toContain(secret);
  });

  it('names a student’s changes by the form’s keys, one per question answered, with the values the form sends', async () => {
    const f = await customerWithInvoices(t, []);
    const studentId = await newStudent(t, f.companyId, f.clientId, 'Ada');
    const config = (await f.browser.get<CompanyConfig>('/api/company/get-config')).body;
    const fields = (await f.browser.get<FormFieldsAnswer>('/api/student/get-form-fields')).body;
    const [asthma, epilepsy] = config.lists.medical_conditions as [ListItem, ListItem];
    const school = config.lists.school[0]!;
    const cap = fields.custom_fields.find((c) => c.custom_field.FieldType === 1)!;
    const yesNo = fields.custom_fields.find((c) => c.custom_field.FieldType === 3)!;
    const option = cap.custom_field.custom_field_options.at(-1)!;
    const record = (await f.browser.get<Record<string, unknown>>(`/api/student/${studentId}`)).body;
    const saved = await f.browser.post(`/api/student/update/${studentId}`, {
      ...record,
      MedicalConditionIDs: `${epilepsy.FieldValueID},${asthma.FieldValueID}`,
      PendingDays: '3,1',
      SchoolID: school.FieldValueID,
      custom_field_values: [
        { CustomFieldID: cap.CustomFieldID, FieldValue: String(option.value) },
        { CustomFieldID: yesNo.CustomFieldID, FieldValue: 'N' },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const [entry] = await log(f.browser);
    expect(entry).toMatchObject({ kind: 'student', summary: "Changed Ada's details" });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: 'MedicalConditionIDs', from: null, to: [asthma.FieldValueID, epilepsy.FieldValueID].sort((a, b) => a - b).join(',') },
        { field: 'PendingDays', from: null, to: '1,3' },
        { field: 'SchoolID', from: null, to: String(school.FieldValueID) },
        { field: `custom_field_${cap.CustomFieldID}`, from: null, to: String(option.value) },
        { field: `custom_field_${yesNo.CustomFieldID}`, from: null, to: 'N' },
      ]),
    );
    // Each question is a change of its own: no list of every answer as one value.
    expect(entry!.changes.filter((c) => [c.from, c.to].some((v) => v?.startsWith('[')))).toEqual([]);

    // Answering one question again names only that one.
    const again = (await f.browser.get<{ custom_field_values: { CustomFieldID: number }[] }>(`/api/student/${studentId}`)).body;
    const answers = again.custom_field_values.map((v) => (v.CustomFieldID === yesNo.CustomFieldID ? { ...v, FieldValue: 'Y' } : v));
    expect((await f.browser.post(`/api/student/update/${studentId}`, { ...again, custom_field_values: answers })).status).toBe(200);
    expect((await log(f.browser))[0]!.changes).toEqual([{ field: `custom_field_${yesNo.CustomFieldID}`, from: 'N', to: 'Y' }]);
  });

  it('logs an answer to one of the company’s own questions on the account details, by its key', async () => {
    const f = await customerWithInvoices(t, []);
    const fields = (await f.browser.get<FormFieldsAnswer>('/api/customer/get-form-fields')).body;
    const select = fields.custom_fields.find((c) => c.custom_field.FieldType === 1)!;
    const [first, second] = select.custom_field.custom_field_options as [{ value: number; label: string }, { value: number; label: string }];
    const details = (await f.browser.get<{ client: Record<string, unknown> }>('/api/customer/get-details')).body.client;
    const answer = async (value: number) => {
      const saved = await f.browser.post('/api/customer/update-details', { ...details, CustomFieldValues: [{ CustomFieldID: select.CustomFieldID, FieldValue: String(value) }] });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await answer(first.value);
    await answer(second.value);
    const [latest] = await log(f.browser);
    expect(latest).toMatchObject({ kind: 'details', summary: 'Changed the account details' });
    expect(latest!.changes).toEqual([{ field: `custom_field_${select.CustomFieldID}`, from: String(first.value), to: String(second.value) }]);
  });

  it('logs a sign-in from a device the family has not used before, once per device', async () => {
    const f = await customerWithInvoices(t, []);
    const signIn = async (userAgent: string) => {
      const b = new Browser(t.server);
      await b.enterCompany('SPLASH');
      const res = await b.post('/api/customer/login', { email: f.email, password: f.password }, { 'user-agent': userAgent });
      expect(res.status).toBe(200);
      return b;
    };
    const phone = await signIn(IPHONE);
    await signIn(IPHONE);
    const signIns = (await log(phone)).filter((e) => e.kind === 'sign_in').map((e) => e.summary);
    expect(signIns.filter((s) => s === 'Signed in on a new device: Safari on iPhone')).toHaveLength(1);
  });

  it('is the family’s own, and cannot be changed from the portal', async () => {
    const one = await customerWithInvoices(t, []);
    const two = await customerWithInvoices(t, []);
    await one.browser.post('/api/customer/deletion-request');
    expect((await log(one.browser)).map((e) => e.summary)).toContain('Asked for the account to be deleted');
    expect((await log(two.browser)).map((e) => e.summary)).not.toContain('Asked for the account to be deleted');
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) expect((await one.browser.call(method, '/api/customer/activity', {})).status).toBe(404);
    expect((await new Browser(t.server).get('/api/customer/activity')).status).toBeGreaterThanOrEqual(400);
  });
});
