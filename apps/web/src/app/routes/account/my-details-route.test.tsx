// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DataRouter } from '@/test/data-router';
import { http, HttpResponse } from 'msw';
import type { ApiError } from '@portal/shared/api-schemas';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import { customerFormFieldsSchema, studentFormFieldsSchema, type FormFieldsAnswer } from '@portal/shared/form-config';
import { guardianMessages, type FamilyRole, type OwnAccessAnswer } from '@portal/shared/guardian-schemas';
import type { CustomerDetailsAnswer, CustomerRecord, UpdateDetailsAnswer } from '@portal/shared/my-details-schemas';
import { ApiRequestError } from '@/lib/api-client';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { currentUserQueryOptions } from '@/entities/customer/identity';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { StudentForm } from '@/features/students/components/student-form';
import { formTestConfig } from '@/test/form-config';
import { server, installMockServer } from '@/test/msw';
import MyDetailsRoute from './my-details-route';

const config = formTestConfig();

const formFields: FormFieldsAnswer = customerFormFieldsSchema.parse({
  fields: [
    { OCRFormFieldNameID: 1, State: 'Mandatory' },
    { OCRFormFieldNameID: 2, State: 'Mandatory' },
    { OCRFormFieldNameID: 9, State: 'Mandatory' },
    { OCRFormFieldNameID: 12, State: 'Mandatory' },
  ],
});

const empty = { Suburb: null, State: null, Postcode: null };
const record: CustomerRecord = {
  ClientID: 7,
  FirstName: 'Sarah',
  LastName: 'Mitchell',
  RegID: null,
  GenderType: null,
  GenderOther: null,
  Gender: null,
  PhoneHome: null,
  PhoneWork: null,
  PhoneMobile: '0412345678',
  PhoneMobile2: null,
  Email: 'sarah@example.com',
  Email2: null,
  Fax: null,
  Address1: null,
  Address2: null,
  Suburb: null,
  State: null,
  Postcode: null,
  location: empty,
  BillingAddrSame: false,
  BillingAddress1: null,
  BillingAddress2: null,
  BillingSuburb: null,
  BillingState: null,
  BillingPostcode: null,
  billing_location: empty,
  Notes: null,
  CustomFieldValues: [],
  PendingEmail: null,
  Version: 1,
};

installMockServer();
afterEach(cleanup);

/** My Details with the family's `details` as the server has them at each request, saved through `update`, for a person of the family in `role`. */
function renderPage(
  update: (request: Request) => Response | Promise<Response>,
  fields: FormFieldsAnswer = formFields,
  role: FamilyRole = 'holder',
  details: () => CustomerRecord = () => record,
  studentTerm?: string,
) {
  server.use(
    // As the server answers: a payer pays and a viewer follows the children without the family's details (decisions 101, 124).
    http.get<never, never, CustomerDetailsAnswer | ApiError>('/api/customer/get-details', () =>
      role === 'payer' || role === 'viewer'
        ? HttpResponse.json({ message: guardianMessages.forbidden, code: 'ROLE_FORBIDDEN' }, { status: 403 })
        : HttpResponse.json({ success: true, client: details() }),
    ),
    http.get<never, never, OwnAccessAnswer>('/api/customer/family-access/me', () => HttpResponse.json({ success: true, name: 'Lee Rivera', email: 'lee@example.com', role })),
    http.get<never, never, FormFieldsAnswer>('/api/customer/get-form-fields', () => HttpResponse.json(fields)),
    http.post<never, never, UpdateDetailsAnswer | ApiError>('/api/customer/update-details', ({ request }) => update(request)),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(companyConfigQueryOptions.queryKey, studentTerm ? { ...config, StudentTerm: studentTerm } : config);
  queryClient.setQueryData(currentUserQueryOptions.queryKey, { ClientID: 1, FirstName: 'Sarah', LastName: 'Mitchell', Email: 'parent@example.com', total_barcodes: 0, Role: role } as CustomerUser);
  render(
    <QueryClientProvider client={queryClient}>
      <DataRouter>
        <MyDetailsRoute />
      </DataRouter>
    </QueryClientProvider>,
  );
}

async function saveEdits() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
}

