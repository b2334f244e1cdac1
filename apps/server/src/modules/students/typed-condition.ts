import type { ListItem } from '@portal/shared/company-config';
import type { FormOutput } from '@portal/shared/form-engine/form-types';
import type { Ctx } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import * as repo from './student.repository.ts';

const LIST = 'medical_conditions';

/**
 * E9, L7 (decision 065): a condition the family typed under "Other medical conditions" when
 * updating a student joins the company's medical-condition list, and is ticked for the student
 * in place of the typed text, so the form offers it from then on. A name the list already has
 * (case and surrounding spaces aside) is ticked, not added again, also when another family's
 * request adds it at the same moment. Answers the form to store and the item added, if any.
 */
export async function listTypedCondition(ctx: Ctx, companyId: number, form: FormOutput<'student'>): Promise<{ form: FormOutput<'student'>; added: ListItem | null }> {
  const name = form.AdditionalMedicalConditions?.trim() ?? '';
  if (name === '' || !('MedicalConditionIDs' in form)) return { form, added: null };
  const { ids, added } = await tickTyped(ctx, companyId, form.MedicalConditionIDs ?? null, name);
  return { form: { ...form, MedicalConditionIDs: ids, AdditionalMedicalConditions: null }, added };
}

/** The list's item of that name (found, or added), ticked among the student's `ids` ("3,7"). */
async function tickTyped(ctx: Ctx, companyId: number, ticked: string | null, name: string): Promise<{ ids: string; added: ListItem | null }> {
  // A request adding the same name at the same moment may add it first: its item is ticked instead (decision 131).
  const existing = await repo.findActiveListItemByName(ctx.db, companyId, LIST, name);
  const inserted = existing === undefined ? await repo.insertListItem(ctx.db, companyId, LIST, name) : undefined;
  const id = existing ?? inserted ?? (await repo.findActiveListItemByName(ctx.db, companyId, LIST, name));
  if (id === undefined) throw new Error(`The ${LIST} item "${name}" was neither added nor found`);
  const ids = new Set(
    (ticked ?? '')
      .split(',')
      .filter((p) => p !== '')
      .map(Number),
  );
  ids.add(id);
  return { ids: [...ids].sort((x, y) => x - y).join(','), added: inserted !== undefined ? { FieldValueID: id, DisplayName: name, OCRFieldValueID: null } : null };
}

/**
 * A new family's registration, paid for: the conditions its children's forms typed, kept as text
 * until then (a refused registration leaves the company's list as it was), join the list and are
 * ticked, as listTypedCondition does for a student added in the portal.
 */
export async function listTypedConditionsOfFamily(ctx: Ctx, companyId: number, clientId: number): Promise<void> {
  for (const s of await repo.findAllStudentsByClient(ctx.db, companyId, clientId)) {
    if ((s.additional_medical_conditions ?? '').trim() === '') continue;
    const { ids } = await tickTyped(ctx, companyId, s.medical_condition_ids, s.additional_medical_conditions!.trim());
    await repo.updateStudent(ctx.db, companyId, clientId, s.id, { medical_condition_ids: ids, additional_medical_conditions: null, updated_at: nowIso() });
  }
}
