import { useMemo } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormFields, FormKind } from '@portal/shared/form-config';
import { formContextFromConfig, type FormContext, type ProfileFormOptions } from '@portal/shared/form-engine/form-context';
import { buildFormSchema, describeFormFields, formValuesFromRecord, initialFormValues, missingConfigurations } from '@portal/shared/form-engine/form-schema';
import type { FormFieldDescriptor, FormOutput, FormValues } from '@portal/shared/form-engine/form-types';
import { useConfig } from '@/entities/company/get-company-config';
import { showServerErrors } from '@/lib/server-field-errors';

/** The company's labels, lists and options for its forms, kept while the config is the same. */
export function useCompanyFormContext(options: { registration?: boolean; profile?: ProfileFormOptions } = {}): FormContext {
  const config = useConfig();
  const { registration, profile } = options;
  return useMemo(() => formContextFromConfig(config, { registration, profile }), [config, registration, profile]);
}

export interface EngineFormOptions<K extends FormKind> {
  kind: K;
  /** The get-form-fields answer. */
  formFields: FormFields;
  context: FormContext;
  /** A stored record to edit (the record's field names, K25/E29); a new form starts from the configured defaults. */
  record?: FormValues | null;
}

export interface EngineForm<K extends FormKind> {
  form: UseFormReturn<FormValues, unknown, FormOutput<K>>;
  descriptors: FormFieldDescriptor[];
  /** Mandatory pickers whose list the company left empty (E19): for the missing-configuration notice. */
  missing: string[];
  /** Puts a failed call's field errors on their fields; answers what the error box should say. */
  placeServerErrors: (error: unknown) => string | null;
}

/**
 * A customer or student form driven by the form engine (decision 017): react-hook-form validates
 * with the same schema the server parses with, so a field's message is the same on both sides.
 */
export function useEngineForm<K extends FormKind>({ kind, formFields, context, record }: EngineFormOptions<K>): EngineForm<K> {
  const descriptors = useMemo(() => describeFormFields(kind, formFields, context), [kind, formFields, context]);
  const schema = useMemo(() => buildFormSchema(kind, formFields, context), [kind, formFields, context]);
  const missing = useMemo(() => missingConfigurations(kind, formFields, context), [kind, formFields, context]);
  const defaultValues = useMemo(() => (record ? formValuesFromRecord(descriptors, record) : initialFormValues(descriptors)), [descriptors, record]);
  const form = useForm<FormValues, unknown, FormOutput<K>>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues });
  const keys = useMemo(() => descriptors.flatMap((f) => f.inputs.map((i) => i.key)), [descriptors]);
  return { form, descriptors, missing, placeServerErrors: (error) => showServerErrors(error, form.setError, keys) };
}
