// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ActivityAnswer } from '@portal/shared/activity-schemas';
import { customerFormFieldsSchema, studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { ActivityLog } from './activity-log';

installMockServer();
afterEach(cleanup);

/** The activity log's one page, with these entries. */
const logOf = (entries: ActivityAnswer['entries']) => http.get<never, never, ActivityAnswer>('/api/customer/activity', () => HttpResponse.json({ current_page: 1, total_pages: 1, entries }));

describe('ActivityLog (decision 098)', () => {
  it('says what it records in the company’s words, bookings only where the company takes them', async () => {
    server.use(
      logOf([]),
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [] }))),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(studentFormFieldsSchema.parse({ fields: [] }))),
    );
    renderRoute(<ActivityLog />, { url: '/hub/settings/security', config: formTestConfig({ StudentTerm: 'Dancer', ShowBookingsTab: false }) });
    expect(await screen.findByText('Every change to your family’s details, dancers, classes, payments and agreements, and sign-ins from a new device.')).toBeTruthy();
    cleanup();
    renderRoute(<ActivityLog />, { url: '/hub/settings/security', config: formTestConfig({ StudentTerm: 'Player', ShowBookingsTab: true }) });
    expect(await screen.findByText(/^Every change to your family’s details, players, classes, bookings, payments/)).toBeTruthy();
  });

  it('names each change in the company’s words for the field, not its key', async () => {
    server.use(
      logOf([
        { at: '2026-11-20T01:15:00.000Z', actor: 'family', kind: 'details', summary: 'Changed the account details', changes: [{ field: 'Email2', from: null, to: 'sarah@work.example' }] },
        { at: '2026-11-19T01:15:00.000Z', actor: 'family', kind: 'student', summary: 'Changed Ella’s details', changes: [{ field: 'FirstName', from: 'Ela', to: 'Ella' }] },
      ]),
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 13, State: 'Optional' }] }))),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () =>
        HttpResponse.json(studentFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 15, State: 'Mandatory', DisplayName: 'Given name' }] })),
      ),
    );
    renderRoute(<ActivityLog />, { url: '/hub/settings/security', config: formTestConfig() });
    expect(await screen.findByText('Secondary email: (empty) → sarah@work.example')).toBeTruthy();
    expect(await screen.findByText('Given name: Ela → Ella')).toBeTruthy();
  });

  it('says a student’s chosen items, days, answers and dates in words, as the form shows them', async () => {
    server.use(
      logOf([
        {
          at: '2026-11-20T01:15:00.000Z',
          actor: 'family',
          kind: 'student',
          summary: 'Changed Ella’s details',
          changes: [
            { field: 'DOB', from: '2017-03-14', to: '2017-03-15' },
            { field: 'MedicalConditionIDs', from: '1', to: '1,3' },
            { field: 'SchoolID', from: null, to: '20' },
            { field: 'PendingDays', from: '6', to: '1,3,6' },
            { field: 'custom_field_202', from: '1', to: '3' },
            { field: 'custom_field_204', from: 'Y', to: 'N' },
          ],
        },
      ]),
      http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(customerFormFieldsSchema.parse({ fields: [] }))),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () =>
        HttpResponse.json(
          studentFormFieldsSchema.parse({
            fields: [17, 24, 26, 29].map((id) => ({ OCRFormFieldNameID: id, State: 'Optional' })),
            custom_fields: [
              {
                CustomFieldID: 202,
                DisplayName: 'Swim cap size',
                custom_field: { FieldName: 'Cap', FieldType: 1, custom_field_options: [1, 2, 3].map((value) => ({ value, label: ['Small', 'Medium', 'Large'][value - 1]! })) },
              },
              { CustomFieldID: 204, DisplayName: 'Happy to put face in the water', custom_field: { FieldName: 'Face', FieldType: 3 } },
            ],
          }),
        ),
      ),
    );
    const lists = {
      medical_conditions: ['Asthma', 'Anaphylaxis', 'Epilepsy'].map((DisplayName, i) => ({ FieldValueID: i + 1, DisplayName, OCRFieldValueID: null })),
      referral_sources: [],
      school: [{ FieldValueID: 20, DisplayName: 'Waverley College', OCRFieldValueID: null }],
      venues: [],
      standards: [],
    };
    const base = formTestConfig();
    renderRoute(<ActivityLog />, { url: '/hub/settings/security', config: formTestConfig({ lists, localization: { ...base.localization, DateFormat: 'dd/MM/yyyy' } }) });
    expect(await screen.findByText('Date of birth: 14/03/2017 → 15/03/2017')).toBeTruthy();
    expect(screen.getByText('Medical conditions: Asthma → Asthma, Epilepsy')).toBeTruthy();
    expect(screen.getByText('School: (empty) → Waverley College')).toBeTruthy();
    expect(screen.getByText('Preferred days: Sat → Mon, Wed, Sat')).toBeTruthy();
    expect(screen.getByText('Swim cap size: Small → Large')).toBeTruthy();
    expect(screen.getByText('Happy to put face in the water: Yes → No')).toBeTruthy();
  });
});
