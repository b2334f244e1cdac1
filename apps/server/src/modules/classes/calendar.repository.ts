import type { Db } from '../../db/database.ts';

/** A family's one working calendar link, made or made again: the old token stops working in the same statement (decision 141). */
export async function replaceCalendarFeed(db: Db, companyId: number, clientId: number, tokenHash: string, now: string) {
  await db
    .insertInto('calendar_feeds')
    .values({ company_id: companyId, client_id: clientId, token_hash: tokenHash, created_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'client_id']).where('revoked_at', 'is', null).doUpdateSet({ token_hash: tokenHash, created_at: now }))
    .execute();
}

export async function revokeCalendarFeeds(db: Db, companyId: number, clientId: number, now: string) {
  await db.updateTable('calendar_feeds').set({ revoked_at: now }).where('company_id', '=', companyId).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
}

export function findActiveCalendarFeed(db: Db, companyId: number, clientId: number) {
  return db.selectFrom('calendar_feeds').select(['id', 'created_at']).where('company_id', '=', companyId).where('client_id', '=', clientId).where('revoked_at', 'is', null).executeTakeFirst();
}

/** The feed a token opens, with its company (the feed URL carries no session). */
export function findCalendarFeedByHash(db: Db, tokenHash: string) {
  return db.selectFrom('calendar_feeds').select(['company_id', 'client_id']).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Each session of a class one of the client's students is enrolled in on that date, with the student. */
function clientSessions(db: Db, companyId: number, clientId: number) {
  return db
    .selectFrom('class_sessions as cs')
    .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 'cs.class_id').on('c.company_id', '=', companyId))
    .innerJoin('enrolments as e', (j) =>
      j
        .onRef('e.class_id', '=', 'c.id')
        .on('e.company_id', '=', companyId)
        .on('e.status', 'in', ['active', 'temporary'])
        .onRef('e.start_date', '<=', 'cs.date')
        .on((eb) => eb.or([eb('e.end_date', 'is', null), eb('e.end_date', '>=', eb.ref('cs.date'))])),
    )
    .innerJoin('students as s', (j) => j.onRef('s.id', '=', 'e.student_id').on('s.company_id', '=', companyId).on('s.client_id', '=', clientId))
    .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', companyId))
    .where('cs.company_id', '=', companyId);
}

/** Sessions from `from` of every enrolment of the client's students, with any absence notified. */
export function findClientSessionsFrom(db: Db, companyId: number, clientId: number, from: string, to: string) {
  return clientSessions(db, companyId, clientId)
    .leftJoin('absences as a', (j) => j.onRef('a.session_id', '=', 'cs.id').onRef('a.student_id', '=', 's.id').on('a.company_id', '=', companyId))
    .select([
      'cs.id as session_id',
      'cs.date',
      'cs.start_time',
      'cs.status',
      'c.name',
      'c.court',
      'c.duration_minutes',
      'v.name as venue',
      'v.address',
      's.id as student_id',
      's.first_name',
      'e.kind',
      'a.reason as absence_reason',
    ])
    .where('cs.date', '>=', from)
    .where('cs.date', '<=', to)
    .orderBy('cs.date')
    .orderBy('cs.start_time')
    .limit(2000)
    .execute();
}

/**
 * A page of the client's scheduled sessions still to come (from today at `nowTime`), with how many there are; a session a child
 * is notified absent from stays listed, marked `absent` (F5: the session then shows as absent).
 */
export async function findClientUpcomingSessions(db: Db, input: { companyId: number; clientId: number; today: string; nowTime: string; limit: number; offset: number }) {
  const base = clientSessions(db, input.companyId, input.clientId)
    .where('cs.status', '=', 'scheduled')
    .where((eb) => eb.or([eb('cs.date', '>', input.today), eb.and([eb('cs.date', '=', input.today), eb('cs.start_time', '>=', input.nowTime)])]));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', input.companyId))
      .select([
        'cs.id as session_id',
        'cs.date',
        'cs.start_time',
        'c.id as class_id',
        'c.court',
        'c.standard',
        'c.lesson_format_id',
        'lf.name as lesson_format',
        'c.venue_id',
        'v.name as venue',
        's.id as student_id',
        's.first_name',
        's.last_name',
        's.profile_picture',
        'e.kind',
        (eb) =>
          eb
            .exists(eb.selectFrom('absences as a').select('a.id').whereRef('a.session_id', '=', 'cs.id').whereRef('a.student_id', '=', 's.id').where('a.company_id', '=', input.companyId))
            .as('absent'),
      ])
      .orderBy('cs.date')
      .orderBy('cs.start_time')
      .orderBy('s.first_name')
      .orderBy('cs.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
