import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FORM_FIELDS, STUDENT_FIELDS, type FormFieldsAnswer } from '@portal/shared/form-config';
import { repoRoot } from '../../config/env.ts';
import { Browser, ownCompany, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { importCompanyBundle } from '../import/import.service.ts';
import { saveFormConfiguration } from './form-config.service.ts';

describe.each(testEngines())('form-field configuration on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function formFields(code: string, url: string) {
    const b = new Browser(t.server);
    await b.enterCompany(code);
    return b.get<FormFieldsAnswer>(url);
  }

  it('needs a company session', async () => {
    for (const url of ['/api/customer/get-form-fields', '/api/student/get-form-fields']) {
      const res = await new Browser(t.server).get(url);
      expect(res.status).toBe(401);
    }
  });

  it('answers the student fields 15–29 by id and name, with custom fields of all four types', async () => {
    const res = await formFields('SPLASH', '/api/student/get-form-fields');
    expect(res.status).toBe(200);
    expect(res.body.fields.map((f) => [f.OCRFormFieldNameID, f.field_name.OCRFormFieldName])).toEqual(STUDENT_FIELDS.map((f) => [f.id, f.name]));
    expect(res.body.fields.find((f) => f.OCRFormFieldNameID === 21)?.State).toBe('Hidden');
    expect(res.body.custom_fields.map((f) => f.custom_field.FieldType).sort()).toEqual([0, 1, 2, 3]);
    const capSize = res.body.custom_fields.find((f) => f.CustomFieldID === 202)!;
    expect(capSize).toMatchObject({ Enabled: true, Mandatory: false, DefaultItemID: 2, custom_field: { FieldName: 'Swim cap size' } });
    expect(capSize.custom_field.custom_field_options).toEqual([
      { value: 1, label: 'Small' },
      { value: 2, label: 'Medium' },
      { value: 3, label: 'Large' },
    ]);
  });

  it('answers the customer fields 1–14 of the company', async () => {
    const res = await formFields('SPLASH', '/api/customer/get-form-fields');
    expect(res.status).toBe(200);
    expect(res.body.fields.map((f) => f.OCRFormFieldNameID)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(res.body.fields.find((f) => f.field_name.OCRFormFieldName === 'mobilePhone')?.State).toBe('Mandatory');
    expect(res.body.custom_fields.map((f) => f.CustomFieldID)).toEqual([101, 102, 103, 104]);
    // A marketing preference is the family's to choose: the demo sets none for them.
    const newsletter = res.body.custom_fields.find((f) => f.CustomFieldID === 102)!;
    expect(newsletter).toMatchObject({ DefaultItemID: null, custom_field: { FieldName: 'Newsletter' } });
  });

  it("answers the company's own names for renamed fields", async () => {
    const res = await formFields('ACE', '/api/student/get-form-fields');
    expect(res.body.fields.find((f) => f.OCRFormFieldNameID === 15)).toMatchObject({ State: 'Mandatory', DisplayName: 'Player first name' });
    const customer = await formFields('ACE', '/api/customer/get-form-fields');
    expect(customer.body.fields.find((f) => f.OCRFormFieldNameID === 9)).toMatchObject({ DisplayName: 'Cell phone' });
  });

  it('answers the default forms for a company that configured none (U16)', async () => {
    const own = await ownCompany(t);
    const student = await formFields(own.code, '/api/student/get-form-fields');
    expect(student.status).toBe(200);
    expect(student.body).toEqual(DEFAULT_FORM_FIELDS.student);
    const customer = await formFields(own.code, '/api/customer/get-form-fields');
    expect(customer.body).toEqual(DEFAULT_FORM_FIELDS.customer);
  });

  it("answers a registration profile's own form, the company's for any other profile", async () => {
    const own = await ownCompany(t);
    await saveFormConfiguration(t.runtime.ctx, own.companyId, {
      student: {
        fields: [
          { OCRFormFieldNameID: 15, State: 'Mandatory' },
          { OCRFormFieldNameID: 16, State: 'Mandatory' },
          { OCRFormFieldNameID: 26, State: 'Optional' },
        ],
      },
      profiles: [
        {
          OCRProfileID: 7,
          student: {
            fields: [
              { OCRFormFieldNameID: 15, State: 'Mandatory' },
              { OCRFormFieldNameID: 16, State: 'Mandatory' },
              { OCRFormFieldNameID: 26, State: 'Mandatory' },
            ],
          },
        },
      ],
    });
    const school = (body: FormFieldsAnswer) => body.fields.find((f) => f.OCRFormFieldNameID === 26)?.State;
    expect(school((await formFields(own.code, '/api/student/get-form-fields?id=7')).body)).toBe('Mandatory');
    expect(school((await formFields(own.code, '/api/student/get-form-fields?id=8')).body)).toBe('Optional');
    expect(school((await formFields(own.code, '/api/student/get-form-fields')).body)).toBe('Optional');
    // No customer form configured at all: the default one.
    expect((await formFields(own.code, '/api/customer/get-form-fields?id=7')).body).toEqual(DEFAULT_FORM_FIELDS.customer);
  });

  it('refuses a profile id that is not one', async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await formFields('SPLASH', `/api/student/get-form-fields?id=${id}`);
      expect(res.status, id).toBe(400);
    }
  });

  it('refuses a bundle whose form configuration is wrong, with the path, and writes nothing', async () => {
    const bundle = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'company-bundle.example.json'), 'utf8')) as Record<string, unknown> & {
      company: { code: string; customer_id: number };
    };
    bundle.company.code = `F${randomBytes(4).toString('hex').toUpperCase()}`;
    bundle.company.customer_id = 200_000 + randomBytes(2).readUInt16BE(0);
    bundle.form_configuration = {
      student: {
        fields: [
          { OCRFormFieldNameID: 15, State: 'Hidden' },
          { OCRFormFieldNameID: 3, State: 'Optional' },
        ],
        custom_fields: [{ CustomFieldID: 1, custom_field: { FieldName: 'Size', FieldType: 1 } }],
      },
    };
    await expect(importCompanyBundle(t.runtime.ctx.db, bundle)).rejects.toMatchObject({
      issues: expect.arrayContaining([
        { path: 'form_configuration.student.fields.0.State', message: 'First and last name are always mandatory' },
        { path: 'form_configuration.student.fields.1.OCRFormFieldNameID', message: 'Not a student field id' },
        { path: 'form_configuration.student.custom_fields.0.custom_field.custom_field_options', message: 'A drop-down field needs at least one option' },
      ]),
    });
    const b = new Browser(t.server);
    const res = await b.post('/api/company/login-by-code', { company_code: bundle.company.code });
    expect(res.status).not.toBe(200);
  });
});
