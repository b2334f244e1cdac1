import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A family's rows: the client's own, each table read by the company and the client (or its students, invoices, receipts). */
export interface FamilyScope {
  companyId: number;
  clientId: number;
}

type Row = Record<string, unknown>;
const rows = (list: unknown[]) => list as Row[];

/** Where a student's picture sits in the archive (the portal keeps pictures as JPEG). */
export const pictureFile = (studentId: number) => `pictures/student-${studentId}.jpg`;

/** The tables whose every column is the family's to see, read whole by company and client. */
export const READ_WHOLE = [
  'client_custom_field_values',
  'waitlist_entries',
  'absences',
  'makeup_credits',
  'payment_plans',
  'customer_credits',
  'discount_code_uses',
  'messages',
  'message_reads',
  'notification_opt_outs',
  'barcodes',
  'deletion_requests',
  'activity_log',
  'guardians',
  'direct_debit_mandates',
  'direct_debit_collections',
  'instalment_plans',
] as const;

/**
 * Every table that holds the family's data, read whole for its export (decision 094). Secrets
 * are left out by column: the password's hash, session and link tokens, the processor's card
 * tokens, the requests a payment was made with. The tables not read at all are named, with why,
 * in family-data.service.ts (`NOT_EXPORTED`), and a test checks every table with a `client_id`
 * is one or the other.
 */
