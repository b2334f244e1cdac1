// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import type { CustomerDetailsAnswer } from '@portal/shared/my-details-schemas';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import type { StudentRecord, UpdateStudentAnswer } from '@portal/shared/student-schemas';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import { classesTestConfig } from '@/test/classes-config';
import { HOLDER, renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import StudentRoute from './student-route';

installMockServer();
afterEach(cleanup);

const ella: StudentRecord = {
  StudentID: 5,
  FirstName: 'Ella',
  LastName: 'Shah',
  RegID: null,
  DOB: '2018-04-02',
  GenderType: 'Female',
  GenderOther: null,
  Gender: 'F',
  Standard: 'Seahorse',
  profile_picture: null,
  PhoneMobile: null,
  Email: null,
  AddrSameAsClient: true,
  Address1: null,
  Address2: null,
  Suburb: null,
  State: null,
  Postcode: null,
  Location: null,
  StandardID: null,
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

/** A family member whose role reads the students, not the family's details (decision 124). */
const viewer = { ClientID: 1, FirstName: 'Max', LastName: 'Rivera', Email: 'max@example.com', total_barcodes: 0, Role: 'viewer' } as CustomerUser;

/** The student page of Ella (id 5) at a company that calls its students swimmers. */
function openStudent({ url = '/hub/students/5', state, user = HOLDER }: { url?: string; state?: unknown; user?: CustomerUser } = {}) {
  return renderRoute(
    <Routes>
      <Route path="/hub/students/:studentId" element={<StudentRoute />} />
    </Routes>,
    { url, config: classesTestConfig('HoursAndMinutes', { StudentTerm: 'Swimmer' }), ...(state === undefined ? {} : { state }), ...(user ? { user } : {}) },
  );
}

describe('StudentRoute', () => {
  it('E4, D8: ?tab=Enrollments opens the tab the spec names "Enrollments"', async () => {
    server.use(
      http.get<never, never, StudentRecord>('/api/student/5', () => HttpResponse.json(ella)),
      http.get('/api/classes/get-waitlist', () => HttpResponse.json({ entries: [] })),
    );
    openStudent({ url: '/hub/students/5?tab=Enrollments' });
    const tab = await screen.findByRole('tab', { name: 'Enrollments' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: /Enrolments/ })).toBeNull();
    expect(screen.getByText('No classes booked yet')).toBeTruthy();
  });

  it('says "Student updated" beside the save button, announced, and clears it when the next save is refused', async () => {
    const formFields = studentFormFieldsSchema.parse({
      fields: [
        { OCRFormFieldNameID: 15, State: 'Mandatory' },
        { OCRFormFieldNameID: 16, State: 'Mandatory' },
      ],
      custom_fields: [],
    });
    server.use(
      http.get<never, never, StudentRecord>('/api/student/5', () => HttpResponse.json(ella)),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(formFields)),
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
      http.post<never, never, UpdateStudentAnswer>('/api/student/update/5', () => HttpResponse.json({ success: true, message: 'Student updated', updatedStudent: ella })),
    );
    openStudent();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    fireEvent.click(save);
    const status = await screen.findByText('Student updated');
    // In the row of the button pressed, inside the live region screen readers hear.
    expect(save.parentElement?.contains(status)).toBe(true);
    expect(status.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');

    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: '' } });
    fireEvent.click(save);
    await screen.findByText(/First name is required|required/i);
    await waitFor(() => expect(screen.queryByText('Student updated')).toBeNull());
  });

  it('a refetch that fails while the form is open (the phone back online, the server not yet) keeps the page and what was typed', async () => {
    let up = true;
    server.use(
      http.get('/api/student/5', () => (up ? HttpResponse.json(ella) : HttpResponse.error())),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(studentFormFieldsSchema.parse({ fields: [], custom_fields: [] }))),
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
    );
    const { client } = openStudent();
    const first = await screen.findByRole('textbox', { name: /First name/ });
    fireEvent.change(first, { target: { value: 'Elly' } });
    up = false;
    await client.refetchQueries({ queryKey: ['students'] });
    // The page has seen the failed refetch (the cache tells its observers after a tick).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Elly');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a save pressed with the phone offline says it could not reach the server, and is not sent later behind the family’s back', async () => {
    const saves: string[] = [];
    const saved = http.post<never, never, UpdateStudentAnswer>('/api/student/update/5', () => {
      saves.push('update');
      return HttpResponse.json({ success: true, message: 'Student updated', updatedStudent: ella });
    });
    server.use(
      http.get<never, never, StudentRecord>('/api/student/5', () => HttpResponse.json(ella)),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(studentFormFieldsSchema.parse({ fields: [], custom_fields: [] }))),
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
    );
    openStudent();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    // Offline: the browser's fetch fails at once.
    onlineManager.setOnline(false);
    server.use(http.post('/api/student/update/5', () => HttpResponse.error()));
    try {
      fireEvent.click(save);
      expect(await screen.findByText('We could not reach the server. Please check your connection and try again.')).toBeTruthy();
    } finally {
      server.use(saved);
      onlineManager.setOnline(true);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves).toEqual([]);
  });

  it('a save from details changed elsewhere since (another tab, the other parent) is refused and says so; Save again replaces them', async () => {
    let stored: StudentRecord = { ...ella, Notes: 'From this tab', Version: 1 };
    const sent: (string | null)[] = [];
    const read: number[] = [];
    server.use(
      http.get('/api/student/5', () => {
        read.push(stored.Version);
        return HttpResponse.json(stored);
      }),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(studentFormFieldsSchema.parse({ fields: [], custom_fields: [] }))),
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
      http.post<never, { FirstName: string }>('/api/student/update/5', async ({ request }) => {
        const ifMatch = request.headers.get('if-match');
        sent.push(ifMatch);
        if (ifMatch !== `"${stored.Version}"`) return HttpResponse.json({ message: ERROR_MESSAGES.RECORD_CHANGED, code: 'RECORD_CHANGED' }, { status: 412 });
        // What the page sent is kept: the name typed, not the one read again.
        stored = { ...stored, FirstName: (await request.json()).FirstName, Version: stored.Version + 1 };
        return HttpResponse.json({ success: true, message: 'Swimmer updated', updatedStudent: stored });
      }),
    );
    openStudent();
    const first = await screen.findByRole('textbox', { name: /First name/ });
    // Saved in another tab meanwhile.
    stored = { ...stored, Notes: 'From the other tab', Version: 2 };
    fireEvent.change(first, { target: { value: 'Elly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_MESSAGES.RECORD_CHANGED);
    expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Elly');
    // The record is read again after the refusal; then Save replaces it.
    await waitFor(() => expect(read).toContain(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Swimmer updated')).toBeTruthy();
    expect(sent).toEqual(['"1"', '"2"']);
    expect(stored).toMatchObject({ FirstName: 'Elly', Version: 3 });
  });

  it('a viewer opening a student asks nothing of the family’s details, which the server refuses them (decision 124)', async () => {
    const formFields = studentFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 15, State: 'Mandatory' }], custom_fields: [] });
    const asked: string[] = [];
    server.use(
      http.get<never, never, StudentRecord>('/api/student/5', () => HttpResponse.json(ella)),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(formFields)),
      http.get('/api/customer/get-details', () => {
        asked.push('get-details');
        return HttpResponse.json({ code: 'ROLE_FORBIDDEN', message: 'Your family access does not allow this. Ask the account holder.' }, { status: 403 });
      }),
    );
    openStudent({ user: viewer });
    expect(await screen.findByRole('textbox', { name: /First name/ })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it('a viewer reads "Use your address" as the account holder’s address, which is not theirs to see, never as one still to give', async () => {
    const formFields = studentFormFieldsSchema.parse({
      fields: [
        { OCRFormFieldNameID: 15, State: 'Mandatory' },
        { OCRFormFieldNameID: 22, State: 'Optional' },
      ],
      custom_fields: [],
    });
    server.use(
      http.get<never, never, StudentRecord>('/api/student/5', () => HttpResponse.json(ella)),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(formFields)),
    );
    openStudent({ user: viewer });
    const address = await screen.findByRole('group', { name: 'Address' });
    expect(within(address).getByText('The account holder’s address is used.')).toBeTruthy();
    expect(within(address).queryByText(/your own details/)).toBeNull();
  });

  it('clears the message the page was opened with ("Student added") at the next press of save', async () => {
    const formFields = studentFormFieldsSchema.parse({ fields: [{ OCRFormFieldNameID: 15, State: 'Mandatory' }], custom_fields: [] });
    server.use(
      http.get<never, never, StudentRecord>('/api/student/5', () => HttpResponse.json(ella)),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(formFields)),
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
    );
    openStudent({ state: { saved: 'Student added' } });
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(screen.getByText('Student added')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: '' } });
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByText('Student added')).toBeNull());
  });

  it('E9: after a save, the condition typed under "Other medical conditions" is ticked in the list, the box is empty again, and the message says where it went', async () => {
    const formFields = studentFormFieldsSchema.parse({
      fields: [
        { OCRFormFieldNameID: 15, State: 'Mandatory' },
        { OCRFormFieldNameID: 24, State: 'Optional' },
      ],
      custom_fields: [],
    });
    const asthma = { FieldValueID: 1, DisplayName: 'Asthma', OCRFieldValueID: null };
    const hayFever = { FieldValueID: 74, DisplayName: 'Hay fever', OCRFieldValueID: null };
    const withAsthma: StudentRecord = { ...ella, MedicalConditionIDs: '1' };
    server.use(
      http.get<never, never, StudentRecord>('/api/student/5', () => HttpResponse.json(withAsthma)),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () => HttpResponse.json(formFields)),
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: false } as never, { status: 404 })),
      http.post<never, never, UpdateStudentAnswer>('/api/student/update/5', () =>
        HttpResponse.json({ success: true, message: 'Swimmer updated', updatedStudent: { ...withAsthma, MedicalConditionIDs: '1,74' }, newMedicalCondition: hayFever }),
      ),
    );
    const base = classesTestConfig('HoursAndMinutes');
    renderRoute(
      <Routes>
        <Route path="/hub/students/:studentId" element={<StudentRoute />} />
      </Routes>,
      {
        user: HOLDER,
        url: '/hub/students/5',
        config: classesTestConfig('HoursAndMinutes', {
          StudentTerm: 'Swimmer',
          lists: { ...base.lists, medical_conditions: [asthma] },
          ocr_config: { CanSelectCustomMedicalCondition: true, DefaultState: '' },
        }),
      },
    );
    const other = await screen.findByRole('textbox', { name: 'Other medical conditions' });
    fireEvent.change(other, { target: { value: 'Hay fever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Swimmer updated. “Hay fever” is now ticked under Medical conditions.');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Other medical conditions' }) as HTMLInputElement).value).toBe(''));
    expect(screen.getByRole('button', { name: /^Medical conditions/ }).textContent).toContain('Asthma, Hay fever');
  });
});
