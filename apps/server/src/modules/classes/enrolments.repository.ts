import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { SHARED_HOLD } from '../../domain/cart-hold.ts';

// Held enrolments (checkout) and the enrolment lists.

/**
 * Confirms held places still held at `now`, each with what was paid for it (decision 120), in one
 * statement; answers each confirmed place's class, student and kind, and whether the child has an
 * open waitlist place in the class (`waiting`) or a make-up booked into it from the place's start
 * (`makeups`), so the checkout writes those only when there is one to end.
 */
export async function confirmHeld(
  db: Db,
  companyId: number,
  places: readonly { id: number; paidCents: number }[],
  now: string,
): Promise<{ classId: number; studentId: number; kind: string; startDate: string; waiting: boolean; makeups: boolean }[]> {
  if (places.length === 0) return [];
  const ids = places.map((p) => p.id);
  const paid = sql.join(
    places.map((p) => sql`when ${p.id} then cast(${p.paidCents} as integer)`),
    sql` `,
  );
  const rows = await db
    .updateTable('enrolments')
    .set({ status: 'active', hold_until: null, paid_cents: sql<number>`case id ${paid} end` })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('status', '=', 'held')
    .where('hold_until', '>', now)
    .returning([
      'class_id',
      'student_id',
      'kind',
      'start_date',
      sql<boolean>`exists (select 1 from waitlist_entries w where w.company_id = enrolments.company_id and w.class_id = enrolments.class_id and w.student_id = enrolments.student_id and w.status in ('waiting', 'offered'))`.as(
        'waiting',
      ),
      sql<boolean>`exists (select 1 from enrolments m where m.company_id = enrolments.company_id and m.class_id = enrolments.class_id and m.student_id = enrolments.student_id and m.kind = 'temporary' and m.status = 'temporary' and m.start_date >= enrolments.start_date)`.as(
        'makeups',
      ),
    ])
    .execute();
  return rows.map((r) => ({
    classId: Number(r.class_id),
    studentId: Number(r.student_id),
    kind: r.kind,
    startDate: r.start_date,
    waiting: Boolean(r.waiting),
    makeups: Boolean(r.makeups),
  }));
}

export async function releaseHeld(db: Db, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.deleteFrom('enrolments').where('company_id', '=', companyId).where('id', 'in', ids).where('status', '=', 'held').returning('class_id').execute();
  return [...new Set(rows.map((r) => r.class_id))];
}

/** Holds two of the family's carts ask for: no one cart gives them back (decision 137). */
export async function shareHolds(db: Db, companyId: number, ids: number[]): Promise<void> {
  await db.updateTable('enrolments').set({ cart_id: SHARED_HOLD }).where('company_id', '=', companyId).where('id', 'in', ids).where('status', '=', 'held').execute();
}

/** The places a new family's registration holds (decision 109), lapsed or not. */
export async function findRegistrationHolds(db: Db, companyId: number, registrationId: number) {
  const rows = await db
    .selectFrom('enrolments')
    .select(['id', 'class_id', 'kind', 'start_date', 'hold_until'])
    .where('company_id', '=', companyId)
    .where('registration_id', '=', registrationId)
    .where('status', '=', 'held')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), class_id: Number(r.class_id), hold_until: r.hold_until! }));
}

/** Gives back every place a registration holds, answering what each was. */
export async function releaseRegistrationHolds(db: Db, companyId: number, registrationId: number) {
  const rows = await db
    .deleteFrom('enrolments')
    .where('company_id', '=', companyId)
    .where('registration_id', '=', registrationId)
    .where('status', '=', 'held')
    .returning(['class_id', 'kind', 'start_date', 'hold_until'])
    .execute();
  return rows.map((r) => ({ ...r, class_id: Number(r.class_id), hold_until: r.hold_until! }));
}

/** A family's live held places go back to the registration that made it (its children about to be removed). */
export async function giveClientHoldsToRegistration(db: Db, companyId: number, clientId: number, registrationId: number, now: string): Promise<void> {
  await db
    .updateTable('enrolments')
    .set({ student_id: null, registration_id: registrationId })
    .where('company_id', '=', companyId)
    .where('status', '=', 'held')
    .where('hold_until', '>', now)
    .where('student_id', 'in', (eb) => eb.selectFrom('students').select('id').where('company_id', '=', companyId).where('client_id', '=', clientId))
    .execute();
}

