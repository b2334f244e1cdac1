import type { ListItem } from '@portal/shared/company-config';
import type { FormOutput, FormValues } from '@portal/shared/form-engine/form-types';
import { GENDER_TYPES } from '@portal/shared/form-engine/form-types';
import { fieldMessages } from '@portal/shared/messages';
import { studentMessages, type BookedClass, type StudentRecord, type StudentSummary } from '@portal/shared/student-schemas';
import type { Ctx } from '../../context.ts';
import { recordActivity, type NewActivity } from '../activity/activity.api.ts';
import { parseCustomValues, studentChanges } from './student-fields.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound, recordChanged } from '../../lib/app-error.ts';
import { normalizePicture } from '../../lib/images.ts';
import { parseStudentPictureUrl, studentPictureUrl } from '../../lib/student-picture-url.ts';
import { companyTimeZone, localNow, nowIso, sessionIsOver } from '../../lib/time.ts';
import { getCustomerDetails, getCustomerFormRecord } from '../accounts/accounts.api.ts';
import { findListItems } from '../company/company.api.ts';
import { emptyMandatoryInputs, loadCompanyForm, parseCompanyForm, type FormOptions } from '../forms/forms.api.ts';
import { completeSignInActions, hasPendingStudentUpdate } from '../accounts/accounts.api.ts';
import * as repo from './student.repository.ts';
import { listTypedCondition } from './typed-condition.ts';

/**
 * Students belong to a client of a company. Every function here takes both and answers only
 * that client's students, so another family's or another company's student is "not found".
 */

/** A page of this client's students (E1). */
export function listStudentsOfClient(ctx: Ctx, companyId: number, clientId: number, page: { limit: number; offset: number }) {
  return repo.findStudentsByClient(ctx.db, { companyId, clientId, ...page });
}

/** Every student of this client, for pickers (enrolments, bookings, cart). */
export function listAllStudentsOfClient(ctx: Ctx, companyId: number, clientId: number): Promise<repo.StudentRow[]> {
  return repo.findAllStudentsByClient(ctx.db, companyId, clientId);
}

/** The student when it belongs to this client of this company; undefined otherwise. */
export function findStudentOfClient(ctx: Ctx, companyId: number, clientId: number, studentId: number): Promise<repo.StudentRow | undefined> {
  return repo.findStudentByClient(ctx.db, companyId, clientId, studentId);
}

/** The student of this client, or a 404 that says nothing about whose it is. */
export async function requireStudentOfClient(ctx: Ctx, companyId: number, clientId: number, studentId: number): Promise<repo.StudentRow> {
  const row = await findStudentOfClient(ctx, companyId, clientId, studentId);
  if (!row) throw notFound();
  return row;
}

const orNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

function genderType(v: string): StudentRecord['GenderType'] {
  return (GENDER_TYPES as readonly string[]).includes(v) ? (v as StudentRecord['GenderType']) : null;
}

export function toSummary(row: repo.StudentRow): StudentSummary {
  const type = genderType(row.gender);
  return {
    StudentID: Number(row.id),
    FirstName: row.first_name,
    LastName: row.last_name,
    RegID: orNull(row.reg_id),
    DOB: orNull(row.dob),
    GenderType: type,
    GenderOther: type === 'Other' ? orNull(row.gender_other) : null,
    Gender: type ? (type.charAt(0) as StudentSummary['Gender']) : null,
    Standard: row.standard,
    profile_picture: orNull(row.profile_picture),
  };
}

