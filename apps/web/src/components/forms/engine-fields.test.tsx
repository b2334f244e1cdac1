// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render as renderInDom, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { CompanyConfig } from '@portal/shared/company-config';
import { studentFormFieldsSchema, type FormFieldsInput } from '@portal/shared/form-config';
import type { FormContext } from '@portal/shared/form-engine/form-context';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import { ApiRequestError } from '@/lib/api-client';
import { companyConfigQueryOptions } from '@/entities/company/get-company-config';
import { formTestConfig } from '@/test/form-config';
import { EngineFields } from './engine-fields';
import { useEngineForm } from './use-engine-form';

const config: FormFieldsInput = {
  fields: [
    { OCRFormFieldNameID: 15, State: 'Mandatory', DisplayName: 'Player first name' },
    { OCRFormFieldNameID: 16, State: 'Mandatory' },
    { OCRFormFieldNameID: 17, State: 'Mandatory' },
    { OCRFormFieldNameID: 18, State: 'Optional' },
    { OCRFormFieldNameID: 19, State: 'Optional' },
    { OCRFormFieldNameID: 22, State: 'Optional' },
    { OCRFormFieldNameID: 26, State: 'Mandatory' },
    { OCRFormFieldNameID: 29, State: 'Optional' },
  ],
  custom_fields: [
    { CustomFieldID: 1, Mandatory: true, custom_field: { FieldName: 'Experience', FieldType: 0 } },
    {
      CustomFieldID: 2,
      DefaultItemID: 2,
      custom_field: {
        FieldName: 'Cap size',
        FieldType: 1,
        custom_field_options: [
          { value: 1, label: 'Small' },
          { value: 2, label: 'Medium' },
        ],
      },
    },
    {
      CustomFieldID: 3,
      custom_field: {
        FieldName: 'Goals',
        FieldType: 2,
        custom_field_options: [
          { value: 1, label: 'Confidence' },
          { value: 2, label: 'Technique' },
        ],
      },
    },
    { CustomFieldID: 4, custom_field: { FieldName: 'Face in water', FieldType: 3 } },
  ],
};
const formFields = studentFormFieldsSchema.parse(config);
const context: FormContext = { lists: { school: [{ FieldValueID: 5, DisplayName: 'Bondi Public' }] }, today: '2026-06-01' };

const beachRoad = { Address1: '27 Beach Road', Suburb: 'Bondi Beach', State: 'NSW', Postcode: '2026' };

function Harness({
  onSubmit,
  error,
  record,
  clientAddress = beachRoad,
  clientAddressNote,
}: {
  onSubmit: (out: FormOutput<'student'>) => void;
  error?: unknown;
  record?: Record<string, unknown>;
  /** Unknown in a registration, which asks for the student before the account holder. */
  clientAddress?: typeof beachRoad | null;
  clientAddressNote?: string;
}) {
  const { form, descriptors, placeServerErrors } = useEngineForm({ kind: 'student', formFields, context, record });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((out) => {
        if (error) placeServerErrors(error);
        else onSubmit(out);
      })}
    >
      <EngineFields form={form} descriptors={descriptors} clientAddress={clientAddress ?? undefined} clientAddressNote={clientAddressNote} />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(cleanup);

