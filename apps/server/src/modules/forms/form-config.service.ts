import type { z } from 'zod';
import { formConfigurationSchema, selectFormFields, type FormConfiguration, type FormFields, type FormKind } from '@portal/shared/form-config';
import { formContextFromConfig, type FormContext } from '@portal/shared/form-engine/form-context';
import { buildFormSchema, describeFormFields, formValuesFromRecord } from '@portal/shared/form-engine/form-schema';
import type { FormOutput, FormValues } from '@portal/shared/form-engine/form-types';
import { once, type Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { buildCompanyConfig } from '../company/company.api.ts';
import * as repo from './form-config.repository.ts';

/**
 * The company's form configuration (decision 019). Stored as one document checked by
 * formConfigurationSchema when a bundle is imported; parsed again here, so a document edited by
 * hand in the database that no longer fits is refused loudly instead of answered.
 */
export function findFormConfiguration(ctx: Ctx, companyId: number): Promise<FormConfiguration | null> {
  // Read once per request: a registration's customer, students and summary each ask for it.
  return once(ctx, `form-configuration:${companyId}`, async () => {
    const text = await repo.findFormConfiguration(ctx.db, companyId);
    if (text === undefined) return null;
    return formConfigurationSchema.parse(JSON.parse(text));
  });
}

/** Stores a company's whole form configuration (bundle import, CLI). */
export async function saveFormConfiguration(ctx: Ctx, companyId: number, input: unknown): Promise<FormConfiguration> {
  const configuration = formConfigurationSchema.parse(input);
  await repo.saveFormConfiguration(ctx.db, companyId, JSON.stringify(configuration), nowIso());
  return configuration;
}

/**
 * One form's configuration: the registration profile's own, else the company's, else the
 * default (U16). No profile id means the hub's forms (my details, students, sign-in actions).
 */
export async function findFormFields(ctx: Ctx, companyId: number, kind: FormKind, profileId?: number | null): Promise<FormFields> {
  return selectFormFields(await findFormConfiguration(ctx, companyId), kind, profileId);
}

export interface FormOptions {
  profileId?: number | null;
  /** The registration flow leaves out address parts its localization does not allow (C18). */
  registration?: boolean;
}

export interface CompanyForm<K extends FormKind> {
  kind: K;
  formFields: FormFields;
  context: FormContext;
  schema: z.ZodType<FormOutput<K>, FormValues>;
}

/** Everything a route needs to validate a customer or student form the way the web form does. */
export async function loadCompanyForm<K extends FormKind>(ctx: Ctx, company: Company, kind: K, options: FormOptions = {}): Promise<CompanyForm<K>> {
  const [formFields, config] = await Promise.all([findFormFields(ctx, company.id, kind, options.profileId), buildCompanyConfig(ctx, company)]);
  // X10: a registration profile's own defaults win over the company's ocr_config.
  const profile = options.profileId ? company.settings.profiles.find((p) => p.OCRProfileID === options.profileId) : undefined;
  const context = formContextFromConfig(config, { registration: options.registration, ...(profile ? { profile } : {}) });
  return { kind, formFields, context, schema: buildFormSchema(kind, formFields, context) };
}

/**
 * Parses a submitted form with the company's schema: hidden and unlisted fields are dropped,
 * every rule of group S applies with its message. A failure is a 400 whose `errors` carry each
 * field's message under the field's payload key, as the web form places them.
 */
export function parseCompanyForm<K extends FormKind>(form: CompanyForm<K>, body: unknown): FormOutput<K> {
  const result = form.schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
  throw new AppError(400, 'VALIDATION', errors[0]?.message ?? 'Invalid request', errors);
}

/**
 * The mandatory inputs a stored record leaves empty under the form as configured now (the
 * UpdateProfile and UpdateStudent sign-in actions, decision 021). Only emptiness counts: a
 * stored value the rules would now word differently is not the customer's to fix at sign-in.
 */
export function emptyMandatoryInputs<K extends FormKind>(form: CompanyForm<K>, record: FormValues): string[] {
  const descriptors = describeFormFields(form.kind, form.formFields, form.context);
  const values = formValuesFromRecord(descriptors, record);
  const result = form.schema.safeParse(values);
  if (result.success) return [];
  const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
  return [...new Set(result.error.issues.map((i) => String(i.path[0] ?? '')).filter((key) => key !== '' && empty(values[key])))];
}