async function bookedClasses(ctx: Ctx, company: Company, studentId: number): Promise<BookedClass[]> {
  const now = localNow(companyTimeZone(company.settings.localization), ctx.clock.now());
  const enrolments = await repo.findCurrentEnrolments(ctx.db, company.id, studentId, now.date);
  const sessions = await repo.findSessionsFrom(ctx.db, company.id, [...new Set(enrolments.map((e) => Number(e.class_id)))], now.date);
  const places = enrolments.map((e) => {
    const own = sessions.filter((s) => Number(s.class_id) === Number(e.class_id) && s.date >= e.start_date && (e.end_date === null || s.date <= e.end_date));
    // Today's session stays the next one until it ends (decision 081).
    return { e, own, upcoming: own.find((s) => s.status !== 'cancelled' && !sessionIsOver(s, e.duration_minutes, now)) };
  });
  // Whether the child will miss each place's next session: asked of those few sessions only.
  const nextIds = places.flatMap((p) => (p.upcoming ? [Number(p.upcoming.id)] : []));
  const absent = new Set((await repo.findAbsentSessionIds(ctx.db, company.id, studentId, nextIds)).map((a) => Number(a.session_id)));
  return places.map(({ e, own, upcoming }) => {
    const dates = own.map((s) => ({ SessionID: Number(s.id), Date: s.date, Status: s.status === 'cancelled' ? ('cancelled' as const) : ('scheduled' as const) }));
    const next = upcoming ? { SessionID: Number(upcoming.id), Date: upcoming.date, Absent: absent.has(Number(upcoming.id)) } : null;
    return {
      ClassID: Number(e.class_id),
      OCRName: e.class_name,
      LessonFormat: e.lesson_format_id === null || e.lesson_format === null ? null : { LessonFormatID: Number(e.lesson_format_id), Name: e.lesson_format },
      DayOfWeek: e.day_of_week,
      Time: e.start_time,
      DurationMinutes: e.duration_minutes,
      Venue: e.venue_id === null || e.venue === null ? null : { VenueID: Number(e.venue_id), Name: e.venue },
      Court: e.court,
      StartDate: e.start_date,
      EndDate: e.end_date,
      Ongoing: e.kind === 'ongoing',
      Kind: e.kind,
      next_session: next,
      dates,
    };
  });
}

/** The whole record (E29) with its booked classes (E27). */
export async function getStudentRecord(ctx: Ctx, company: Company, clientId: number, studentId: number): Promise<StudentRecord> {
  const row = await requireStudentOfClient(ctx, company.id, clientId, studentId);
  return toRecord(ctx, company, clientId, row);
}

async function toRecord(ctx: Ctx, company: Company, clientId: number, row: repo.StudentRow): Promise<StudentRecord> {
  const same = sameAddress(row);
  const [classes, client] = await Promise.all([bookedClasses(ctx, company, Number(row.id)), same ? getCustomerDetails(ctx, company.id, clientId) : null]);
  return recordOf(row, client, classes);
}

const sameAddress = (row: repo.StudentRow) => Number(row.addr_same_as_client) === 1;

/** The record of a stored student, with its family's place when it shares its address, and its booked classes. */
function recordOf(row: repo.StudentRow, client: { Suburb: string | null; State: string | null; Postcode: string | null } | null, classes: BookedClass[]): StudentRecord {
  const same = sameAddress(row);
  const place = same && client ? { Suburb: client.Suburb, State: client.State, Postcode: client.Postcode } : { Suburb: orNull(row.suburb), State: orNull(row.state), Postcode: orNull(row.postcode) };
  return {
    ...toSummary(row),
    PhoneMobile: orNull(row.phone_mobile),
    Email: orNull(row.email),
    AddrSameAsClient: same,
    Address1: orNull(row.address1),
    Address2: orNull(row.address2),
    Suburb: orNull(row.suburb),
    State: orNull(row.state),
    Postcode: orNull(row.postcode),
    Location: place.Suburb || place.State || place.Postcode ? place : null,
    StandardID: row.standard_id === null ? null : Number(row.standard_id),
    MedicalConditionIDs: orNull(row.medical_condition_ids),
    AdditionalMedicalConditions: orNull(row.additional_medical_conditions),
    ReferralSourceID: row.referral_source_id === null ? null : Number(row.referral_source_id),
    SchoolID: row.school_id === null ? null : Number(row.school_id),
    VenueID: row.venue_id === null ? null : Number(row.venue_id),
    Notes: orNull(row.notes),
    PendingDays: orNull(row.pending_days),
    custom_field_values: parseCustomValues(row.custom_field_values),
    bookedClasses: classes,
    Version: Number(row.details_version),
  };
}

type StudentForm = FormOutput<'student'>;

