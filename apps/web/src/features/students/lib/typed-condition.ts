import type { StudentRecord } from '@portal/shared/student-schemas';

/**
 * E9 (decision 065): a condition typed under "Other medical conditions" joins the company's list
 * and is ticked for the student in its place, so the box is empty once saved. The save's message
 * says where it went; a parent reading an empty box would think it lost.
 */
export function withTypedCondition(message: string, typed: unknown, saved: Pick<StudentRecord, 'AdditionalMedicalConditions'>): string {
  const name = typeof typed === 'string' ? typed.trim() : '';
  if (name === '' || saved.AdditionalMedicalConditions) return message;
  return `${/[.!?]$/.test(message) ? message : `${message}.`} “${name}” is now ticked under Medical conditions.`;
}
