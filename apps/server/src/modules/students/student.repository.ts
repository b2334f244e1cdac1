import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StudentsTable } from '../../db/schema.ts';

export type StudentRow = Selectable<StudentsTable>;
export type StudentColumns = Updateable<StudentsTable>;

/** A page of a client's students, by name. */
export async function findStudentsByClient(db: Db, input: { companyId: number; clientId: number; limit: number; offset: number }): Promise<{ rows: StudentRow[]; total: number }> {
  const base = db.selectFrom('students').where('company_id', '=', input.companyId).where('client_id', '=', input.clientId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('first_name').orderBy('last_name').orderBy('id').limit(input.limit).offset(input.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every student of a client (the first `limit` when given), by name. */
export function findAllStudentsByClient(db: Db, companyId: number, clientId: number, limit?: number): Promise<StudentRow[]> {
  const q = db.selectFrom('students').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('first_name').orderBy('last_name').orderBy('id');
  return (limit === undefined ? q : q.limit(limit)).execute();
}

/** The student, only when it belongs to this client of this company. */
export function findStudentByClient(db: Db, companyId: number, clientId: number, studentId: number): Promise<StudentRow | undefined> {
  return db.selectFrom('students').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).where('id', '=', studentId).executeTakeFirst();
}

/**
 * New students in as few statements as their column sets allow (one when every row names the
 * same columns, as rows of one form do); answers their ids in the rows' order. A statement's ids
 * come back in the order its rows were given ids, which is theirs (RETURNING's own order is not
 * promised on SQLite).
 */
export async function insertStudents(db: Db, rows: Insertable<StudentsTable>[]): Promise<number[]> {
  const ids: number[] = [];
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = Object.keys(row).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const members of groups.values()) {
    const made = await db
      .insertInto('students')
      .values(members.map((i) => rows[i]!))
      .returning('id')
      .execute();
    const sorted = made.map((r) => Number(r.id)).sort((a, b) => a - b);
    for (const [n, i] of members.entries()) ids[i] = sorted[n]!;
  }
  return ids;
}

export async function updateStudent(db: Db, companyId: number, clientId: number, studentId: number, values: StudentColumns): Promise<void> {
  await db.updateTable('students').set(values).where('company_id', '=', companyId).where('client_id', '=', clientId).where('id', '=', studentId).execute();
}

/** A save of the student form: the details version moves on, from `version` only when one is named. False when it had moved on already. */
export async function saveStudentForm(db: Db, companyId: number, clientId: number, studentId: number, values: StudentColumns, version: number | null): Promise<boolean> {
  let update = db
    .updateTable('students')
    .set((eb) => ({ ...values, details_version: eb('details_version', '+', 1) }))
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('id', '=', studentId);
  if (version !== null) update = update.where('details_version', '=', version);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The student's enrolments that have not ended, with their class, format and venue. */
export function findCurrentEnrolments(db: Db, companyId: number, studentId: number, today: string) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 'e.class_id').on('c.company_id', '=', companyId))
    .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', companyId))
    .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', companyId))
    .select([
      'c.id as class_id',
      'c.name as class_name',
      'c.day_of_week',
      'c.start_time',
      'c.duration_minutes',
      'c.court',
      'lf.id as lesson_format_id',
      'lf.name as lesson_format',
      'v.id as venue_id',
      'v.name as venue',
      'e.start_date',
      'e.end_date',
      'e.kind',
    ])
    .where('e.company_id', '=', companyId)
    .where('e.student_id', '=', studentId)
    .where('e.status', 'in', ['active', 'temporary'])
    .where((eb) => eb.or([eb('e.end_date', 'is', null), eb('e.end_date', '>=', today)]))
    .orderBy('c.day_of_week')
    .orderBy('c.start_time')
    .execute();
}

/** Sessions of these classes from a date on. */
export function findSessionsFrom(db: Db, companyId: number, classIds: number[], from: string) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('class_sessions')
    .select(['id', 'class_id', 'date', 'start_time', 'status'])
    .where('company_id', '=', companyId)
    .where('class_id', 'in', classIds)
    .where('date', '>=', from)
    .orderBy('date')
    .execute();
}

/** The sessions among `sessionIds` the student is notified absent from. */
export function findAbsentSessionIds(db: Db, companyId: number, studentId: number, sessionIds: number[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('absences').select('session_id').where('company_id', '=', companyId).where('student_id', '=', studentId).where('session_id', 'in', sessionIds).execute();
}

export function findPicture(db: Db, companyId: number, studentId: number) {
  return db.selectFrom('student_pictures').select(['image', 'version']).where('company_id', '=', companyId).where('student_id', '=', studentId).executeTakeFirst();
}

/** Stores the student's picture and points the record at it, together. */
export async function savePicture(db: Db, input: { companyId: number; studentId: number; image: Buffer; version: string; url: string; now: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('student_pictures')
      .values({ company_id: input.companyId, student_id: input.studentId, image: input.image, version: input.version, updated_at: input.now })
      .onConflict((oc) => oc.column('student_id').doUpdateSet({ image: input.image, version: input.version, updated_at: input.now }))
      .execute();
    await trx.updateTable('students').set({ profile_picture: input.url, updated_at: input.now }).where('company_id', '=', input.companyId).where('id', '=', input.studentId).execute();
  });
}

export async function deletePicture(db: Db, companyId: number, studentId: number, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('student_pictures').where('company_id', '=', companyId).where('student_id', '=', studentId).execute();
    await trx.updateTable('students').set({ profile_picture: null, updated_at: now }).where('company_id', '=', companyId).where('id', '=', studentId).execute();
  });
}

export function findSkillSets(db: Db, companyId: number, studentId: number) {
  return db
    .selectFrom('student_skill_sets')
    .select(['id', 'name', 'notes', 'skills'])
    .where('company_id', '=', companyId)
    .where('student_id', '=', studentId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function findCertificates(db: Db, companyId: number, studentId: number) {
  return db
    .selectFrom('student_certificates')
    .select(['id', 'name', 'issued_on', 'description'])
    .where('company_id', '=', companyId)
    .where('student_id', '=', studentId)
    .orderBy('issued_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The company's active item of a list with this name, case aside (the first, when there are several). */
export async function findActiveListItemByName(db: Db, companyId: number, list: string, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('list_items')
    .select('id')
    .where('company_id', '=', companyId)
    .where('list_name', '=', list)
    .where('active', '=', 1)
    .where((eb) => eb(eb.fn('lower', [eb.fn('trim', ['display_name'])]), '=', name.trim().toLowerCase()))
    .orderBy('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/**
 * Adds an active item at the end of one of the company's lists; answers its id, or nothing when
 * the list already has an active item of that name (case and surrounding spaces aside: the
 * unique index list_items_active_name, decision 131), as when another request added it meanwhile.
 */
export async function insertListItem(db: Db, companyId: number, list: string, name: string): Promise<number | undefined> {
  const last = await db
    .selectFrom('list_items')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('n'))
    .where('company_id', '=', companyId)
    .where('list_name', '=', list)
    .executeTakeFirst();
  const row = await db
    .insertInto('list_items')
    .values({ company_id: companyId, list_name: list, display_name: name, ocr_field_value_id: null, active: 1, sort_order: Number(last?.n ?? 0) + 1 })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}