/** Rendered for a company (its date format orders the date of birth's drop-downs): Splash's dd/MM/yyyy unless given. */
function render(ui: ReactElement, dateFormat: CompanyConfig['localization']['DateFormat'] = 'dd/MM/yyyy') {
  const client = new QueryClient();
  const base = formTestConfig();
  client.setQueryData(companyConfigQueryOptions.queryKey, { ...base, localization: { ...base.localization, DateFormat: dateFormat } });
  return renderInDom(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('EngineFields', () => {
  it("shows the configured fields in the company's words, and only those", () => {
    render(<Harness onSubmit={vi.fn()} />);
    expect(screen.getByLabelText(/Player first name/)).toBeTruthy();
    expect(screen.getByLabelText(/School/)).toBeTruthy();
    expect(screen.queryByLabelText(/Email/)).toBeNull();
    expect(screen.queryByLabelText(/Venue/)).toBeNull();
    expect((screen.getByLabelText(/Registration ID/) as HTMLInputElement).value).toBe('TBD');
    expect((screen.getByLabelText(/Registration ID/) as HTMLInputElement).readOnly).toBe(true);
    // The default option of a single-choice custom field is preselected (E20).
    expect((screen.getByLabelText(/Cap size/) as HTMLSelectElement).value).toBe('2');
  });

  it('says what is required, with the renamed label, when a field is left', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    const first = screen.getByLabelText(/Player first name/);
    fireEvent.focus(first);
    fireEvent.blur(first);
    expect(await screen.findByText('Player first name is required')).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
  });

  it('S40: a form sent with its date of birth wrong takes the focus to the date, as it does to a wrong box', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText(/Player first name/), { target: { value: 'Ella' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Mitchell' } });
    // Day and month chosen, the year not.
    fireEvent.change(screen.getByLabelText('Date of birth: Day'), { target: { value: '01' } });
    fireEvent.change(screen.getByLabelText('Date of birth: Month'), { target: { value: '06' } });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByText('Please enter a valid date')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Date of birth: Day')));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a date of birth asks in the order the company writes dates: month first where they read MM/dd/yyyy', () => {
    render(<Harness onSubmit={vi.fn()} />, 'MM/dd/yyyy');
    const parts = within(screen.getByRole('group', { name: /Date of birth/ })).getAllByRole('combobox');
    expect(parts.map((p) => p.getAttribute('aria-label') ?? document.querySelector(`label[for="${p.id}"]`)?.textContent)).toEqual([
      'Date of birth: Month',
      'Date of birth: Day',
      'Date of birth: Year',
    ]);
  });

  it('E13: offers 100 years of birth and sends the date as yyyy-MM-dd, the custom values by id', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const year = screen.getByLabelText('Date of birth: Year') as HTMLSelectElement;
    expect(year.options).toHaveLength(101);
    expect(year.options[1]!.value).toBe('2026');
    fireEvent.change(screen.getByLabelText(/Player first name/), { target: { value: 'Ella' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Mitchell' } });
    fireEvent.change(screen.getByLabelText('Date of birth: Day'), { target: { value: '01' } });
    fireEvent.change(screen.getByLabelText('Date of birth: Month'), { target: { value: '06' } });
    fireEvent.change(year, { target: { value: '2015' } });
    fireEvent.change(screen.getByLabelText(/School/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/Experience/), { target: { value: 'Can float' } });
    fireEvent.change(screen.getByLabelText(/Face in water/), { target: { value: 'Y' } });
    fireEvent.click(screen.getByRole('button', { name: /Goals/ }));
    fireEvent.click(await screen.findByLabelText('Technique'));
    fireEvent.click(screen.getByLabelText('Confidence'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const out = onSubmit.mock.calls[0]![0] as FormOutput<'student'>;
    expect(out).toMatchObject({ FirstName: 'Ella', LastName: 'Mitchell', DOB: '2015-06-01', SchoolID: 5, RegID: null });
    expect(out.custom_field_values).toEqual([
      { CustomFieldID: 1, CustomFieldItemID: null, FieldValue: 'Can float' },
      { CustomFieldID: 2, CustomFieldItemID: 2, FieldValue: '2' },
      { CustomFieldID: 3, CustomFieldItemID: null, FieldValue: '1,2' },
      { CustomFieldID: 4, CustomFieldItemID: null, FieldValue: 'Y' },
    ]);
  });

  it('S43: a stored birth year at or before 1900 shows as the year ten years back, same month and day, and is saved so', async () => {
    const onSubmit = vi.fn();
    const record = { FirstName: 'Ella', LastName: 'Mitchell', DOB: '1899-05-01', SchoolID: 5, custom_field_values: [{ CustomFieldID: 1, FieldValue: 'Can float' }] };
    render(<Harness onSubmit={onSubmit} record={record} />);
    expect((screen.getByLabelText('Date of birth: Year') as HTMLSelectElement).value).toBe('2016');
    expect((screen.getByLabelText('Date of birth: Month') as HTMLSelectElement).value).toBe('05');
    expect((screen.getByLabelText('Date of birth: Day') as HTMLSelectElement).value).toBe('01');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0]![0] as FormOutput<'student'>).DOB).toBe('2016-05-01');
  });

  it('E14: asks to specify a gender of Other', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    expect(screen.queryByLabelText(/Please specify/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Gender/), { target: { value: 'Other' } });
    expect(await screen.findByLabelText(/Please specify/)).toBeTruthy();
  });

  it('shows the account address read-only while "Use your address" is ticked, and the own one again after', async () => {
    render(<Harness onSubmit={vi.fn()} />);
    const address = screen.getByRole('group', { name: 'Address' });
    fireEvent.change(within(address).getByLabelText(/Address line 1/), { target: { value: '1 Own Street' } });
    fireEvent.click(within(address).getByLabelText('Use your address'));
    const line1 = (await within(address).findByLabelText(/Address line 1/)) as HTMLInputElement;
    expect(line1.value).toBe('27 Beach Road');
    expect(line1.readOnly).toBe(true);
    fireEvent.click(within(address).getByLabelText('Use your address'));
    await waitFor(() => expect((within(address).getByLabelText(/Address line 1/) as HTMLInputElement).value).toBe('1 Own Street'));
  });

  it('before the account holder’s address is asked (a registration), "Use your address" says whose it will be instead of empty fields', async () => {
    render(<Harness onSubmit={vi.fn()} clientAddress={null} clientAddressNote="The address you give in your own details is used." />);
    const address = screen.getByRole('group', { name: 'Address' });
    fireEvent.click(within(address).getByLabelText('Use your address'));
    expect(await within(address).findByText('The address you give in your own details is used.')).toBeTruthy();
    expect(within(address).queryByLabelText(/Address line 1/)).toBeNull();
    fireEvent.click(within(address).getByLabelText('Use your address'));
    expect(await within(address).findByLabelText(/Address line 1/)).toBeTruthy();
  });

  it('with no address to show and nothing to say of it (the holder’s still loading), "Use your address" keeps its read-only lines', async () => {
    render(<Harness onSubmit={vi.fn()} clientAddress={null} />);
    const address = screen.getByRole('group', { name: 'Address' });
    fireEvent.click(within(address).getByLabelText('Use your address'));
    const line1 = (await within(address).findByLabelText(/Address line 1/)) as HTMLInputElement;
    expect([line1.readOnly, line1.value]).toEqual([true, '']);
    expect(within(address).queryByText(/your own details/)).toBeNull();
  });

  it("puts the server's field errors on their fields", async () => {
    const error = new ApiRequestError(400, { message: 'Select an option', code: 'VALIDATION', errors: [{ field: 'SchoolID', message: 'Select an option' }] });
    render(<Harness onSubmit={vi.fn()} error={error} />);
    fireEvent.change(screen.getByLabelText(/Player first name/), { target: { value: 'Ella' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Mitchell' } });
    fireEvent.change(screen.getByLabelText('Date of birth: Day'), { target: { value: '01' } });
    fireEvent.change(screen.getByLabelText('Date of birth: Month'), { target: { value: '06' } });
    fireEvent.change(screen.getByLabelText('Date of birth: Year'), { target: { value: '2015' } });
    fireEvent.change(screen.getByLabelText(/School/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/Experience/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(/School/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Select an option')).toBeTruthy();
  });
});
