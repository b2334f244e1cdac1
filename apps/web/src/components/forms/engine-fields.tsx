import { useEffect, useId, useRef } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { DOB_YEAR_SPAN, type FormFieldDescriptor, type FormInputDescriptor, type FormValues, type PostcodeSource } from '@portal/shared/form-engine/form-types';
import { locationPostcode, locationState } from '@portal/shared/form-engine/value-rules';
import { TextField } from '@/components/ui/text-field';
import { CheckboxField } from './checkbox-field';
import { DatePartsField } from './date-parts-field';
import { MultiSelectField } from './multi-select-field';
import { SelectField } from './select-field';
import { ShownValue } from './shown-value';
import { TextareaField } from './textarea-field';

/** The address a "same as" box copies: the account holder's, or the form's own for billing. */
export interface AddressValues {
  Address1?: string | null;
  Address2?: string | null;
  Suburb?: string | null;
  State?: string | null;
  Postcode?: string | null;
}

export interface EngineFieldsProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form output: the fields only read and write values
  form: UseFormReturn<FormValues, unknown, any>;
  descriptors: readonly FormFieldDescriptor[];
  /** Shown, read-only, in place of a student's own address while "Use your address" is ticked (E15). */
  clientAddress?: AddressValues;
  /**
   * Said instead while the client's address is not known here: not asked yet (a registration's
   * order) or not the reader's to see (a viewer). Without it the read-only fields show empty.
   */
  clientAddressNote?: string;
  /** Everything read-only (a company that does not allow editing, E11). */
  disabled?: boolean;
  /** Lets the browser fill in the signed-in person's own details: the customer's form, not a student's. */
  autofill?: boolean;
}

const SAME_AS: Record<string, { source: 'client' | 'own'; prefix: string }> = {
  AddrSameAsClient: { source: 'client', prefix: '' },
  BillingAddrSame: { source: 'own', prefix: 'Billing' },
};