/** A registration's held places become its new students' holds, in one statement. */
export async function giveHoldsToStudents(db: Db, companyId: number, registrationId: number, handed: { id: number; studentId: number }[]): Promise<number[]> {
  if (handed.length === 0) return [];
  const student = sql<number>`case ${sql.join(
    handed.map((h) => sql`when id = ${h.id} then cast(${h.studentId} as integer)`),
    sql` `,
  )} end`;
  const rows = await db
    .updateTable('enrolments')
    .set({ student_id: student, registration_id: null })
    .where('company_id', '=', companyId)
    .where('registration_id', '=', registrationId)
    .where(
      'id',
      'in',
      handed.map((h) => h.id),
    )
    .where('status', '=', 'held')
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Lapsed holds of every company (the sweep): deleted, answering the classes they freed. */
export async function deleteLapsedHolds(db: Db, now: string) {
  return db.deleteFrom('enrolments').where('status', '=', 'held').where('hold_until', '<=', now).returning(['company_id', 'class_id']).execute();
}

export async function findStudentEnrolments(
  db: Db,
  input: { companyId: number; clientId: number; studentId: number; filter: 'current' | 'future' | 'past'; today: string; limit: number; offset: number },
) {
  const { companyId, today } = input;
  const base = db
    .selectFrom('enrolments as e')
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'e.student_id').on('st.company_id', '=', companyId).on('st.client_id', '=', input.clientId))
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 'e.class_id').on('c.company_id', '=', companyId))
    .where('e.company_id', '=', companyId)
    .where('e.student_id', '=', input.studentId)
    .where('e.status', 'in', ['active', 'temporary'])
    .where((eb) =>
      input.filter === 'future'
        ? eb('e.start_date', '>', today)
        : input.filter === 'past'
          ? eb.or([eb('e.end_date', '<', today), eb('c.last_date', '<', today), eb('c.last_date', 'is', null)])
          : eb.and([eb('e.start_date', '<=', today), eb.or([eb('e.end_date', 'is', null), eb('e.end_date', '>=', today)]), eb('c.last_date', '>=', today)]),
    );
  const [rows, count] = await Promise.all([
    base
      .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', companyId))
      .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', companyId))
      .select([
        'e.id',
        'e.class_id',
        'st.id as student_id',
        'e.kind',
        'e.start_date',
        'e.end_date',
        'c.name',
        'lf.name as lesson_format',
        'v.name as venue',
        'c.court',
        'c.staff',
        'c.day_of_week',
        'c.start_time',
        'c.duration_minutes',
        // Today's session (its start, to tell whether it is over yet) and the first one after today.
        (eb) =>
          eb
            .selectFrom('class_sessions as s')
            .select('s.start_time')
            .where('s.company_id', '=', companyId)
            .whereRef('s.class_id', '=', 'e.class_id')
            .where('s.status', '=', 'scheduled')
            .where('s.date', '=', today)
            .whereRef('s.date', '>=', 'e.start_date')
            .where((x) => x.or([x('e.end_date', 'is', null), x('s.date', '<=', x.ref('e.end_date'))]))
            .orderBy('s.start_time')
            .limit(1)
            .as('today_start'),
        (eb) =>
          eb
            .selectFrom('class_sessions as s')
            .select((x) => x.fn.min('s.date').as('d'))
            .where('s.company_id', '=', companyId)
            .whereRef('s.class_id', '=', 'e.class_id')
            .where('s.status', '=', 'scheduled')
            .where('s.date', '>', today)
            .whereRef('s.date', '>=', 'e.start_date')
            .where((x) => x.or([x('e.end_date', 'is', null), x('s.date', '<=', x.ref('e.end_date'))]))
            .as('next_after_today'),
      ])
      .orderBy('c.day_of_week')
      .orderBy('c.start_time')
      .orderBy('e.start_date')
      .orderBy('e.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Of the given classes' sessions on or after a day, those the student is notified absent from (class and date). */
export function findAbsentDates(db: Db, companyId: number, studentId: number, classIds: number[], from: string) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('absences as a')
    .innerJoin('class_sessions as s', (j) => j.onRef('s.id', '=', 'a.session_id').on('s.company_id', '=', companyId))
    .select(['s.class_id', 's.date'])
    .where('a.company_id', '=', companyId)
    .where('a.student_id', '=', studentId)
    .where('s.class_id', 'in', classIds)
    .where('s.date', '>=', from)
    .execute();
}

/** The student's enrolments (of this client) in one class, with the dates they cover. */
export function findEnrolmentsOfStudentInClass(db: Db, companyId: number, clientId: number, classId: number, studentId: number) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'e.student_id').on('st.company_id', '=', companyId).on('st.client_id', '=', clientId))
    .select(['e.id', 'e.kind', 'e.start_date', 'e.end_date'])
    .where('e.company_id', '=', companyId)
    .where('e.class_id', '=', classId)
    .where('e.student_id', '=', studentId)
    .where('e.status', 'in', ['active', 'temporary'])
    .execute();
}