export async function readFamily(db: Db, { companyId, clientId }: FamilyScope) {
  const client = await db.selectFrom('clients').selectAll().where('company_id', '=', companyId).where('id', '=', clientId).executeTakeFirst();
  if (!client) return undefined;
  const login = await db.selectFrom('logins').select(['email', 'created_at', 'updated_at']).where('company_id', '=', companyId).where('id', '=', client.login_id).executeTakeFirst();
  const whole = async (table: (typeof READ_WHOLE)[number]) =>
    (await sql<Row>`select * from ${sql.table(table)} where company_id = ${companyId} and client_id = ${clientId} order by 1, 2, 3`.execute(db)).rows;
  const students = await db.selectFrom('students').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('id').execute();
  const studentIds = students.map((s) => s.id);
  const ofStudents = studentIds.length > 0 ? studentIds : [-1];
  const pictures = await db
    .selectFrom('student_pictures')
    .select(['student_id', 'image', 'version', 'updated_at'])
    .where('company_id', '=', companyId)
    .where('student_id', 'in', ofStudents)
    .orderBy('student_id')
    .execute();
  const invoices = await db.selectFrom('invoices').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('id').execute();
  const invoiceIds = invoices.length > 0 ? invoices.map((i) => i.id) : [-1];
  const receipts = await db.selectFrom('receipts').selectAll().where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('id').execute();
  const receiptIds = receipts.length > 0 ? receipts.map((r) => r.id) : [-1];
  const sections = {
    details: [{ ...client, sign_in_email: login?.email ?? null, sign_in_created_at: login?.created_at ?? null }],
    form_answers: await whole('client_custom_field_values'),
    students: rows(students),
    student_pictures: pictures.map(({ image: _image, ...p }) => ({ ...p, file: pictureFile(p.student_id) })),
    student_skills: rows(await db.selectFrom('student_skill_sets').selectAll().where('company_id', '=', companyId).where('student_id', 'in', ofStudents).orderBy('id').execute()),
    student_certificates: rows(await db.selectFrom('student_certificates').selectAll().where('company_id', '=', companyId).where('student_id', 'in', ofStudents).orderBy('id').execute()),
    enrolments: rows(
      await db
        .selectFrom('enrolments as e')
        .innerJoin('classes as c', (j) => j.onRef('c.id', '=', 'e.class_id').onRef('c.company_id', '=', 'e.company_id'))
        .select(['e.id', 'e.student_id', 'e.class_id', 'c.name as class_name', 'e.kind', 'e.status', 'e.start_date', 'e.end_date', 'e.hold_until', 'e.created_at'])
        .where('e.company_id', '=', companyId)
        .where('e.student_id', 'in', ofStudents)
        .orderBy('e.id')
        .execute(),
    ),
    waitlist: await whole('waitlist_entries'),
    absences: await whole('absences'),
    makeup_credits: await whole('makeup_credits'),
    bookings: rows(
      await db
        .selectFrom('bookings')
        .select([
          'id',
          'venue_id',
          'court',
          'booking_type_id',
          'date',
          'start_time',
          'end_time',
          'duration_minutes',
          'price_cents',
          'status',
          'hold_expires_at',
          'invoice_id',
          'created_at',
          'cancelled_at',
        ])
        .where('company_id', '=', companyId)
        .where('client_id', '=', clientId)
        .orderBy('id')
        .execute(),
    ),
    invoices: rows(invoices),
    invoice_lines: rows(await db.selectFrom('invoice_lines').selectAll().where('company_id', '=', companyId).where('invoice_id', 'in', invoiceIds).orderBy('id').execute()),
    receipts: rows(receipts),
    receipt_allocations: rows(await db.selectFrom('receipt_allocations').selectAll().where('company_id', '=', companyId).where('receipt_id', 'in', receiptIds).orderBy('id').execute()),
    payments: rows(
      await db
        .selectFrom('payments')
        .select(['id', 'status', 'amount_cents', 'processor', 'reference', 'created_at', 'updated_at'])
        .where('company_id', '=', companyId)
        .where('client_id', '=', clientId)
        .orderBy('id')
        .execute(),
    ),
    payment_plans: await whole('payment_plans'),
    payment_methods: rows(
      await db
        .selectFrom('payment_methods')
        .select(['id', 'kind', 'card_brand', 'card_last4', 'card_exp_month', 'card_exp_year', 'bank_format', 'account_name', 'bank_code_masked', 'account_number_masked', 'created_at', 'updated_at'])
        .where('company_id', '=', companyId)
        .where('client_id', '=', clientId)
        .execute(),
    ),
    credits: await whole('customer_credits'),
    discount_codes_used: await whole('discount_code_uses'),
    agreements_signed: rows(
      await db
        .selectFrom('agreement_signatures as s')
        .innerJoin('agreements as a', (j) => j.onRef('a.id', '=', 's.agreement_id').onRef('a.company_id', '=', 's.company_id'))
        .select(['s.id', 's.agreement_id', 'a.name as agreement', 's.version', 's.signed_at', 's.signature', 's.text_sha256', 's.ip_address', 's.user_agent'])
        .where('s.company_id', '=', companyId)
        .where('s.client_id', '=', clientId)
        .orderBy('s.id')
        .execute(),
    ),
    messages: await whole('messages'),
    messages_read: await whole('message_reads'),
    message_replies: rows(
      await db.selectFrom('message_replies').select(['id', 'message_id', 'body', 'created_at']).where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('id').execute(),
    ),
    notifications: rows(
      await db
        .selectFrom('notification_contacts as nc')
        .innerJoin('notifications as n', (j) => j.onRef('n.id', '=', 'nc.notification_id').onRef('n.company_id', '=', 'nc.company_id'))
        .select(['n.id', 'n.title', 'n.content', 'n.category', 'n.created_at', 'nc.status', 'nc.read_at'])
        .where('nc.company_id', '=', companyId)
        .where('nc.client_id', '=', clientId)
        .orderBy('n.id')
        .execute(),
    ),
    notification_settings: await whole('notification_opt_outs'),
    barcodes: await whole('barcodes'),
    sign_in_actions: rows(
      await db
        .selectFrom('sign_in_actions')
        .select(['id', 'type', 'agreement_id', 'student_id', 'created_at', 'completed_at'])
        .where('company_id', '=', companyId)
        .where('client_id', '=', clientId)
        .orderBy('id')
        .execute(),
    ),
    registrations: rows(
      await db
        .selectFrom('registrations')
        .select(['id', 'profile_id', 'email', 'email_verified_at', 'submitted_at', 'completed_at', 'created_at'])
        .where('company_id', '=', companyId)
        .where('client_id', '=', clientId)
        .orderBy('id')
        .execute(),
    ),
    calendar_feeds: rows(
      await db.selectFrom('calendar_feeds').select(['id', 'created_at', 'revoked_at']).where('company_id', '=', companyId).where('client_id', '=', clientId).orderBy('id').execute(),
    ),
  };
  return { sections, pictures: pictures.map((p) => ({ file: pictureFile(p.student_id), image: p.image })) };
}
