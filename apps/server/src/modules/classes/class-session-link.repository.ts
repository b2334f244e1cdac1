import type { Db } from '../../db/database.ts';

export async function insertLink(db: Db, input: { companyId: number; tokenHash: string; classId: number; fromDate: string; toDate: string; createdAt: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('class_session_links')
    .values({
      company_id: input.companyId,
      token_hash: input.tokenHash,
      class_id: input.classId,
      from_date: input.fromDate,
      to_date: input.toDate,
      created_at: input.createdAt,
      expires_at: input.expiresAt,
    })
    .execute();
}

/** A link of the company that has not expired, with its class, lesson format and venue. */
export function findLiveLink(db: Db, companyId: number, tokenHash: string, now: string) {
  return db
    .selectFrom('class_session_links as l')
    .innerJoin('classes as c', (j) => j.onRef('c.company_id', '=', 'l.company_id').onRef('c.id', '=', 'l.class_id'))
    .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.company_id', '=', 'c.company_id').onRef('lf.id', '=', 'c.lesson_format_id'))
    .leftJoin('venues as v', (j) => j.onRef('v.company_id', '=', 'c.company_id').onRef('v.id', '=', 'c.venue_id'))
    .select([
      'l.class_id',
      'l.from_date',
      'l.to_date',
      'l.expires_at',
      'l.revoked_at',
      'c.name',
      'c.standard',
      'c.court',
      'c.start_time',
      'c.duration_minutes',
      'lf.name as lesson_format',
      'v.name as venue',
      'v.address as venue_address',
    ])
    .where('l.company_id', '=', companyId)
    .where('l.token_hash', '=', tokenHash)
    .where('l.expires_at', '>', now)
    .executeTakeFirst();
}

/** The class's sessions that take place between two dates (cancelled ones left out), in order. */
export function findSessionsBetween(db: Db, companyId: number, classId: number, fromDate: string, toDate: string) {
  return db
    .selectFrom('class_sessions')
    .select(['id', 'date', 'start_time'])
    .where('company_id', '=', companyId)
    .where('class_id', '=', classId)
    .where('status', '=', 'scheduled')
    .where('date', '>=', fromDate)
    .where('date', '<=', toDate)
    .orderBy('date')
    .execute();
}

export function findSessionById(db: Db, companyId: number, sessionId: number) {
  return db.selectFrom('class_sessions').select(['id', 'class_id', 'date', 'status']).where('company_id', '=', companyId).where('id', '=', sessionId).executeTakeFirst();
}

export function findClassById(db: Db, companyId: number, classId: number) {
  return db.selectFrom('classes').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', classId).executeTakeFirst();
}

/** Every class of the company with its sessions from a date on, for choosing what to share. */
export function findClassesWithSessionsFrom(db: Db, companyId: number, fromDate: string) {
  return db
    .selectFrom('classes as c')
    .innerJoin('class_sessions as cs', (j) => j.onRef('cs.company_id', '=', 'c.company_id').onRef('cs.class_id', '=', 'c.id'))
    .select(['c.id as class_id', 'c.name', 'cs.id as session_id', 'cs.date', 'cs.status'])
    .where('c.company_id', '=', companyId)
    .where('cs.date', '>=', fromDate)
    .orderBy('c.id')
    .orderBy('cs.date')
    .execute();
}

/** Marks a live link of the company revoked; false when there is none with that hash. */
export async function revokeLink(db: Db, companyId: number, tokenHash: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('class_session_links')
    .set({ revoked_at: now })
    .where('company_id', '=', companyId)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteExpiredLinks(db: Db, now: string): Promise<void> {
  await db.deleteFrom('class_session_links').where('expires_at', '<=', now).execute();
}
