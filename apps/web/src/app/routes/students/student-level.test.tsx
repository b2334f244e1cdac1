// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import { studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import type { CustomerDetailsAnswer } from '@portal/shared/my-details-schemas';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { classesTestConfig } from '@/test/classes-config';
import { HOLDER, renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import StudentNewRoute from './student-new-route';
import StudentRoute from './student-route';

installMockServer();
afterEach(cleanup);

const standards = [
  { FieldValueID: 40, DisplayName: 'Starfish', OCRFieldValueID: null },
  { FieldValueID: 41, DisplayName: 'Squad', OCRFieldValueID: null },
];
/** Starfish and Squad are offered; Tadpole, an earlier level, is no longer (X8). */
const lists = { medical_conditions: [], referral_sources: [], school: [], venues: [], standards };
const unfiltered = { ...lists, standards: [...standards, { FieldValueID: 39, DisplayName: 'Tadpole', OCRFieldValueID: null }] };

const sam: StudentRecord = {
  StudentID: 7,
  FirstName: 'Sam',
  LastName: 'Bennett',
  RegID: null,
  DOB: null,
  GenderType: null,
  GenderOther: null,
  Gender: null,
  Standard: 'Starfish',
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
  StandardID: 40,
  MedicalConditionIDs: null,
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

function answers(record: StudentRecord = sam) {
  const formFields = studentFormFieldsSchema.parse({
    fields: [
      { OCRFormFieldNameID: 15, State: 'Mandatory' },
      { OCRFormFieldNameID: 16, State: 'Mandatory' },
      { OCRFormFieldNameID: 23, State: 'Mandatory' },
    ],
    custom_fields: [],
  });
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get<never, never, StudentRecord>('/api/student/7', () => HttpResponse.json(record)),
    http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(formFields)),
    http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
    http.post('/api/student/update/7', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ success: true, message: 'Student updated', updatedStudent: record });
    }),
  );
  return sent;
}

const config = (classesSetup: Record<string, unknown> = {}) =>
  classesTestConfig('HoursAndMinutes', { StudentTerm: 'Swimmer', lists, unfiltered_lists: unfiltered, classes_setup: { TimeDisplay: 'HoursAndMinutes', ...classesSetup } });

function openStudent(classesSetup?: Record<string, unknown>) {
  renderRoute(
    <Routes>
      <Route path="/hub/students/:studentId" element={<StudentRoute />} />
    </Routes>,
    { user: HOLDER, url: '/hub/students/7', config: config(classesSetup) },
  );
}

describe('the level on the student form (decision 076)', () => {
  it('shows the level the school set as text, not a control, and saves without it', async () => {
    const sent = answers();
    openStudent();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(screen.queryByRole('combobox', { name: /Level/ })).toBeNull();
    const level = screen.getByRole('group', { name: 'Level' });
    expect(level.textContent).toContain('Starfish');
    expect(level.textContent).toContain('Set by the office');
    fireEvent.click(save);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('StandardID');
  });

  it('names a level that is no longer offered', async () => {
    answers({ ...sam, StandardID: 39, Standard: 'Tadpole' });
    openStudent();
    expect((await screen.findByRole('group', { name: 'Level' })).textContent).toContain('Tadpole');
  });

  it('a new swimmer has no level yet', async () => {
    answers();
    renderRoute(<StudentNewRoute />, { user: HOLDER, url: '/hub/students/new', config: config() });
    expect((await screen.findByRole('group', { name: 'Level' })).textContent).toContain('Not set yet');
    expect(screen.queryByRole('combobox', { name: /Level/ })).toBeNull();
  });

  it('with ParentsCanSetLevel on, the level is a choice again', async () => {
    answers();
    openStudent({ ParentsCanSetLevel: true });
    const select = (await screen.findByRole('combobox', { name: /Level/ })) as HTMLSelectElement;
    expect(select.value).toBe('40');
    expect(screen.queryByText('Set by the office')).toBeNull();
  });
});
