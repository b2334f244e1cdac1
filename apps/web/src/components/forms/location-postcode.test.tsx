// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CUSTOMER_FIELDS, customerFormFieldsSchema } from '@portal/shared/form-config';
import type { FormContext } from '@portal/shared/form-engine/form-context';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import { EngineFields } from './engine-fields';
import { useEngineForm } from './use-engine-form';

const id = (name: string) => CUSTOMER_FIELDS.find((f) => f.name === name)!.id;
const formFields = customerFormFieldsSchema.parse({
  fields: [
    { OCRFormFieldNameID: id('firstName'), State: 'Mandatory' },
    { OCRFormFieldNameID: id('lastName'), State: 'Mandatory' },
    { OCRFormFieldNameID: id('address'), State: 'Mandatory' },
  ],
  custom_fields: [],
});
const locations = [
  { Suburb: 'Bondi', State: 'NSW', Postcode: '2026' },
  { Suburb: 'Maroubra', State: 'NSW', Postcode: '2035' },
];

function Harness({ context, onSubmit }: { context: FormContext; onSubmit: (out: FormOutput<'customer'>) => void }) {
  const { form, descriptors } = useEngineForm({ kind: 'customer', formFields, context });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <EngineFields form={form} descriptors={descriptors} />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(cleanup);

const postcode = () => screen.getByLabelText(/Postcode/) as HTMLInputElement;

function fill(suburb: string, state: string) {
  fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ann' } });
  fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Lee' } });
  fireEvent.change(screen.getByLabelText(/Address line 1/), { target: { value: '1 Beach Rd' } });
  fireEvent.change(screen.getByLabelText(/Suburb/), { target: { value: suburb } });
  fireEvent.change(screen.getByLabelText(/State/), { target: { value: state } });
}

describe('postcode from the chosen location (C19, E16)', () => {
  it('fills in the postcode and makes it read-only when the chosen location supplies one, and sends it', async () => {
    const onSubmit = vi.fn();
    render(<Harness context={{ locationsHavePostcodes: true, locations }} onSubmit={onSubmit} />);
    expect(postcode().readOnly).toBe(false);
    // The company's suburbs are offered while typing.
    const list = document.getElementById(screen.getByLabelText(/Suburb/).getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['Bondi', 'Maroubra']);
    fireEvent.change(postcode(), { target: { value: '9999' } });
    fill('Bondi', 'NSW');
    await waitFor(() => expect(postcode().value).toBe('2026'));
    expect(postcode().readOnly).toBe(true);
    expect(postcode().getAttribute('aria-readonly')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ Suburb: 'Bondi', State: 'NSW', Postcode: '2026' });
  });

  it('fills in the state with the postcode when only the suburb is chosen, and follows a new suburb; a state the family chose stays', async () => {
    const onSubmit = vi.fn();
    const twoStates = [...locations, { Suburb: 'Surfers Paradise', State: 'QLD', Postcode: '4217' }];
    render(<Harness context={{ locationsHavePostcodes: true, locations: twoStates }} onSubmit={onSubmit} />);
    const state = () => screen.getByLabelText(/State/) as HTMLInputElement;
    fill('Bondi', '');
    await waitFor(() => expect(state().value).toBe('NSW'));
    expect(postcode().value).toBe('2026');
    fireEvent.change(screen.getByLabelText(/Suburb/), { target: { value: 'Surfers Paradise' } });
    await waitFor(() => expect(state().value).toBe('QLD'));
    expect(postcode().value).toBe('4217');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ Suburb: 'Surfers Paradise', State: 'QLD', Postcode: '4217' });

    // Typed by the family, the state is theirs: another suburb does not change it.
    fireEvent.change(state(), { target: { value: 'VIC' } });
    fireEvent.change(screen.getByLabelText(/Suburb/), { target: { value: 'Maroubra' } });
    await waitFor(() => expect(postcode().readOnly).toBe(false));
    expect(state().value).toBe('VIC');
  });

  it('unlocks the postcode when the suburb names no location', async () => {
    render(<Harness context={{ locationsHavePostcodes: true, locations }} onSubmit={vi.fn()} />);
    fill('Maroubra', 'NSW');
    await waitFor(() => expect(postcode().value).toBe('2035'));
    fireEvent.change(screen.getByLabelText(/Suburb/), { target: { value: 'Coogee' } });
    await waitFor(() => expect(postcode().readOnly).toBe(false));
    // Maroubra's postcode does not stay behind for Coogee: the box is empty for the family to type.
    expect(postcode().value).toBe('');
    fireEvent.change(postcode(), { target: { value: '2034' } });
    expect(postcode().value).toBe('2034');
  });

  it('empties a saved postcode its suburb supplied when the family moves to a suburb with none, and keeps one typed', async () => {
    const onSubmit = vi.fn();
    const context = { locationsHavePostcodes: true, locations };
    const record = { FirstName: 'Ann', LastName: 'Lee', Address1: '1 Beach Rd', Suburb: 'Bondi', State: 'NSW', Postcode: '2026' };
    function Saved() {
      const { form, descriptors } = useEngineForm({ kind: 'customer', formFields, context, record });
      return (
        <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <EngineFields form={form} descriptors={descriptors} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Saved />);
    await waitFor(() => expect(postcode().readOnly).toBe(true));
    expect(postcode().value).toBe('2026');
    fireEvent.change(screen.getByLabelText(/Suburb/), { target: { value: 'Bondi Junction' } });
    await waitFor(() => expect(postcode().readOnly).toBe(false));
    expect(postcode().value).toBe('');
    fireEvent.change(postcode(), { target: { value: '2022' } });
    fireEvent.change(screen.getByLabelText(/Suburb/), { target: { value: 'Bondi Junction East' } });
    expect(postcode().value).toBe('2022');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ Suburb: 'Bondi Junction East', Postcode: '2022' });
  });

  it('leaves the postcode to the customer with LocationsHavePostcodes off', async () => {
    render(<Harness context={{ locationsHavePostcodes: false, locations }} onSubmit={vi.fn()} />);
    fill('Bondi', 'NSW');
    fireEvent.change(postcode(), { target: { value: '1234' } });
    expect(postcode().value).toBe('1234');
    expect(postcode().readOnly).toBe(false);
    expect(screen.getByLabelText(/Suburb/).getAttribute('list')).toBeNull();
  });
});