/** Form keys → columns of the plain fields; each is written only when the configuration shows its field. */
const COLUMNS = {
  FirstName: 'first_name',
  LastName: 'last_name',
  DOB: 'dob',
  GenderOther: 'gender_other',
  PhoneMobile: 'phone_mobile',
  Email: 'email',
  Address1: 'address1',
  Address2: 'address2',
  Suburb: 'suburb',
  State: 'state',
  Postcode: 'postcode',
  MedicalConditionIDs: 'medical_condition_ids',
  AdditionalMedicalConditions: 'additional_medical_conditions',
  ReferralSourceID: 'referral_source_id',
  SchoolID: 'school_id',
  VenueID: 'venue_id',
  Notes: 'notes',
  PendingDays: 'pending_days',
} as const satisfies Partial<Record<keyof StudentForm, keyof repo.StudentColumns>>;

/**
 * What only the server can check (decision 017): each list id the form sends is an active item
 * of this company's list, or the one the record already holds (an item made inactive since, X8).
 */
async function checkListIds(ctx: Ctx, companyId: number, form: StudentForm, stored: repo.StudentRow | undefined): Promise<void> {
  // The company's lists as its config reads them (one read per request), their active items only.
  const items = (await findListItems(ctx, companyId)).filter((i) => Number(i.active) === 1).map((i) => ({ list: i.list_name, id: Number(i.id) }));
  const errors: { field: string; message: string }[] = [];
  const allowed = (list: string, id: number, kept: string | number | null | undefined) =>
    items.some((i) => i.list === list && i.id === id) ||
    String(kept ?? '')
      .split(',')
      .map(Number)
      .includes(id);
  const one = (key: keyof StudentForm, list: string, kept: number | null | undefined) => {
    const id = form[key];
    if (typeof id === 'number' && !allowed(list, id, kept)) errors.push({ field: key, message: fieldMessages.selectAnOption });
  };
  one('StandardID', 'standards', stored?.standard_id);
  one('ReferralSourceID', 'referral_sources', stored?.referral_source_id);
  one('SchoolID', 'school', stored?.school_id);
  one('VenueID', 'venues', stored?.venue_id);
  if (typeof form.MedicalConditionIDs === 'string') {
    for (const id of form.MedicalConditionIDs.split(',').map(Number)) {
      if (!allowed('medical_conditions', id, stored?.medical_condition_ids)) {
        errors.push({ field: 'MedicalConditionIDs', message: fieldMessages.selectAnOption });
        break;
      }
    }
  }
  if (errors.length > 0) throw new AppError(400, 'VALIDATION', errors[0]!.message, errors);
}

/** The columns a parsed form writes: only the keys it holds (the fields the configuration shows). */
async function columnsOf(ctx: Ctx, companyId: number, form: StudentForm, stored: repo.StudentRow | undefined): Promise<repo.StudentColumns> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS)) {
    if (key in form) out[column] = (form as Record<string, unknown>)[key] ?? null;
  }
  if ('GenderType' in form) out.gender = form.GenderType ?? '';
  if ('GenderType' in form && form.GenderType !== 'Other') out.gender_other = null;
  if ('AddrSameAsClient' in form) out.addr_same_as_client = form.AddrSameAsClient ? 1 : 0;
  if ('StandardID' in form) {
    out.standard_id = form.StandardID ?? null;
    // Any standards item of the company, active or not (a stored record may name an inactive one).
    const standard = form.StandardID ? (await findListItems(ctx, companyId)).find((i) => i.list_name === 'standards' && Number(i.id) === form.StandardID) : undefined;
    out.standard = standard?.display_name ?? '';
  }
  if (form.custom_field_values) {
    // Values of custom fields the form does not show (hidden since, or another profile's) are kept.
    const shown = new Set(form.custom_field_values.map((v) => v.CustomFieldID));
    const kept = parseCustomValues(stored?.custom_field_values ?? null).filter((v) => !shown.has(v.CustomFieldID));
    const values = [...kept, ...form.custom_field_values.filter((v) => v.FieldValue !== null)].sort((a, b) => a.CustomFieldID - b.CustomFieldID);
    out.custom_field_values = values.length > 0 ? JSON.stringify(values) : null;
  }
  return out as repo.StudentColumns;
}

function assertEditAllowed(company: Company): void {
  if (company.settings.switches.AllowStudentEdit === false) throw new AppError(403, 'STUDENT_EDIT_OFF', studentMessages.editNotAllowed);
}

