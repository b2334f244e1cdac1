import { z } from 'zod';
import { CustomFieldType, type FormConfiguration } from '@portal/shared/form-config';
import { isBundleDate } from './bundle-dates.ts';

/**
 * The student record beyond names (E29) as a bundle writes it: lists by their names, venues by
 * key, preferred days as 1 (Monday) … 7, the photo as a data URL that is checked and re-encoded
 * like an upload, skill sets and certificates.
 */
const bundleDate = z.string().refine(isBundleDate, 'Expected a date: yyyy-MM-dd, today, today+N or today-N');
const optionalText = z.string().trim().max(2000).optional();

export const studentDetailsShape = {
  reg_id: z.string().trim().min(1).max(30).optional(),
  gender_other: z.string().trim().max(50).optional(),
  mobile: z.string().trim().max(20).optional(),
  email: z.string().trim().max(254).optional(),
  /** The student lives at the account's address ("Use your address"). */
  same_address: z.boolean().default(false),
  address1: optionalText,
  address2: optionalText,
  suburb: optionalText,
  state: optionalText,
  postcode: optionalText,
  medical_conditions: z.array(z.string()).default([]),
  additional_medical_conditions: optionalText,
  referral_source: z.string().optional(),
  school: z.string().optional(),
  /** A venue key. */
  venue: z.string().optional(),
  notes: optionalText,
  preferred_days: z.array(z.number().int().min(1).max(7)).default([]),
  custom_field_values: z.array(z.strictObject({ CustomFieldID: z.number().int().positive(), FieldValue: z.string().min(1) })).default([]),
  /** data:image/jpeg;base64,… (or png, webp), at most about 1 MB. */
  photo: z
    .string()
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, 'Expected a data URL: data:image/jpeg;base64,…')
    .max(1_500_000)
    .optional(),
  skill_sets: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1),
        notes: z.string().default(''),
        skills: z.array(z.strictObject({ name: z.string().trim().min(1), achieved_on: bundleDate.optional() })).default([]),
      }),
    )
    .default([]),
  certificates: z.array(z.strictObject({ name: z.string().trim().min(1), issued_on: bundleDate, description: z.string().default('') })).default([]),
};

type Path = (string | number)[];
interface StudentDetails {
  medical_conditions: string[];
  referral_source?: string;
  school?: string;
  venue?: string;
  custom_field_values: { CustomFieldID: number; FieldValue: string }[];
}
interface BundleLists {
  lists: Record<'medical_conditions' | 'referral_sources' | 'school', { name: string }[]>;
  venues: { key: string }[];
  form_configuration?: FormConfiguration;
}

/** Names and keys must be the bundle's own; custom values must fit the student form's custom fields. */
export function checkStudentDetails(ctx: z.RefinementCtx, base: Path, s: StudentDetails, b: BundleLists): void {
  const issue = (path: Path, message: string) => ctx.addIssue({ code: 'custom', path: [...base, ...path], message });
  const known = (list: { name: string }[], name: string) => list.some((i) => i.name === name);
  s.medical_conditions.forEach((m, i) => {
    if (!known(b.lists.medical_conditions, m)) issue(['medical_conditions', i], `Unknown medical condition "${m}" (not in lists.medical_conditions)`);
  });
  if (s.referral_source !== undefined && !known(b.lists.referral_sources, s.referral_source)) issue(['referral_source'], `Unknown referral source "${s.referral_source}"`);
  if (s.school !== undefined && !known(b.lists.school, s.school)) issue(['school'], `Unknown school "${s.school}"`);
  if (s.venue !== undefined && !b.venues.some((v) => v.key === s.venue)) issue(['venue'], `Unknown venue "${s.venue}"`);
  const fields = b.form_configuration?.student?.custom_fields ?? [];
  s.custom_field_values.forEach((v, i) => {
    const field = fields.find((f) => f.CustomFieldID === v.CustomFieldID);
    if (!field) return issue(['custom_field_values', i, 'CustomFieldID'], `Not a custom field of the student form`);
    const type = field.custom_field.FieldType;
    const options = field.custom_field.custom_field_options.map((o) => String(o.value));
    const parts = type === CustomFieldType.multiSelectionDD ? v.FieldValue.split(',') : [v.FieldValue];
    if ((type === CustomFieldType.singleSelectionDD || type === CustomFieldType.multiSelectionDD) && !parts.every((p) => options.includes(p))) {
      issue(['custom_field_values', i, 'FieldValue'], `Expected option values of the field (${options.join(', ')})`);
    }
    if (type === CustomFieldType.yesOrNoDD && v.FieldValue !== 'Y' && v.FieldValue !== 'N') issue(['custom_field_values', i, 'FieldValue'], 'Expected Y or N');
  });
}
