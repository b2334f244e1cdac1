import type { Db } from '../../db/database.ts';

const OPEN_STATUSES = ['Scheduled', 'Debit Scheduled', 'Unpaid', 'Overdue'];

/** Sessions from now on of every class the client's students are enrolled in on that date. */
function upcomingSessions(db: Db, companyId: number, clientId: number, today: string, nowTime: string) {
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
    .where('cs.company_id', '=', companyId)
    .where('cs.status', '=', 'scheduled')
    .where((eb) => eb.or([eb('cs.date', '>', today), eb.and([eb('cs.date', '=', today), eb('cs.start_time', '>=', nowTime)])]));
}

export async function findUpcomingClasses(
  db: Db,
  input: { companyId: number; clientId: number; today: string; nowTime: string; limit: number; offset: number },
) {
  const base = upcomingSessions(db, input.companyId, input.clientId, input.today, input.nowTime);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('lesson_formats as lf', (j) => j.onRef('lf.id', '=', 'c.lesson_format_id').on('lf.company_id', '=', input.companyId))
      .leftJoin('venues as v', (j) => j.onRef('v.id', '=', 'c.venue_id').on('v.company_id', '=', input.companyId))
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

export async function findOutstandingInvoices(db: Db, input: { companyId: number; clientId: number; limit: number; offset: number }) {
  const base = db
    .selectFrom('invoices')
    .where('company_id', '=', input.companyId)
    .where('client_id', '=', input.clientId)
    .where('status', 'in', OPEN_STATUSES);
  const [rows, count] = await Promise.all([
    base
      .select(['invoice_no', 'invoice_date', 'payment_date', 'total_cents', 'balance_due_cents', 'status'])
      .orderBy('payment_date')
      .orderBy('invoice_no')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