/** Adds a student to this client's account with the company's student form (E6). */
export async function addStudent(ctx: Ctx, company: Company, clientId: number, body: unknown): Promise<{ student: StudentRecord; newMedicalCondition?: ListItem }> {
  const parsed = await parseStudentForm(ctx, company, body);
  const { id, added } = await ctx.transaction(async (tx) => {
    // E9: a condition typed in joins the company's list, as it does when the student is updated (decision 065).
    const { form, added } = await listTypedCondition(tx, company.id, parsed);
    const [id] = await insertStudents(tx, company, clientId, [form]);
    return { id: id!, added };
  });
  const student = await getStudentRecord(ctx, company, clientId, id);
  return added ? { student, newMedicalCondition: added } : { student };
}

/**
 * Parses a new student's form: the company's, or a registration profile's (N9), with the list
 * items it names checked against the company's; a 400 with each field's message.
 */
export async function parseStudentForm(ctx: Ctx, company: Company, body: unknown, options: FormOptions = {}): Promise<FormOutput<'student'>> {
  const form = parseCompanyForm(await loadCompanyForm(ctx, company, 'student', options), body);
  await checkListIds(ctx, company.id, form, undefined);
  return form;
}

/**
 * Writes forms parsed by parseStudentForm as new students of the client, in one statement (in the
 * caller's transaction when `ctx.db` is one); answers their ids in the forms' order. What the log
 * says goes to `activity` when the caller writes its own with it, else it is written here.
 */
export async function insertStudents(ctx: Ctx, company: Company, clientId: number, forms: FormOutput<'student'>[], activity?: NewActivity[]): Promise<number[]> {
  const now = nowIso();
  const rows = [];
  for (const form of forms) {
    const columns = await columnsOf(ctx, company.id, form, undefined);
    rows.push({
      gender: '',
      standard: '',
      dob: null,
      ...columns,
      company_id: company.id,
      client_id: clientId,
      first_name: form.FirstName,
      last_name: form.LastName,
      profile_picture: null,
      created_at: now,
      updated_at: now,
    });
  }
  const entries = forms.map((form) => ({ companyId: company.id, clientId, kind: 'student' as const, summary: `Added ${form.FirstName} ${form.LastName}`.trim() }));
  if (activity) activity.push(...entries);
  else await recordActivity(ctx, entries);
  return repo.insertStudents(ctx.db, rows);
}

/** Saves the student form (E8); RegID is the company's to assign and is never taken from the form. */
export async function updateStudent(
  ctx: Ctx,
  company: Company,
  clientId: number,
  studentId: number,
  body: unknown,
  /** The version the form was filled from (If-Match, decision 145); null saves over any. */
  version: number | null = null,
): Promise<{ updatedStudent: StudentRecord; newMedicalCondition?: ListItem }> {
  const stored = await requireStudentOfClient(ctx, company.id, clientId, studentId);
  // With AllowStudentEdit off, the form stays open for a student the company asks to update
  // (a pending UpdateStudent sign-in action), so the action can be completed (decision 021).
  if (!(await hasPendingStudentUpdate(ctx, company.id, clientId, studentId))) assertEditAllowed(company);
  const parsed = parseCompanyForm(await loadCompanyForm(ctx, company, 'student'), body);
  await checkListIds(ctx, company.id, parsed, stored);
  const added = await ctx.transaction(async (tx) => {
    // R34, E9: a condition typed in joins the company's list and is answered as newMedicalCondition (decision 065).
    const { form, added } = await listTypedCondition(tx, company.id, parsed);
    const columns = await columnsOf(tx, company.id, form, stored);
    // Moved on only from the version the form was filled from: two saves from one version, the second is refused.
    if (!(await repo.saveStudentForm(tx.db, company.id, clientId, studentId, { ...columns, updated_at: nowIso() }, version))) throw recordChanged();
    const changes = studentChanges(stored, columns);
    if (changes.length) await recordActivity(tx, { companyId: company.id, clientId, kind: 'student', summary: `Changed ${stored.first_name}'s details`, changes });
    // Saved through the company's form: an UpdateStudent sign-in action for this student is done.
    await completeSignInActions(tx, company.id, clientId, 'UpdateStudent', { studentId });
    return added;
  });
  const updatedStudent = await getStudentRecord(ctx, company, clientId, studentId);
  return added ? { updatedStudent, newMedicalCondition: added } : { updatedStudent };
}

