// @vitest-environment jsdom
import { DataRouter } from '@/test/data-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { CompanyConfig } from '@portal/shared/company-config';
import { studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import type { CustomerDetailsAnswer } from '@portal/shared/my-details-schemas';
import type { StudentRecord, UpdateStudentAnswer } from '@portal/shared/student-schemas';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { StudentForm } from '@/features/students/components/student-form';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import { UpdateStudentAction } from './update-student-form';

installMockServer();
afterEach(cleanup);

const asthma = { FieldValueID: 3, DisplayName: 'Asthma', OCRFieldValueID: null };
const beeSting = { FieldValueID: 9, DisplayName: 'Bee sting allergy', OCRFieldValueID: null };
const config = formTestConfig({
  lists: { medical_conditions: [asthma], referral_sources: [], school: [], venues: [], standards: [] },
  ocr_config: { CanSelectCustomMedicalCondition: true, DefaultState: '' },
});

const formFields: FormFieldsAnswer = studentFormFieldsSchema.parse({
  fields: [
    { OCRFormFieldNameID: 15, State: 'Mandatory' },
    { OCRFormFieldNameID: 16, State: 'Mandatory' },
    { OCRFormFieldNameID: 17, State: 'Optional' },
    { OCRFormFieldNameID: 24, State: 'Optional' },
    { OCRFormFieldNameID: 28, State: 'Optional' },
    { OCRFormFieldNameID: 29, State: 'Optional' },
  ],
  custom_fields: [
    { CustomFieldID: 4, custom_field: { FieldName: 'Goals', FieldType: 2, custom_field_options: [{ value: 1, label: 'Confidence' }] } },
    { CustomFieldID: 5, custom_field: { FieldName: 'Photos allowed', FieldType: 3 } },
  ],
});

const mia: StudentRecord = {
  StudentID: 12,
  FirstName: 'Mia',
  LastName: 'Ng',
  RegID: null,
  DOB: null,
  GenderType: null,
  GenderOther: null,
  Gender: null,
  Standard: '',
  profile_picture: null,
  PhoneMobile: null,
  Email: null,
  AddrSameAsClient: false,
  Address1: null,
  Address2: null,
  Suburb: null,
  State: null,
  Postcode: null,
  Location: null,
  StandardID: null,
  MedicalConditionIDs: '3',
  AdditionalMedicalConditions: null,
  ReferralSourceID: null,
  SchoolID: null,
  VenueID: null,
  Notes: null,
  PendingDays: null,
  custom_field_values: [],
  bookedClasses: [],
  Version: 1,
};

/** The student, the form and its save: every save body kept, answered with the condition it added. */
function serve() {
  const sent: Record<string, unknown>[] = [];
  let formFieldCalls = 0;
  server.use(
    http.get<never, never, StudentRecord>('/api/student/12', () => HttpResponse.json(mia)),
    http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => {
      formFieldCalls += 1;
      return HttpResponse.json(formFields);
    }),
    http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
    http.post<never, Record<string, unknown>, UpdateStudentAnswer>('/api/student/update/12', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ success: true, message: 'Student updated', updatedStudent: { ...mia, MedicalConditionIDs: '3,9' }, newMedicalCondition: beeSting });
    }),
  );
  return { sent, formFieldCalls: () => formFieldCalls };
}

describe('the UpdateStudent action (L7, E8, E9)', () => {
  it('names the version its values were filled from, not one a refetch brought in meanwhile (decision 145)', async () => {
    let stored: StudentRecord = { ...mia, Version: 4 };
    const sent: (string | null)[] = [];
    server.use(
      http.get('/api/student/12', () => HttpResponse.json(stored)),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(formFields)),
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
      http.post('/api/student/update/12', ({ request }) => {
        sent.push(request.headers.get('if-match'));
        return HttpResponse.json({ message: 'Changed elsewhere', code: 'RECORD_CHANGED' }, { status: 412 });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
    render(
      <QueryClientProvider client={queryClient}>
        <DataRouter>
          <UpdateStudentAction studentId={12} title="Update Swimmer" onSaved={() => {}} />
        </DataRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Update Swimmer' })).toBeTruthy();
    // Saved in another tab; this page reads the record again (the phone back online), its boxes as they were.
    stored = { ...stored, Version: 5 };
    await queryClient.refetchQueries({ queryKey: ['students'] });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Changed elsewhere');
    expect(sent).toEqual(['"4"']);
  });

  it('sends empty values as "", says "Student updated", and the medical-condition list the forms offer then holds the condition typed in', async () => {
    const { sent, formFieldCalls } = serve();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
    const onSaved = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <DataRouter>
          <UpdateStudentAction studentId={12} title="Update Swimmer" onSaved={onSaved} />
        </DataRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Update Swimmer' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Other medical conditions/ }), { target: { value: ' Bee sting allergy ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Student updated'));

    // E8, S27, N34: trimmed, and nothing empty goes as null: empty values and empty lists are "".
    const body = sent[0]!;
    expect(body).toMatchObject({ FirstName: 'Mia', DOB: '', Notes: '', PendingDays: '', MedicalConditionIDs: '3', AdditionalMedicalConditions: 'Bee sting allergy' });
    expect(body.custom_field_values).toEqual([
      { CustomFieldID: 4, CustomFieldItemID: '', FieldValue: '' },
      { CustomFieldID: 5, CustomFieldItemID: '', FieldValue: '' },
    ]);
    expect(JSON.stringify(body)).not.toContain('null');

    // E9: the list is extended once, and the form fields are asked for again.
    expect(queryClient.getQueryData<CompanyConfig>(companyConfigQueryOptions.queryKey)!.lists.medical_conditions).toEqual([asthma, beeSting]);
    await waitFor(() => expect(formFieldCalls()).toBe(2));
    cleanup();

    // The student form offers it from now on.
    render(
      <QueryClientProvider client={queryClient}>
        <DataRouter>
          <StudentForm record={{ ...mia, MedicalConditionIDs: '3,9' }} submitLabel="Save" onSubmit={vi.fn()} />
        </DataRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Medical conditions/ }));
    const list = await screen.findByRole('group', { name: /Medical conditions/ });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((c) => c.nextElementSibling?.textContent),
    ).toEqual(['Asthma', 'Bee sting allergy']);
    expect((within(list).getByLabelText('Bee sting allergy') as HTMLInputElement).checked).toBe(true);
  });
});
