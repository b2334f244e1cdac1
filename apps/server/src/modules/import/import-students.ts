import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { normalizePicture, type NormalizedPicture } from '../../lib/images.ts';
import { studentPictureUrl } from '../../lib/student-picture-url.ts';
import { resolveDate } from './bundle-dates.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { insertRows, insertRowsReturningIds, setStudentPicture } from './import.repository.ts';
import type { ImportedClient } from './import-customers.ts';
import type { ImportScope } from './import-scope.ts';

type BundleStudent = CompanyBundle['customers'][number]['clients'][number]['students'][number];

/** The student record's columns beyond names, with list names and venue keys made ids. */
export function studentDetailsRow(s: BundleStudent, ids: { listId: (list: string, name: string | undefined) => number | null; venueId: (key: string) => number | null }) {
  const medical = s.medical_conditions.map((m) => ids.listId('medical_conditions', m)).filter((id): id is number => id !== null);
  return {
    reg_id: s.reg_id ?? null,
    gender_other: s.gender === 'Other' ? (s.gender_other ?? null) : null,
    phone_mobile: s.mobile ?? null,
    email: s.email?.toLowerCase() ?? null,
    addr_same_as_client: s.same_address ? 1 : 0,
    address1: s.address1 ?? null,
    address2: s.address2 ?? null,
    suburb: s.suburb ?? null,
    state: s.state ?? null,
    postcode: s.postcode ?? null,
    standard_id: ids.listId('standards', s.standard),
    medical_condition_ids: medical.length > 0 ? [...new Set(medical)].sort((a, b) => a - b).join(',') : null,
    additional_medical_conditions: s.additional_medical_conditions ?? null,
    referral_source_id: ids.listId('referral_sources', s.referral_source),
    school_id: ids.listId('school', s.school),
    venue_id: s.venue === undefined ? null : ids.venueId(s.venue),
    notes: s.notes ?? null,
    pending_days: s.preferred_days.length > 0 ? [...new Set(s.preferred_days)].sort((a, b) => a - b).join(',') : null,
    custom_field_values:
      s.custom_field_values.length > 0
        ? JSON.stringify(
            s.custom_field_values.map((v) => ({ CustomFieldID: v.CustomFieldID, CustomFieldItemID: /^[0-9]+$/.test(v.FieldValue) ? Number(v.FieldValue) : null, FieldValue: v.FieldValue })),
          )
        : null,
  };
}

/** Each bundle photo, checked and re-encoded, by "clientKey/studentKey"; each bad one is an issue at its path. */
export async function normalizeBundlePictures(bundle: CompanyBundle): Promise<{ pictures: Map<string, NormalizedPicture>; issues: { path: string; message: string }[] }> {
  const pictures = new Map<string, NormalizedPicture>();
  const issues: { path: string; message: string }[] = [];
  for (const [ci, customer] of bundle.customers.entries()) {
    for (const [li, client] of customer.clients.entries()) {
      for (const [si, s] of client.students.entries()) {
        if (!s.photo) continue;
        try {
          const bytes = Buffer.from(s.photo.slice(s.photo.indexOf(',') + 1), 'base64');
          pictures.set(`${client.key}/${s.key}`, await normalizePicture(bytes));
        } catch (err) {
          issues.push({ path: `customers.${ci}.clients.${li}.students.${si}.photo`, message: err instanceof AppError ? err.message : 'The picture could not be read' });
        }
      }
    }
  }
  return { pictures, issues };
}

/** Pictures, skill sets and certificates of the imported students. */
async function insertStudentExtras(
  trx: Db,
  company_id: number,
  students: { id: number; clientKey: string; s: BundleStudent }[],
  pictures: Map<string, NormalizedPicture>,
  today: string,
): Promise<void> {
  const now = new Date().toISOString();
  const withPicture = students.flatMap(({ id, clientKey, s }) => {
    const picture = pictures.get(`${clientKey}/${s.key}`);
    return picture ? [{ id, picture }] : [];
  });
  await insertRows(
    trx,
    'student_pictures',
    withPicture.map(({ id, picture }) => ({ company_id, student_id: id, image: picture.image, version: picture.version, updated_at: now })),
  );
  for (const { id, picture } of withPicture) await setStudentPicture(trx, company_id, id, studentPictureUrl(id, picture.version));
  await insertRows(
    trx,
    'student_skill_sets',
    students.flatMap(({ id, s }) =>
      s.skill_sets.map((set, i) => ({
        company_id,
        student_id: id,
        name: set.name,
        notes: set.notes,
        skills: JSON.stringify(set.skills.map((k) => ({ name: k.name, achieved_on: k.achieved_on === undefined ? null : resolveDate(k.achieved_on, today) }))),
        sort_order: i,
      })),
    ),
  );
  await insertRows(
    trx,
    'student_certificates',
    students.flatMap(({ id, s }) => s.certificates.map((c) => ({ company_id, student_id: id, name: c.name, issued_on: resolveDate(c.issued_on, today), description: c.description }))),
  );
}

/**
 * The clients' students with their pictures, skill sets and certificates; answers their ids by
 * "clientKey/studentKey" and by bare key (-1 for a bare key several clients use).
 */
export async function importStudents(
  trx: Db,
  scope: ImportScope,
  input: {
    clients: ImportedClient[];
    clientId: (key: string) => number;
    listId: (list: string, name: string | undefined) => number | null;
    venueIds: Map<string, number>;
    pictures: Map<string, NormalizedPicture>;
  },
): Promise<Map<string, number>> {
  const { companyId: company_id, now, today } = scope;
  const { clients, clientId, listId, venueIds, pictures } = input;
  const studentList = clients.flatMap(({ client }) => client.students.map((s) => ({ clientKey: client.key, s })));
  const studentIdList = await insertRowsReturningIds(
    trx,
    'students',
    studentList.map(({ clientKey, s }) => ({
      company_id,
      client_id: clientId(clientKey),
      first_name: s.first_name,
      last_name: s.last_name,
      dob: s.dob === undefined ? null : resolveDate(s.dob, today),
      gender: s.gender ?? '',
      standard: s.standard,
      ...studentDetailsRow(s, { listId, venueId: (k) => venueIds.get(k) ?? null }),
      profile_picture: null,
      created_at: now,
    })),
  );
  // Both reference forms point at the same row; the schema refused ambiguous bare keys.
  const studentIds = new Map<string, number>();
  studentList.forEach(({ clientKey, s }, i) => {
    const id = studentIdList[i] as number;
    studentIds.set(`${clientKey}/${s.key}`, id);
    studentIds.set(s.key, studentIds.has(s.key) ? -1 : id);
  });

  await insertStudentExtras(
    trx,
    company_id,
    studentList.map(({ clientKey, s }, i) => ({ id: studentIdList[i] as number, clientKey, s })),
    pictures,
    today,
  );
  return studentIds;
}