/** Checks, re-encodes and stores a picture (E24); answers the URL the record now names. */
export async function updatePicture(ctx: Ctx, company: Company, clientId: number, studentId: number, bytes: Buffer): Promise<string> {
  assertEditAllowed(company);
  const student = await requireStudentOfClient(ctx, company.id, clientId, studentId);
  const picture = await normalizePicture(bytes);
  const url = studentPictureUrl(studentId, picture.version);
  await repo.savePicture(ctx.db, { companyId: company.id, studentId, image: picture.image, version: picture.version, url, now: nowIso() });
  await recordActivity(ctx, { companyId: company.id, clientId, kind: 'student', summary: `Changed ${student.first_name}'s picture` });
  return url;
}

export async function deletePicture(ctx: Ctx, company: Company, clientId: number, studentId: number): Promise<void> {
  assertEditAllowed(company);
  const student = await requireStudentOfClient(ctx, company.id, clientId, studentId);
  await repo.deletePicture(ctx.db, company.id, studentId, nowIso());
  await recordActivity(ctx, { companyId: company.id, clientId, kind: 'student', summary: `Removed ${student.first_name}'s picture` });
}

/**
 * A stored picture of one of this client's students, named by the URL a record holds (E26).
 * The URL is only read for the student id; nothing is fetched, and anything else is a 404.
 */
export async function findPictureByUrl(ctx: Ctx, companyId: number, clientId: number, url: string): Promise<{ image: Buffer; version: string }> {
  const ref = parseStudentPictureUrl(url);
  if (!ref) throw notFound();
  return findPicture(ctx, companyId, clientId, ref.studentId);
}

export async function findPicture(ctx: Ctx, companyId: number, clientId: number, studentId: number): Promise<{ image: Buffer; version: string }> {
  await requireStudentOfClient(ctx, companyId, clientId, studentId);
  const picture = await repo.findPicture(ctx.db, companyId, studentId);
  if (!picture) throw notFound();
  return { image: Buffer.from(picture.image), version: picture.version };
}

interface StoredSkill {
  name?: unknown;
  achieved_on?: unknown;
}

/** Skill sets (E22), for a company that shows them (the endpoint's switch); notes only when it shows notes. */
export async function listSkillSets(ctx: Ctx, company: Company, clientId: number, studentId: number) {
  await requireStudentOfClient(ctx, company.id, clientId, studentId);
  const rows = await repo.findSkillSets(ctx.db, company.id, studentId);
  const notes = company.settings.switches.ShowSkillSetNotes;
  return rows.map((r) => {
    let skills: StoredSkill[] = [];
    try {
      const parsed: unknown = JSON.parse(r.skills);
      if (Array.isArray(parsed)) skills = parsed as StoredSkill[];
    } catch {
      skills = [];
    }
    return {
      SkillSetID: Number(r.id),
      Name: r.name,
      Notes: notes && r.notes ? r.notes : null,
      skills: skills
        .filter((k) => typeof k.name === 'string')
        .map((k) => ({ Name: String(k.name), Achieved: typeof k.achieved_on === 'string', AchievedDate: typeof k.achieved_on === 'string' ? k.achieved_on : null })),
    };
  });
}

/** Certificates (E23), for a company that has them switched on (the endpoint's switch). */
export async function listCertificates(ctx: Ctx, company: Company, clientId: number, studentId: number) {
  await requireStudentOfClient(ctx, company.id, clientId, studentId);
  const rows = await repo.findCertificates(ctx.db, company.id, studentId);
  return rows.map((r) => ({ CertificateID: Number(r.id), Name: r.name, IssuedDate: r.issued_on, Description: r.description }));
}

/** The client's students whose record leaves a mandatory field of the student form empty (UpdateStudent, decision 021). */
export async function studentsWithEmptyMandatoryFields(ctx: Ctx, company: Company, clientId: number): Promise<number[]> {
  const rows = await repo.findAllStudentsByClient(ctx.db, company.id, clientId, 500);
  if (rows.length === 0) return [];
  // The form's fields only: a record without its booked classes, the family's place read once.
  const [form, client] = await Promise.all([loadCompanyForm(ctx, company, 'student'), rows.some(sameAddress) ? getCustomerFormRecord(ctx, company.id, clientId) : null]);
  return rows.filter((row) => emptyMandatoryInputs(form, recordOf(row, client, []) as unknown as FormValues).length > 0).map((row) => row.id);
}
