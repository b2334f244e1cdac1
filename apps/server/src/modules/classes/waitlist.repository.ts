import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The entry's student holds no term place in its class now (a cart's hold while the family pays,
 * or the place bought and not yet ended: a place left by a change of class, or an instalment plan
 * ended, keeps its row with a past end date). An offer keeps a place only until then (from then
 * on that place counts, not the offer), and a family waiting is offered a freed place only while
 * it holds none there.
 */
export const holdsNoTermPlace = (at: { now: string; today: string }, entry = 'waitlist_entries') =>
  sql<boolean>`not exists (select 1 from enrolments h where h.company_id = ${sql.ref(`${entry}.company_id`)} and h.class_id = ${sql.ref(`${entry}.class_id`)}
    and h.student_id = ${sql.ref(`${entry}.student_id`)} and h.kind = 'ongoing' and (h.end_date is null or h.end_date >= ${at.today})
    and (h.status = 'active' or (h.status = 'held' and h.hold_until > ${at.now})))`;

/** When the student's offer of a place in the class ends, while it is still open. */
export async function findOpenOfferEnd(db: Db, companyId: number, classId: number, studentId: number, now: string): Promise<string | null> {
  const row = await classWaitlist(db, companyId, classId)
    .select('offer_expires_at')
    .where('student_id', '=', studentId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', now)
    .executeTakeFirst();
  return row?.offer_expires_at ?? null;
}

/** Waitlist offers still held, per class: each keeps a place for its family. */
export function countHeldOffers(db: Db, companyId: number, classIds: number[], at: { now: string; today: string }) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('waitlist_entries')
    .select(['class_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', companyId)
    .where('class_id', 'in', classIds)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', at.now)
    .where(holdsNoTermPlace(at))
    .groupBy('class_id')
    .execute();
}

/** One class's waitlist entries. */
function classWaitlist(db: Db, companyId: number, classId: number) {
  return db.selectFrom('waitlist_entries').where('company_id', '=', companyId).where('class_id', '=', classId);
}

/**
 * A child's place at the end of a class's line; null where the child waits for it already (one
 * open entry: decision 141). The key's refusal is no error, so the caller's transaction goes on
 * (on PostgreSQL an error would end it).
 */
export async function joinWaitlistOnce(db: Db, row: { company_id: number; class_id: number; student_id: number; client_id: number; created_at: string }): Promise<number | null> {
  const inserted = await db
    .insertInto('waitlist_entries')
    .values({ ...row, status: 'waiting' })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'class_id', 'student_id'])
        .where(sql<boolean>`status in ('waiting', 'offered')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : null;
}

/** An imported waitlist place (a bundle's, checked before the import). */
export async function insertWaitlistEntry(db: Db, row: { company_id: number; class_id: number; student_id: number; client_id: number; created_at: string }) {
  const inserted = await db
    .insertInto('waitlist_entries')
    .values({ ...row, status: 'waiting' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** The client's open entries with their place in their class's line (1 = next). */
export function findClientWaitlist(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('waitlist_entries as w')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 'w.class_id').on('c.company_id', '=', companyId))
    .innerJoin('students as st', (j) => j.onRef('st.id', '=', 'w.student_id').on('st.company_id', '=', companyId))
    .select([
      'w.id',
      'w.class_id',
      'c.name as class_name',
      'w.student_id',
      'st.first_name',
      'st.last_name',
      'w.status',
      'w.offer_expires_at',
      (eb) =>
        eb
          .selectFrom('waitlist_entries as o')
          .select((x) => x.fn.countAll<number>().as('n'))
          .where('o.company_id', '=', companyId)
          .whereRef('o.class_id', '=', 'w.class_id')
          .where('o.status', 'in', ['waiting', 'offered'])
          .whereRef('o.id', '<=', 'w.id')
          .as('position'),
    ])
    .where('w.company_id', '=', companyId)
    .where('w.client_id', '=', clientId)
    .where('w.status', 'in', ['waiting', 'offered'])
    .orderBy('w.id')
    .execute();
}

export async function closeWaitlistEntry(db: Db, companyId: number, clientId: number, entryId: number, status: 'left' | 'enrolled', now: string): Promise<boolean> {
  const res = await db
    .updateTable('waitlist_entries')
    .set({ status, closed_at: now })
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .where('id', '=', entryId)
    .where('status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function closeWaitlistForStudent(db: Db, companyId: number, classId: number, studentId: number, now: string) {
  await closeWaitlistForStudents(db, companyId, [{ classId, studentId }], now);
}

/** The open entries of each student in each class given (places just taken), closed as enrolled in one statement. */
export async function closeWaitlistForStudents(db: Db, companyId: number, places: { classId: number; studentId: number }[], now: string) {
  if (places.length === 0) return;
  await db
    .updateTable('waitlist_entries')
    .set({ status: 'enrolled', closed_at: now })
    .where('company_id', '=', companyId)
    .where((eb) => eb.or(places.map((p) => eb.and([eb('class_id', '=', p.classId), eb('student_id', '=', p.studentId)]))))
    .where('status', 'in', ['waiting', 'offered'])
    .execute();
}

/** Offers whose hold lapsed, in every company: closed as expired, answering their classes. */
export async function expireOffers(db: Db, now: string) {
  return db
    .updateTable('waitlist_entries')
    .set({ status: 'expired', closed_at: now })
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<=', now)
    .returning(['company_id', 'class_id'])
    .execute();
}

/** Classes (of every company) with families waiting. */
export function findClassesWithWaiting(db: Db) {
  return db.selectFrom('waitlist_entries').select(['company_id', 'class_id']).distinct().where('status', '=', 'waiting').execute();
}

export function findFirstWaiting(db: Db, companyId: number, classId: number, count: number, at: { now: string; today: string }) {
  return (
    classWaitlist(db, companyId, classId)
      .select(['id', 'client_id', 'student_id'])
      // The child the place is offered for, named in the offer (a family may have several on waitlists).
      .select((eb) =>
        eb.selectFrom('students').select('students.first_name').whereRef('students.id', '=', 'waitlist_entries.student_id').where('students.company_id', '=', companyId).as('student_first_name'),
      )
      .where('status', '=', 'waiting')
      .where(holdsNoTermPlace(at))
      .orderBy('id')
      .limit(count)
      .execute()
  );
}

export async function markOffered(db: Db, companyId: number, entryId: number, now: string, expiresAt: string): Promise<boolean> {
  const res = await db
    .updateTable('waitlist_entries')
    .set({ status: 'offered', offered_at: now, offer_expires_at: expiresAt })
    .where('company_id', '=', companyId)
    .where('id', '=', entryId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