/** The places a client's students hold now and have not bought (a cart's, or a checkout's in flight). */
export function findClientHolds(db: Db, companyId: number, clientId: number, now: string, classId?: number) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'e.student_id').on('st.company_id', '=', companyId).on('st.client_id', '=', clientId))
    .select(['e.id', 'e.class_id', 'st.id as student_id', 'e.kind', 'e.start_date', 'e.hold_until', 'e.cart_id'])
    .where('e.company_id', '=', companyId)
    .where('e.status', '=', 'held')
    .where('e.hold_until', '>', now)
    .$if(classId !== undefined, (w) => w.where('e.class_id', '=', classId as number))
    .orderBy('e.id')
    .execute();
}

/**
 * Live holds taken over by a checkout, in one statement: each held on until `until`, or its own
 * end where that is later. Answers the ids renewed (a lapsed one is not).
 */
export async function renewHolds(db: Db, companyId: number, ids: number[], until: string, now: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('enrolments')
    .set({ hold_until: sql<string>`case when hold_until > ${until} then hold_until else ${until} end` })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('status', '=', 'held')
    .where('hold_until', '>', now)
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The student's ongoing enrolment in a class that runs on or after `date` (a class change's starting point). */
export function findOngoingEnrolment(db: Db, companyId: number, clientId: number, classId: number, studentId: number, date: string) {
  return db
    .selectFrom('enrolments as e')
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'e.student_id').on('st.company_id', '=', companyId).on('st.client_id', '=', clientId))
    .select(['e.id', 'e.start_date', 'e.end_date', 'e.paid_cents', 'st.first_name', 'st.last_name'])
    .where('e.company_id', '=', companyId)
    .where('e.class_id', '=', classId)
    .where('e.student_id', '=', studentId)
    .where('e.kind', '=', 'ongoing')
    .where('e.status', '=', 'active')
    .where((eb) => eb.or([eb('e.end_date', 'is', null), eb('e.end_date', '>=', date)]))
    .orderBy('e.start_date')
    .executeTakeFirst();
}

/** Ends an ongoing enrolment on a date (a class change); one that would end before it starts is marked moved. */
export async function endEnrolment(db: Db, companyId: number, id: number, lastDate: string, startDate: string): Promise<void> {
  await db
    .updateTable('enrolments')
    .set(lastDate < startDate ? { status: 'moved', end_date: startDate } : { end_date: lastDate })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/**
 * Whether a class change ended the student's enrolment in a class for a new one starting on `startDate`:
 * one under way ends the day before; one not started yet is marked moved at its own start, which is
 * on or after the new one's (a Wednesday place not begun, moved to a class starting Sunday).
 */
export async function wasMovedFrom(db: Db, companyId: number, classId: number, studentId: number, startDate: string, dayBefore: string): Promise<boolean> {
  const row = await db
    .selectFrom('enrolments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('class_id', '=', classId)
    .where('student_id', '=', studentId)
    .where('kind', '=', 'ongoing')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'active'), eb('end_date', '=', dayBefore)]), eb.and([eb('status', '=', 'moved'), eb('end_date', '>=', startDate)])]))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives up places from `today` on (an instalment plan cancelled): an enrolment under way ends the
 * day before, one not started yet is cancelled. Answers the classes whose counts changed.
 */
export async function endEnrolmentsFrom(db: Db, companyId: number, ids: number[], today: string, yesterday: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const ended = await db
    .updateTable('enrolments')
    .set({ end_date: yesterday })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .where('start_date', '<', today)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .returning('class_id')
    .execute();
  const cancelled = await db
    .updateTable('enrolments')
    .set({ status: 'cancelled' })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .where('start_date', '>=', today)
    .returning('class_id')
    .execute();
  return [...new Set([...ended, ...cancelled].map((r) => r.class_id))];
}