function errorOf(form: EngineFieldsProps['form'], key: string): string | undefined {
  const message = form.formState.errors[key]?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Draws the fields of a customer or student form from the engine's descriptors, in the
 * company's order and words; it never decides a rule itself. Every control is a native input,
 * a select or a button, so the whole form works by keyboard.
 */
export function EngineFields({ form, descriptors, clientAddress, clientAddressNote, disabled, autofill = false }: EngineFieldsProps) {
  const values = useWatch({ control: form.control });
  return (
    <fieldset disabled={disabled} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-x-4 gap-y-5 sm:grid-cols-2">
      {descriptors.map((field) => (
        <FieldBlock key={field.name} field={field} form={form} values={values} clientAddress={clientAddress} clientAddressNote={clientAddressNote} autofill={autofill} />
      ))}
    </fieldset>
  );
}

function FieldBlock({
  field,
  form,
  values,
  clientAddress,
  clientAddressNote,
  autofill,
}: {
  field: FormFieldDescriptor;
  form: EngineFieldsProps['form'];
  values: FormValues;
  clientAddress?: AddressValues | undefined;
  clientAddressNote?: string | undefined;
  autofill: boolean;
}) {
  if (field.kind === 'address' || field.kind === 'billingAddress') {
    const box = field.inputs.find((i) => i.kind === 'checkbox');
    const same = box ? SAME_AS[box.key] : undefined;
    const copying = Boolean(box && values[box.key] === true);
    const firstLine = field.inputs.find((i) => i.kind !== 'checkbox');
    const source = same?.source === 'client' ? (clientAddress ?? {}) : (values as AddressValues);
    return (
      <fieldset className="grid gap-x-4 gap-y-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-ink">{field.label}</legend>
        {field.inputs.map((input) => {
          if (input.kind === 'checkbox') return <EngineInput key={input.key} input={input} form={form} autofill={autofill} className="sm:col-span-2" />;
          // K11: ticking "Use Address for Billing Address" hides the billing lines; a student's
          // "Use your address" shows the client's address read-only instead (E15).
          if (copying && same?.source === 'own') return null;
          // No address to show (not asked yet, or not the reader's to see): the first line says whose it is.
          if (copying && same?.source === 'client' && !clientAddress && clientAddressNote)
            return input === firstLine ? (
              <p key={input.key} className="text-sm text-muted sm:col-span-2">
                {clientAddressNote}
              </p>
            ) : null;
          if (copying && same) {
            const shown = (source as Record<string, unknown>)[input.key.slice(same.prefix.length)];
            return <TextField key={input.key} label={input.label} value={typeof shown === 'string' ? shown : ''} readOnly aria-readonly="true" className={wide(input)} />;
          }
          if (input.fromLocation) return <LocationPostcode key={input.key} input={input} source={input.fromLocation} form={form} values={values} autofill={autofill} />;
          return <EngineInput key={input.key} input={input} form={form} autofill={autofill} className={wide(input)} />;
        })}
      </fieldset>
    );
  }
  if (field.kind === 'gender') {
    const [type, other] = field.inputs;
    return (
      <>
        {type ? <EngineInput input={type} form={form} autofill={autofill} /> : null}
        {other && values[type?.key ?? ''] === 'Other' ? <EngineInput input={other} form={form} autofill={autofill} /> : null}
      </>
    );
  }
  if (field.inputs.length > 1) {
    return (
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        {field.inputs.map((input) => (
          <EngineInput key={input.key} input={input} form={form} autofill={autofill} />
        ))}
      </div>
    );
  }
  const [input] = field.inputs;
  return input ? <EngineInput input={input} form={form} autofill={autofill} className={wide(input)} /> : null;
}

/**
 * A postcode the chosen location may supply (C19, E16): while the suburb and state name a
 * location with a postcode, that postcode is filled in and the input is read-only; a suburb
 * then changed to one without a postcode empties it for the family to type.
 */
function LocationPostcode({ input, source, form, values, autofill }: { input: FormInputDescriptor; source: PostcodeSource; form: EngineFieldsProps['form']; values: FormValues; autofill: boolean }) {
  const supplied = locationPostcode(source, values);
  const current = values[input.key];
  const { setValue } = form;
  // The chosen suburb's state fills an empty state, or one this filled for an earlier suburb; never one the family chose.
  const state = locationState(source, values);
  const currentState = values[source.stateKey];
  const filledState = useRef<string | null>(null);
  useEffect(() => {
    const blank = typeof currentState !== 'string' || currentState.trim() === '';
    if (state === null || currentState === state || !(blank || currentState === filledState.current)) return;
    filledState.current = state;
    setValue(source.stateKey, state, { shouldValidate: form.formState.isSubmitted });
  }, [state, currentState, source.stateKey, setValue, form.formState.isSubmitted]);
  // The postcode the last chosen location gave: another suburb with none of its own leaves the box empty, never that postcode.
  const lastSupplied = useRef<string | null>(null);
  useEffect(() => {
    if (supplied !== null) {
      lastSupplied.current = supplied;
      if (current !== supplied) setValue(input.key, supplied, { shouldValidate: form.formState.isSubmitted });
    } else if (lastSupplied.current !== null) {
      if (current === lastSupplied.current) setValue(input.key, '', { shouldValidate: form.formState.isSubmitted });
      lastSupplied.current = null;
    }
  }, [supplied, current, input.key, setValue, form.formState.isSubmitted]);
  return <EngineInput input={supplied === null ? input : { ...input, readOnly: true }} form={form} autofill={autofill} />;
}

/** S19, S20, X4: what "Please enter valid numbers only" does not say: a phone's digits may follow a +; a fax is digits only. */
const phoneRule = (key: string) => (key === 'Fax' ? 'Numbers only, no spaces' : 'Numbers only, no spaces; a leading + is fine');

/** What a value the company sets shows before it has set one. */
const NOT_SET = 'Not set yet';

function itemLabel(input: FormInputDescriptor, value: unknown): string | undefined {
  return input.items?.find((i) => String(i.value) === String(value))?.label;
}

/** Address line 1, notes and multi-line text take the whole row. */
function wide(input: FormInputDescriptor): string {
  return input.kind === 'textarea' || input.key.endsWith('Address1') || input.key.endsWith('Address2') ? 'sm:col-span-2' : '';
}

function EngineInput({ input, form, autofill = false, className = '' }: { input: FormInputDescriptor; form: EngineFieldsProps['form']; autofill?: boolean; className?: string }) {
  const error = errorOf(form, input.key);
  const listId = useId();
  const inputId = useId();
  const suggestions = input.suggestions ?? [];
  const common = { label: input.label, error, required: input.required, className };
  switch (input.kind) {
    case 'text':
    case 'phone':
    case 'email': {
      const phone = input.kind === 'phone' && !input.readOnly;
      const field = (
        <TextField
          {...common}
          className={phone ? '' : className}
          label={
            <>
              {input.label}
              {input.required ? (
                <span aria-hidden="true" className="ml-0.5 text-danger">
                  *
                </span>
              ) : null}
            </>
          }
          required={undefined}
          aria-required={input.required || undefined}
          type={input.kind === 'email' ? 'email' : input.kind === 'phone' ? 'tel' : 'text'}
          inputMode={input.kind === 'email' ? 'email' : input.kind === 'phone' ? 'tel' : undefined}
          autoComplete={autofill ? AUTOCOMPLETE[input.key] : 'off'}
          maxLength={input.maxLength}
          readOnly={input.readOnly}
          aria-readonly={input.readOnly || undefined}
          hint={input.note ?? (phone ? phoneRule(input.key) : undefined)}
          {...(phone ? { id: inputId } : {})}
          {...(phone && error ? { 'aria-describedby': `${inputId}-error ${inputId}-rule` } : {})}
          list={suggestions.length > 0 ? listId : undefined}
          {...form.register(input.key)}
        />
      );
      // The rule stays beside the error it explains (the hint gives way to an error).
      if (phone) {
        return (
          <div className={className}>
            {field}
            {error ? (
              <p id={`${inputId}-rule`} className="mt-1 text-xs text-muted">
                {phoneRule(input.key)}
              </p>
            ) : null}
          </div>
        );
      }
      return suggestions.length > 0 ? (
        <>
          {field}
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </>
      ) : (
        field
      );
    }
    case 'textarea':
      return <TextareaField {...common} maxLength={input.maxLength} {...form.register(input.key)} />;
    case 'select':
    case 'yesNo':
      if (input.readOnly) return <ShownValue label={input.label} value={itemLabel(input, form.getValues(input.key)) ?? NOT_SET} note={input.note} className={className} />;
      return <SelectField {...common} options={input.items ?? []} {...form.register(input.key)} />;
    case 'checkbox':
      return <CheckboxField label={input.label} className={className} {...form.register(input.key)} />;
    case 'multiSelect':
      return (
        <Controller
          control={form.control}
          name={input.key}
          render={({ field }) => (
            <MultiSelectField
              {...common}
              name={field.name}
              options={input.items ?? []}
              value={Array.isArray(field.value) ? (field.value as (string | number)[]) : []}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      );
    case 'date':
      return (
        <Controller
          control={form.control}
          name={input.key}
          render={({ field }) => (
            <DatePartsField
              {...common}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              fieldRef={field.ref}
              max={input.max ?? new Date().toISOString().slice(0, 10)}
              years={DOB_YEAR_SPAN}
            />
          )}
        />
      );
  }
}

const AUTOCOMPLETE: Record<string, string> = {
  FirstName: 'given-name',
  LastName: 'family-name',
  Email: 'email',
  PhoneMobile: 'tel',
  PhoneHome: 'tel',
  Address1: 'address-line1',
  Address2: 'address-line2',
  Suburb: 'address-level2',
  State: 'address-level1',
  Postcode: 'postal-code',
};
