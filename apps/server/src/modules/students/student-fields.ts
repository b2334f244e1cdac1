import type { ActivityChange } from '@portal/shared/activity-schemas';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { answerChanges, changesBetween } from '../activity/activity.api.ts';
import type * as repo from './student.repository.ts';

/**
 * The form's key of each student column the activity log reports a change of (decision 098):
 * the family's portal names each one in the company's words and says its value as the form
 * shows it (an item's name, a day, a date).
 */
export const STUDENT_FIELDS: Record<string, string> = {
  first_name: 'FirstName',
  last_name: 'LastName',
  dob: 'DOB',
  gender: 'GenderType',
  gender_other: 'GenderOther',
  standard_id: 'StandardID',
  phone_mobile: 'PhoneMobile',
  email: 'Email',
  address1: 'Address1',
  address2: 'Address2',
  suburb: 'Suburb',
  state: 'State',
  postcode: 'Postcode',
  medical_condition_ids: 'MedicalConditionIDs',
  additional_medical_conditions: 'AdditionalMedicalConditions',
  referral_source_id: 'ReferralSourceID',
  school_id: 'SchoolID',
  venue_id: 'VenueID',
  notes: 'Notes',
  pending_days: 'PendingDays',
};

/** The answers to the company's own questions a stored student holds. */
export function parseCustomValues(text: string | null): StudentRecord['custom_field_values'] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((v: { CustomFieldID?: unknown; CustomFieldItemID?: unknown; FieldValue?: unknown }) =>
      typeof v?.CustomFieldID === 'number'
        ? [
            {
              CustomFieldID: v.CustomFieldID,
              CustomFieldItemID: typeof v.CustomFieldItemID === 'number' ? v.CustomFieldItemID : null,
              FieldValue: typeof v.FieldValue === 'string' ? v.FieldValue : null,
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

/** What a save changed in a student, field by field; each of the company's questions is a change of its own (custom_field_{id}). */
export function studentChanges(stored: repo.StudentRow, columns: repo.StudentColumns): ActivityChange[] {
  const changes = changesBetween(stored as Record<string, unknown>, columns as Record<string, unknown>, STUDENT_FIELDS);
  if (!('custom_field_values' in columns)) return changes;
  // The stored list holds every answer kept: one missing from the new list was cleared.
  const answers = (text: string | null | undefined) =>
    new Map(parseCustomValues(text ?? null).map((v) => [v.CustomFieldID, v.FieldValue ?? (v.CustomFieldItemID === null ? null : String(v.CustomFieldItemID))]));
  const before = answers(stored.custom_field_values);
  const after = answers(columns.custom_field_values);
  return [...changes, ...answerChanges(before, after, [...before.keys(), ...after.keys()])];
}