describe('My Details', () => {
  it('K12: a failed update shows the server message in the red error box and stays in the form', async () => {
    renderPage(() => HttpResponse.json<ApiError>({ message: 'Your details could not be saved right now', code: 'SERVER_ERROR' }, { status: 409 }));
    await saveEdits();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your details could not be saved right now');
    expect(screen.getByRole('heading', { name: 'Edit your details' })).toBeTruthy();
  });

  it('K12: a field the server refuses gets its message under the field', async () => {
    renderPage(() =>
      HttpResponse.json<ApiError>({ message: 'Please enter valid numbers only', code: 'VALIDATION', errors: [{ field: 'PhoneMobile', message: 'Please enter valid numbers only' }] }, { status: 400 }),
    );
    await saveEdits();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Mobile/ }).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter valid numbers only')).toBeTruthy();
    // Placed on its field, so the box does not repeat it.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('S20: a phone box says its rule, and keeps saying it beside "Please enter valid numbers only" (a number typed with spaces)', async () => {
    renderPage(() => HttpResponse.json({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const mobile = await screen.findByRole('textbox', { name: /Mobile/ });
    const describedBy = () =>
      (mobile.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ');
    expect(describedBy()).toBe('Numbers only, no spaces; a leading + is fine');
    fireEvent.change(mobile, { target: { value: '0412 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Before, the error took the hint's place, and a family who had typed digits read it as nonsense.
    await waitFor(() => expect(describedBy()).toBe('Please enter valid numbers only | Numbers only, no spaces; a leading + is fine'));
  });
});

describe('My Details changed elsewhere (decision 145)', () => {
  it('a save from details changed in another tab since is refused and says so, keeping what was typed; Save again replaces them', async () => {
    let stored: CustomerRecord = { ...record, Notes: 'This tab', Version: 1 };
    const sent: (string | null)[] = [];
    const read: number[] = [];
    renderPage(
      async (request) => {
        const ifMatch = request.headers.get('if-match');
        sent.push(ifMatch);
        if (ifMatch !== `"${stored.Version}"`) return HttpResponse.json<ApiError>({ message: ERROR_MESSAGES.RECORD_CHANGED, code: 'RECORD_CHANGED' }, { status: 412 });
        // What the page sent is kept: the name typed, not the one read again.
        stored = { ...stored, FirstName: ((await request.json()) as { FirstName: string }).FirstName, Version: stored.Version + 1 };
        return HttpResponse.json({ success: true, message: 'Profile updated', updatedClient: stored });
      },
      formFields,
      'holder',
      () => {
        read.push(stored.Version);
        return stored;
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const first = await screen.findByRole('textbox', { name: /First name/ });
    stored = { ...stored, Notes: 'The other tab', Version: 2 };
    fireEvent.change(first, { target: { value: 'Sally' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERROR_MESSAGES.RECORD_CHANGED);
    expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Sally');
    await waitFor(() => expect(sent).toHaveLength(1));
    // The details are read again meanwhile; the next press replaces them.
    await waitFor(() => expect(read).toContain(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual(['"1"', '"2"']));
    await waitFor(() => expect(stored).toMatchObject({ FirstName: 'Sally', Version: 3 }));
  });
});

describe('My Details: a new e-mail address waits for its code (K9)', () => {
  it('after "Not now", "Enter code" opens the code step again for the code already sent', async () => {
    let pending: string | null = null;
    renderPage(
      () => {
        pending = 'sarah.new@example.com';
        return HttpResponse.json<UpdateDetailsAnswer>({
          success: true,
          message: 'We have sent a 6-digit code to sarah.new@example.com.',
          updatedClient: { ...record, PendingEmail: pending },
          emailToken: 'tok-1',
        });
      },
      formFields,
      'holder',
      () => ({ ...record, PendingEmail: pending }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /^Email/ }), { target: { value: 'sarah.new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your new email' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Your email address changes to sarah.new@example.com when you enter the code we sent there.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter code' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your new email' })).toBeTruthy();

    /** The tab reloaded, the record waiting for `address`. */
    const reload = (address: string | null) => {
      cleanup();
      renderPage(
        () => HttpResponse.json({}),
        formFields,
        'holder',
        () => ({ ...record, PendingEmail: address }),
      );
    };
    // The code e-mailed can still be entered (it was "save that address again").
    reload(pending);
    expect(await screen.findByText('Your email address changes to sarah.new@example.com when you enter the code we sent there.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter code' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your new email' })).toBeTruthy();

    // Another address saved since (on another device): the code kept is not for it, and is not offered.
    reload('sarah.other@example.com');
    expect(await screen.findByText('A code was sent to sarah.other@example.com. To get a new one, save that address again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter code' })).toBeNull();
  });
});

describe('My Details sends what the spec says (E8, S27, N34)', () => {
  it('empty values go as "", filled ones trimmed', async () => {
    const sent: Record<string, unknown>[] = [];
    const fields = customerFormFieldsSchema.parse({
      fields: [...formFields.fields, { OCRFormFieldNameID: 3, State: 'Optional' }, { OCRFormFieldNameID: 7, State: 'Optional' }, { OCRFormFieldNameID: 14, State: 'Optional' }],
      custom_fields: [{ CustomFieldID: 8, custom_field: { FieldName: 'Interests', FieldType: 2, custom_field_options: [{ value: 1, label: 'Squad' }] } }],
    });
    renderPage(async (request) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json<UpdateDetailsAnswer>({ success: true, message: 'Profile updated', updatedClient: record });
    }, fields);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: ' Sarah ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      ClientID: 7,
      FirstName: 'Sarah',
      GenderType: '',
      Gender: '',
      PhoneHome: '',
      Notes: '',
      CustomFieldValues: [{ CustomFieldID: 8, CustomFieldItemID: '', FieldValue: '' }],
    });
    expect(JSON.stringify(sent[0])).not.toContain('null');
  });
});

describe('Student form', () => {
  it('E10: a failed update shows the server message in an error box, and the Save button works again', async () => {
    server.use(
      http.get<never, never, CustomerDetailsAnswer>('/api/customer/get-details', () => HttpResponse.json({ success: true, client: record })),
      http.get<never, never, FormFieldsAnswer>('/api/student/get-form-fields', () =>
        HttpResponse.json(
          studentFormFieldsSchema.parse({
            fields: [
              { OCRFormFieldNameID: 15, State: 'Mandatory' },
              { OCRFormFieldNameID: 16, State: 'Mandatory' },
            ],
          }),
        ),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(companyConfigQueryOptions.queryKey, config);
    let calls = 0;
    const onSubmit = async () => {
      calls += 1;
      throw new ApiRequestError(422, { message: 'This student could not be updated', code: 'VALIDATION' });
    };
    render(
      <QueryClientProvider client={queryClient}>
        <DataRouter>
          <StudentForm submitLabel="Save" onSubmit={onSubmit} />
        </DataRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: 'Mia' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last name/ }), { target: { value: 'Ng' } });
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This student could not be updated');
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(calls).toBe(2));
  });
});

/**
 * My Details as a guardian who may not read the family's details sees it: their own name, sign-in
 * address, role and what it allows, and none of the holder's details, no error and nothing to edit.
 */
async function expectOwnDetailsOnly(role: FamilyRole, label: string, allows: string, studentTerm?: string) {
  renderPage(() => HttpResponse.json({}), formFields, role, undefined, studentTerm);
  expect(await screen.findByText('lee@example.com')).toBeTruthy();
  const section = screen.getByRole('region', { name: 'Your details' });
  expect(within(section).getByText('Lee Rivera')).toBeTruthy();
  expect(within(section).getByText(label)).toBeTruthy();
  expect(within(section).getByText(allows)).toBeTruthy();
  expect(within(section).getByText("The family's address, phone numbers and other details are kept by the account holder.")).toBeTruthy();
  expect(screen.queryByText('0412345678')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
}

describe('My Details for a family member', () => {
  it('a viewer sees their own name, sign-in address and access, and none of the holder’s details (decision 124)', async () => {
    await expectOwnDetailsOnly('viewer', 'Viewer', 'Sees schedules, students and messages; changes nothing and pays nothing.');
  });

  it('says what a payer and a viewer see in the company’s word for a student', async () => {
    await expectOwnDetailsOnly('payer', 'Payer', "Financials, billing details and payments; sees the swimmers' names and the messages.", 'Swimmer');
    cleanup();
    await expectOwnDetailsOnly('viewer', 'Viewer', 'Sees schedules, swimmers and messages; changes nothing and pays nothing.', 'Swimmer');
  });

  it('a payer sees their own name, sign-in address and access, and none of the holder’s details', async () => {
    await expectOwnDetailsOnly('payer', 'Payer', "Financials, billing details and payments; sees the students' names and the messages.");
    expect(screen.queryByText('Sarah')).toBeNull();
    expect(screen.queryByText('Not provided')).toBeNull();
    expect(screen.queryByText(guardianMessages.forbidden)).toBeNull();
  });

  it('a co-parent edits the details with the e-mail address shown read-only, and says why under it', async () => {
    renderPage(() => HttpResponse.json({}), formFields, 'co-parent');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const email = (await screen.findByRole('textbox', { name: /Email/ })) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(screen.getByText("Only the account holder can change the family's e-mail address.").id).toBe(email.getAttribute('aria-describedby'));
    expect((screen.getByRole('textbox', { name: /Mobile/ }) as HTMLInputElement).readOnly).toBe(false);
  });
});
